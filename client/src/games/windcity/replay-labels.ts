/**
 * A replay step in words (the replay viewer's label, issue 23): "Eve played
 * card 12: East 1, North 2". Pure: the texts come through `tr` (the page's
 * t, or a test's lookup), the names are given as the table shows them.
 */
import type { WindCityAction, WindCitySeatView } from '@fireside/shared/games/windcity/types';
import { cardById } from '@fireside/shared/games/windcity/cards';
import { colOf, rowOf } from '@fireside/shared/games/windcity/board';
import type { DescribeStep } from '../replay-types.js';

const square = (sq: number): string => `${'ABCDEFGH'[colOf(sq)] ?? '?'}${rowOf(sq) + 1}`;

export const describeStep: DescribeStep = ({ action, seat, names, mine }, tr) => {
  const a = action as WindCityAction;
  const name = names[seat] ?? `#${seat + 1}`;
  const k = (key: string, vars: Record<string, unknown> = {}) => tr(`windcity.replay.${key}`, { name, ...vars });
  switch (a.type) {
    case 'hurricane':
      return k('hurricane', { col: 'ABCDEFGH'[a.col] ?? '?' });
    case 'place':
      return k('place', { square: square(a.square) });
    case 'plan': {
      // The card was the player's secret before the act: their own view of the step before says it.
      const id = (mine as WindCitySeatView | null)?.card;
      if (!id) return k('planned');
      const card = cardById(id);
      const steps = a.actions.map((i) => {
        const c = card.actions[i];
        return !c ? '?' : c.kind === 'kauf' ? tr('windcity.action.kauf') : tr(`windcity.action.${c.dir}`, { n: c.distance });
      });
      return k('plan', { card: id, actions: steps.join(tr('windcity.replay.sep')) });
    }
    case 'renew':
      return a.squares.length ? k('renew', { count: a.squares.length }) : k('renewNone');
    case 'ask':
      return k('ask', { count: a.squares.length });
    case 'pass':
      return k('pass');
    case 'answer':
      return k(a.accept ? 'accept' : 'decline', { buyer: names[a.buyer] ?? `#${a.buyer + 1}` });
    case 'kauf':
      return k('kauf', { square: square(a.square) });
  }
};
