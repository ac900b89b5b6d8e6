/**
 * A tiny TEST-ONLY game ("secret number") to exercise the generic room
 * without a real game: never registered in the shared registry.
 *
 * 2–4 players. Phase `pick`: every seat secretly picks a number 1..max
 * (simultaneous, once). Phase `reveal`: seats reveal in table order, one turn
 * each. Highest number wins (ties share). Seat views carry a marker string
 * `SEKRIT-<seat>-<n>` so tests can look for leaks in raw frames.
 */
import { ok, reject, type BaseState, type GameDefinition, type RandomSource, type Result, type Seat, randomInt, seedRng } from '@fireside/shared';

export interface SecretOptions {
  max: number;
}
export type SecretAction = { type: 'pick'; n: number } | { type: 'reveal' };
export interface SecretState extends BaseState<SecretOptions> {
  game: 'secret';
  phase: 'pick' | 'reveal' | 'over';
  picks: (number | null)[];
  revealed: boolean[];
  turn: Seat;
  winners: Seat[] | null;
}
export interface SecretPublicView {
  phase: SecretState['phase'];
  picked: boolean[];
  revealed: (number | null)[];
  turn: Seat | null;
  winners: Seat[] | null;
}
export interface SecretSeatView {
  seat: Seat;
  mine: number | null;
  marker: string | null;
}

const clone = (s: SecretState): SecretState => ({
  ...s,
  options: { ...s.options },
  rng: [...s.rng] as SecretState['rng'],
  picks: [...s.picks],
  revealed: [...s.revealed],
  winners: s.winners ? [...s.winners] : null,
});

export const secretGame: GameDefinition<SecretState, SecretAction, SecretOptions, SecretPublicView, SecretSeatView> = {
  id: 'secret',
  minPlayers: 2,
  maxPlayers: 4,
  defaultOptions: () => ({ max: 9 }),
  parseOptions(input: unknown): Result<SecretOptions> {
    if (!input || typeof input !== 'object') return reject('malformed', 'options must be an object');
    const o = input as Record<string, unknown>;
    const max = o.max ?? 9;
    if (typeof max !== 'number' || !Number.isInteger(max) || max < 2 || max > 99) return reject('malformed', 'max must be 2..99');
    if (Object.keys(o).some((k) => k !== 'max')) return reject('malformed', 'unknown option');
    return ok({ max });
  },
  parseAction(input: unknown): Result<SecretAction> {
    if (!input || typeof input !== 'object') return reject('malformed', 'an action is an object');
    const a = input as Record<string, unknown>;
    if (a.type === 'pick' && typeof a.n === 'number' && Number.isInteger(a.n)) return ok({ type: 'pick', n: a.n });
    if (a.type === 'reveal') return ok({ type: 'reveal' });
    return reject('malformed', 'unknown action');
  },
  setup(players, options, seed) {
    return {
      game: 'secret',
      players,
      options,
      rng: seedRng(seed),
      phase: 'pick',
      picks: Array(players).fill(null),
      revealed: Array(players).fill(false),
      turn: 0,
      winners: null,
    };
  },
  apply(state, seat, action) {
    if (state.phase === 'over') return reject('game-over', 'the game is over');
    if (action.type === 'pick') {
      if (state.phase !== 'pick') return reject('wrong-phase', 'picking is over');
      if (state.picks[seat] !== null) return reject('not-your-turn', 'you already picked');
      if (action.n < 1 || action.n > state.options.max) return reject('illegal', `pick 1..${state.options.max}`);
      const next = clone(state);
      next.picks[seat] = action.n;
      if (next.picks.every((p) => p !== null)) next.phase = 'reveal';
      return ok(next);
    }
    if (state.phase !== 'reveal') return reject('wrong-phase', 'not revealing yet');
    if (seat !== state.turn) return reject('not-your-turn', 'not your turn');
    const next = clone(state);
    next.revealed[seat] = true;
    next.turn = seat + 1;
    if (next.turn >= next.players) {
      next.phase = 'over';
      const best = Math.max(...(next.picks as number[]));
      next.winners = next.picks.flatMap((p, i) => (p === best ? [i] : []));
    }
    return ok(next);
  },
  publicView(s) {
    return {
      phase: s.phase,
      picked: s.picks.map((p) => p !== null),
      revealed: s.picks.map((p, i) => (s.revealed[i] ? p : null)),
      turn: s.phase === 'reveal' ? s.turn : null,
      winners: s.winners,
    };
  },
  seatView(s, seat) {
    const mine = s.picks[seat];
    return { seat, mine, marker: mine === null ? null : `SEKRIT-${seat}-${mine}` };
  },
  awaiting(s) {
    if (s.phase === 'pick') return s.picks.flatMap((p, i) => (p === null ? [i] : []));
    if (s.phase === 'reveal') return [s.turn];
    return [];
  },
  sampleAction(s, seat, rng: RandomSource) {
    if (s.phase === 'pick' && s.picks[seat] === null) return { type: 'pick', n: 1 + randomInt(rng, s.options.max) };
    if (s.phase === 'reveal' && s.turn === seat) return { type: 'reveal' };
    return null;
  },
  botAction(view, own, seat, rng) {
    if (view.phase === 'pick' && own.mine === null) {
      return { type: 'pick', n: own.seat === seat ? 1 + randomInt(rng, 9) : 1 };
    }
    if (view.phase === 'reveal' && view.turn === seat) return { type: 'reveal' };
    return null;
  },
  result(s) {
    if (s.phase !== 'over' || !s.winners) return null;
    return { winners: s.winners, scores: s.picks.map((p) => p ?? 0) };
  },
};

/** The same game, but bots always answer with an out-of-range pick (fallback test). */
export const badBotGame: typeof secretGame = {
  ...secretGame,
  id: 'secret-badbots',
  botAction(view, own, seat) {
    if (view.phase === 'pick' && own.mine === null) return { type: 'pick', n: 1000 };
    return secretGame.botAction(view, own, seat, { next: () => 0 });
  },
};

/**
 * The same game with clocks: picking may take 1 s at the relaxed pace (the
 * default; 0.5 s at normal, 0.25 s at fast), each reveal turn as long.
 */
export const timedGame: typeof secretGame = {
  ...secretGame,
  id: 'secret-timed',
  stepClock: (s) => (s.phase === 'over' ? null : { key: s.phase === 'pick' ? 'pick' : `reveal:${s.turn}`, budget: { relaxed: 1, normal: 0.5, fast: 0.25 } }),
};
