/** What the Santa table animates from its log (anims.ts): moves, the stop for Santa's choice, and presents shown as the counters reach them. */
import { describe, expect, it } from '@jest/globals';
import type { LogEntry, SantaPublicView } from '@fireside/shared/games/santa/types';
import { animsFromLog, displayedPresents, lastMoveOf } from './anims.js';

const SANTA = 0;
const move = (seat: number, from: number, path: number[]): LogEntry => ({ kind: 'move', round: 1, seat, card: 5, from, path, how: 'walk' });
const score = (seat: number, house: number, cause: 'present' | 'took-present' | 'saw-santa', delta = 1): LogEntry => ({
  kind: 'score',
  round: 1,
  seat,
  delta,
  cause,
  house,
  other: null,
});

/** The few fields of the view the animations read. */
function view(log: LogEntry[], over: Partial<SantaPublicView> = {}): SantaPublicView {
  return { log, phase: 'move', mover: null, pendingGive: null, positions: [0, 0], present: [false, false, false, false, false], ...over } as SantaPublicView;
}

describe('Santa table animations', () => {
  it('play a move with the points scored on its way, and a caption of its own for a seat that stays', () => {
    const log = [move(1, 0, [1, 2]), score(1, 2, 'saw-santa', 3), { kind: 'stay', round: 1, seat: 0, card: 1, at: 3 } as LogEntry];
    const { anims, lastMove } = animsFromLog(view(log), 0, null);
    expect(anims.map((a) => [a.kind, a.seat, a.path, a.entries.length])).toEqual([
      ['move', 1, [1, 2], 1],
      ['caption', -1, [], 1],
    ]);
    expect(lastMove).toEqual({ index: 0, upTo: 1 });
  });

  it('stop Santa where he must choose which kid takes the present, and go on from there once he has', () => {
    const log = [move(SANTA, 0, [1, 2, 3])];
    const waiting = view(log, { phase: 'give', mover: SANTA, pendingGive: { house: 2, kids: [1], rest: [3] } });
    const first = animsFromLog(waiting, 0, null);
    expect(first.anims.map((a) => [a.from, a.path])).toEqual([[0, [1, 2]]]);
    expect(first.lastMove).toEqual({ index: 0, upTo: 1 });
    // Santa chose: the kid's present and the rest of the move.
    const chosen = view([...log, score(1, 2, 'took-present')], { phase: 'move', mover: 1 });
    const rest = animsFromLog(chosen, 1, first.lastMove);
    expect(rest.anims.map((a) => [a.from, a.path, a.entries.length])).toEqual([[2, [3], 1]]);
    expect(rest.lastMove).toEqual({ index: 0, upTo: 2 });
  });

  it('a table opened in the middle of a stopped move knows how far it went', () => {
    const v = view([move(SANTA, 0, [1, 2, 3])], { positions: [2, 0] });
    expect(lastMoveOf(v)).toEqual({ index: 0, upTo: 1 });
    expect(lastMoveOf(view([]))).toBeNull();
  });

  it('show a present only once the counter leaving it gets there, and a taken one until the taker arrives', () => {
    const log = [move(SANTA, 0, [1, 2, 3]), score(SANTA, 1, 'present'), score(SANTA, 3, 'present')];
    const [santa] = animsFromLog(view(log), 0, null).anims;
    const present = [false, true, false, true, false];
    santa.reached = 1;
    expect(displayedPresents(present, [santa], santa)).toEqual([false, true, false, false, false]);
    santa.reached = 3;
    expect(displayedPresents(present, [santa], santa)).toEqual(present);
    const [kid] = animsFromLog(view([move(1, 0, [4]), score(1, 4, 'took-present')]), 0, null).anims;
    expect(displayedPresents([false, false, false, false, false], [kid], kid)).toEqual([false, false, false, false, true]);
  });
});
