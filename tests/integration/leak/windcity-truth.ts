/**
 * Wind City's server-side truth for the leak scan: `spyEngine` is a
 * transparent wrapper of the engine served to the room (it forwards every
 * call unchanged and only keeps a copy of what the engine produced — the
 * seed, the draw piles, the generator states, each turn's card and plan, each
 * market's requests and their answers). The scan (windcity-scan.ts) checks
 * the frames against it.
 */

export interface RequestTruth {
  buyer: number;
  squares: number[];
  price: number;
  answer: 'accepted' | 'declined' | null;
  /**
   * The log's length just before the seller accepted: the log only grows, and
   * asking or passing adds nothing to it, so every public view made before the
   * acceptance has at most this many entries.
   */
  acceptedAtLog?: number;
}

export interface TurnTruth {
  turn: number;
  seat: number;
  card: number | null;
  plan: number[] | null;
  /** By buyer. */
  requests: Map<number, RequestTruth>;
  /** The room's timer closed this market. */
  expired: boolean;
}

export interface MatchTruth {
  seed: string;
  players: number;
  turns: Map<number, TurnTruth>;
  /** Every remaining draw pile of 5+ cards, as JSON. */
  piles: Set<string>;
  /** Every generator word (decimal) and state (JSON). */
  rngWords: Set<string>;
  rngStates: Set<string>;
  states: number;
}

/** A transparent wrapper of a Wind City definition that records the server's truth of each match. */
export function spyEngine(real: any): { game: any; matches: MatchTruth[] } {
  const matches: MatchTruth[] = [];
  const matchOf = new WeakMap<object, MatchTruth>();
  const turnOf = (m: MatchTruth, s: any): TurnTruth => {
    let t = m.turns.get(s.turn);
    if (!t) {
      t = { turn: s.turn, seat: s.active, card: null, plan: null, requests: new Map(), expired: false };
      m.turns.set(s.turn, t);
    }
    return t;
  };
  const observe = (m: MatchTruth, s: any) => {
    matchOf.set(s, m);
    m.states++;
    if (s.drawPile.length >= 5) m.piles.add(JSON.stringify(s.drawPile));
    m.rngStates.add(JSON.stringify(s.rng));
    for (const w of s.rng as number[]) m.rngWords.add(String(w));
    if (['plan', 'renew', 'market', 'kauf'].includes(s.phase)) {
      const t = turnOf(m, s);
      if (s.card !== null) t.card = s.card;
      if (s.plan !== null) t.plan = s.plan.slice();
      for (const r of s.market?.requests ?? []) {
        const known = t.requests.get(r.buyer);
        t.requests.set(r.buyer, { ...known, buyer: r.buyer, squares: r.squares.slice(), price: r.price, answer: r.answer ?? known?.answer ?? null });
      }
    }
  };
  const game = {
    ...real,
    setup(players: number, options: unknown, seed: string) {
      const s = real.setup(players, options, seed);
      const m: MatchTruth = { seed, players, turns: new Map(), piles: new Set(), rngWords: new Set(), rngStates: new Set(), states: 0 };
      matches.push(m);
      observe(m, s);
      return s;
    },
    apply(state: any, seat: number, action: any) {
      const res = real.apply(state, seat, action);
      const m = matchOf.get(state);
      if (m && res.ok) {
        if (action?.type === 'answer' && state.phase === 'market') {
          const r = turnOf(m, state).requests.get(action.buyer);
          if (r && r.answer === null) r.answer = action.accept ? 'accepted' : 'declined';
          if (r && action.accept) r.acceptedAtLog = state.log.length;
        }
        observe(m, res.value);
      }
      return res;
    },
    expire(state: any) {
      const next = real.expire(state);
      const m = matchOf.get(state);
      if (m && state.phase === 'market') {
        const t = turnOf(m, state);
        t.expired = true;
        for (const r of t.requests.values()) if (r.answer === null) r.answer = 'declined';
      }
      if (m) observe(m, next);
      return next;
    },
  };
  return { game, matches };
}
