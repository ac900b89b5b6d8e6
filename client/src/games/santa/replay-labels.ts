/**
 * A replay step in words (the replay viewer's label, issue 23): "Santa moved
 * to the Bakery". Pure: the texts come through `tr`, the names are given as
 * the table shows them.
 */
import type { SantaAction, SantaPublicView } from '@fireside/shared/games/santa/types';
import { cardName } from '@fireside/shared/games/santa/queries';
import { getTown } from '@fireside/shared/games/santa/town';
import type { DescribeStep } from '../replay-types.js';

export const describeStep: DescribeStep = ({ action, seat, names, before, lang }, tr) => {
  const a = action as SantaAction;
  const v = before as SantaPublicView;
  const who = (s: number) => names[s] ?? `#${s + 1}`;
  const houses = getTown(v.town).houses;
  const house = (id: number | undefined) => {
    const h = id === undefined ? undefined : houses[id];
    return h ? `${h.label} · ${h.name[lang as 'en'] ?? h.name.en}` : '?';
  };
  const k = (key: string, vars: Record<string, unknown> = {}) => tr(`santa.replay.${key}`, { name: who(seat), ...vars });
  switch (a.type) {
    case 'away':
      return k('away', { house: house(a.house) });
    case 'start':
      return k('start', { house: house(a.house) });
    case 'pick':
      return k('pick', { card: cardName(a.card) });
    case 'chooser':
      return k('chooser', { other: who(a.seat) });
    case 'order':
      return k('order', { order: a.order.map(who).join(tr('santa.replay.sep')) });
    case 'move':
      return k(a.path.length === 1 ? 'moveOne' : 'move', { house: house(a.path[a.path.length - 1]), count: a.path.length });
    case 'give':
      return k('give', { kid: who(a.kid) });
  }
};
