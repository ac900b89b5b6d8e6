/**
 * A replay step in words (the replay viewer's label, issue 23): "Bob gave 3
 * gifts". Pure: the texts come through `tr`, the names are given as the
 * table shows them.
 */
import type { GiftTrapAction } from '@fireside/shared/games/gifttrap/types';
import type { DescribeStep } from '../replay-types.js';

export const describeStep: DescribeStep = ({ action, seat, names }, tr) => {
  const a = action as GiftTrapAction;
  const who = (s: number) => names[s] ?? `#${s + 1}`;
  const k = (key: string, vars: Record<string, unknown> = {}) => tr(`gifttrap.replay.${key}`, { name: who(seat), ...vars });
  switch (a.type) {
    case 'chooseTier':
      return k('tier', { tier: tr(`gifttrap.tierShort.${a.tier}`) });
    case 'flip':
      return k('flip', { slot: a.slot + 1 });
    case 'confirmLayout':
      return k('layout');
    case 'give':
      return k('give', { count: a.tiles.length });
    case 'want':
      return k('want');
    case 'open':
      return k('open', { from: who(a.from) });
  }
};
