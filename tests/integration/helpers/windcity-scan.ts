/**
 * Hidden-information checks of Wind City over the raw frames recorded by
 * RecordingWebSocket (see tests/integration/windcity.leak.test.ts), with the
 * server's own truth recorded by `spyEngine` (a transparent wrapper of the
 * engine served to the room: it forwards every call unchanged and only keeps
 * a copy of what the engine produced — the seed, the draw piles, the
 * generator states, each turn's card and plan, each market's requests and
 * their answers).
 *
 * Why searching the raw bytes is sound: see the comment at the top of
 * leak-scan.ts (schema strings and msgpack strings are written inline as
 * UTF-8, whole, uncompressed). Every check below runs on the latin1 text of
 * each frame, after turning `\"` into `"` so that a JSON text smuggled inside
 * another JSON string is found as well.
 *
 * Wind City's secrets and how each is found in a frame:
 *  - a seat view (`secret`) always begins with `{"seat":N,` — nothing public
 *    does (acts and turn records begin with `{"turn":`, log entries with
 *    `{"kind":`): any `{"seat":N` in a frame of a client other than seat N
 *    is a leak, whatever the rest of it says;
 *  - the drawn card and the plan: a seat view writes them side by side,
 *    `"card":C,"plan":null` (drawn, not planned yet) or `"card":C,"plan":[…]`.
 *    The public view writes the same pair only once it is revealed (the act
 *    and the log's `reveal` entry). Every such pair in a frame must be one
 *    this client legitimately knows by then: one its decoded public view
 *    reveals (after this frame), or its own seat view's;
 *  - insurance requests: `{"buyer":B,"squares":[…],"price":P,"answer":…}` is
 *    the request's own shape (the public `accepted` list has no `answer`);
 *    found in a frame of any client but the buyer and the seller of that
 *    turn's market (per the server's truth), it is a leak. So is any
 *    `"answer":`, `"myRequest":{` or `"requests":[{` in a frame after which
 *    the client's own seat view holds none;
 *  - the draw pile order (any remaining pile of 5+ cards, as a JSON array),
 *    the generator words, the seed, and the keys "drawPile", "rng", "seed"
 *    never appear; nor does any run of 32+ hex digits (server seeds are hex).
 * The decoded public views are checked structurally against the truth: no
 * reveal of this turn's card or plan before the act, every revealed card and
 * plan the real one, no request fields, accepted insurance only for requests
 * the seller really accepted (declined ones never), no key beyond the
 * documented WindCityPublicView.
 */
import { keyPattern, type ClientLog } from './leak-scan.js';

// ---------------------------------------------------------------------------
// The server's truth

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

// ---------------------------------------------------------------------------
// Text helpers

/** The JSON object or array starting at `at` ('{' or '['), or null if it does not end inside `text`. */
export function jsonAt(text: string, at: number): string | null {
  let depth = 0;
  let inString = false;
  for (let i = at; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return text.slice(at, i + 1);
    }
  }
  return null;
}

/** A frame's text as checked: latin1 (bytes = chars; the JSON here is ASCII), with `\"` turned into `"`. */
export function frameText(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  return text.includes('\\"') ? text.replace(/\\"/g, '"') : text;
}

const SEAT_VIEW = /\{"seat":(\d+)/g;
const CARD_PLAN = /"card":(\d+),"plan":(null|\[[\d,]*\])/g;
const REQUEST = /\{"buyer":(\d+),"squares":(\[[\d,]*\]),"price":(\d+),"answer":(null|"accepted"|"declined")\}/g;
const INT_ARRAY = /\[\d+(?:,\d+){4,}\]/g;
const LONG_INT = /\d{7,}/g;
const FORBIDDEN: { pattern: RegExp; what: string }[] = [
  { pattern: keyPattern('drawPile'), what: 'the drawPile key (draw pile order)' },
  { pattern: keyPattern('rng'), what: 'the rng key (generator state)' },
  { pattern: keyPattern('seed', 'i'), what: 'a seed key' },
  { pattern: /[0-9a-f]{32,}/i, what: 'a long hex string (a seed?)' },
];

// ---------------------------------------------------------------------------
// Decoded public views

// prettier-ignore
const PUBLIC_KEYS = [
  'game', 'players', 'options', 'phase', 'hurricane', 'houses', 'stock', 'coins', 'out', 'outTurn', 'placer', 'placed',
  'sections', 'quota', 'beachMax', 'active', 'turn', 'drawPileSize', 'discard', 'hasCard', 'planned', 'renewed',
  'market', 'act', 'records', 'log', 'points', 'winners', 'places',
].sort();
const NEVER_KEYS = new Set(['drawPile', 'rng', 'seed', 'requests', 'myRequest', 'answer']);
const SECRET_PHASES = new Set(['plan', 'renew', 'market']);

const pairKey = (card: number, plan: unknown) => `"card":${card},"plan":${JSON.stringify(plan)}`;
const reqKey = (r: { buyer: number; squares: number[]; price: number }) => `${r.buyer}|${JSON.stringify(r.squares)}|${r.price}`;

interface ViewInfo {
  turn: number;
  phase: string;
  active: number;
  /** Card/plan pairs this view reveals (its act, its log's reveal entries). */
  pairs: string[];
}

/** Structural checks of one decoded public view, against the server's truth. */
export function checkWindCityView(v: any, truth: MatchTruth, where: string): string[] {
  const problems: string[] = [];
  const bad = (m: string) => problems.push(`${where} (turn ${v?.turn}, ${v?.phase}): ${m}`);
  const keys = Object.keys(v).sort();
  if (JSON.stringify(keys) !== JSON.stringify(PUBLIC_KEYS)) {
    bad(`keys beyond the public view: ${keys.filter((k) => !PUBLIC_KEYS.includes(k)).join(', ') || '(missing some)'}`);
  }
  // No secret field anywhere; "card"/"plan" only where the act and the log reveal them.
  const walk = (x: unknown, path: string): void => {
    if (x === null || typeof x !== 'object') return;
    if (Array.isArray(x)) return x.forEach((y, i) => walk(y, `${path}[${i}]`));
    for (const [k, y] of Object.entries(x)) {
      const p = `${path}.${k}`;
      if (NEVER_KEYS.has(k)) bad(`the key "${k}" at ${p}`);
      if (k === 'card' || k === 'plan') {
        const okAct = path === '$.act';
        const entry = x as { kind?: string };
        const okLog = /^\$\.log\[\d+\]$/.test(path) && (entry.kind === 'reveal' || (k === 'card' && entry.kind === 'bankrupt'));
        if (!okAct && !okLog) bad(`"${k}" at ${p}`);
      }
      walk(y, p);
    }
  };
  walk(v, '$');

  const T: number = v.turn;
  const secretPhase = SECRET_PHASES.has(v.phase);
  if (typeof v.hasCard !== 'boolean' || typeof v.planned !== 'boolean') bad('hasCard/planned are not plain booleans');
  // The act and the reveals: this turn's only after the market, each one the real card and plan.
  const revealed = (t: number, card: number, plan: unknown, what: string) => {
    if (t > T || (t === T && secretPhase)) bad(`${what} of turn ${t} is public before the act`);
    const real = truth.turns.get(t);
    if (!real) bad(`${what} of turn ${t}: no such turn on the server`);
    else if (real.card !== card || JSON.stringify(real.plan) !== JSON.stringify(plan)) {
      bad(`${what} of turn ${t} shows card ${card} plan ${JSON.stringify(plan)}, the server had ${real.card} ${JSON.stringify(real.plan)}`);
    }
  };
  if (v.act) revealed(v.act.turn, v.act.card, v.act.plan, 'the act');
  const accepted = (turn: number, a: { buyer: number; squares: number[]; price: number }, what: string) => {
    const r = truth.turns.get(turn)?.requests.get(a.buyer);
    if (!r || r.answer !== 'accepted' || reqKey(r) !== reqKey(a))
      bad(`${what} of turn ${turn} (buyer ${a.buyer}) the seller did not accept: ${JSON.stringify(a)}`);
    else if (r.acceptedAtLog === undefined || (v.log ?? []).length <= r.acceptedAtLog)
      bad(`${what} of turn ${turn} (buyer ${a.buyer}) shown before the seller accepted`);
  };
  for (const e of v.log ?? []) {
    if (e.kind === 'reveal') revealed(e.turn, e.card, e.plan, 'a reveal');
    if (e.kind === 'insured') accepted(e.turn, e, 'an insured entry');
  }
  // The market: the seller, the buyers it opened with, and only what was accepted
  // (nothing about who asked, passed or was declined).
  if (v.market) {
    const mk = Object.keys(v.market).sort().join(',');
    if (mk !== 'accepted,buyers,seller') bad(`market keys ${mk}`);
    if (!Array.isArray(v.market.buyers) || v.market.buyers.includes(v.market.seller)) bad(`market buyers ${JSON.stringify(v.market.buyers)}`);
    // (A closed market stays in the state while a Kauf of the act waits for its square.)
    if (v.phase !== 'market' && v.phase !== 'kauf') bad('a market outside the market phase');
    const real = truth.turns.get(T);
    for (const a of v.market.accepted ?? []) {
      if (Object.keys(a).sort().join(',') !== 'buyer,price,squares') bad(`accepted entry keys ${Object.keys(a)}`);
      accepted(T, a, 'accepted insurance');
    }
    if ((v.market.accepted ?? []).length > (real?.requests.size ?? 0)) bad(`more accepted insurance than requests`);
  }
  return problems;
}

function infoOf(v: any): ViewInfo {
  const pairs: string[] = [];
  if (v.act) pairs.push(pairKey(v.act.card, v.act.plan));
  for (const e of v.log ?? []) if (e.kind === 'reveal') pairs.push(pairKey(e.card, e.plan));
  return { turn: v.turn, phase: v.phase, active: v.active, pairs };
}

// ---------------------------------------------------------------------------
// The scan

export interface WindCityScanReport {
  problems: string[];
  /** Owner-side controls that failed (must be empty). */
  missingPositives: string[];
  stats: {
    clients: number;
    frames: number;
    bytes: number;
    viewsChecked: number;
    secretValues: number;
    cardPlanPairsSeen: number;
    requestsSeen: number;
    turns: number;
    requests: number;
    accepted: number;
    declined: number;
  };
}

/**
 * `coverUpToTurn`: check that the owners saw the server's secrets of turns up
 * to this one only (a recording stopped in the middle of a turn).
 */
export function scanWindCity(clients: ClientLog[], truth: MatchTruth, coverUpToTurn = Infinity): WindCityScanReport {
  const problems: string[] = [];
  const missingPositives: string[] = [];
  const stats = {
    clients: clients.length,
    frames: 0,
    bytes: 0,
    viewsChecked: 0,
    secretValues: 0,
    cardPlanPairsSeen: 0,
    requestsSeen: 0,
    turns: 0,
    requests: 0,
    accepted: 0,
    declined: 0,
  };
  const views = new Map<string, ViewInfo>();
  const seedBuf = Buffer.from(truth.seed, 'utf8');
  const add = (c: ClientLog, f: { seq: number }, m: string) => problems.push(`${c.label} frame ${f.seq} ${m}`);

  for (const c of clients) {
    const s = c.seat;
    const allowedPairs = new Set<string>();
    // Owner-side evidence, for the positive controls.
    const decodedSecrets = new Set<string>();
    const wireSeatViews = new Set<string>();
    const wireRequests = new Set<string>();
    let lastView = '';
    let info: ViewInfo | null = null;
    for (const f of c.frames) {
      stats.frames++;
      stats.bytes += f.bytes.length;
      if (f.viewAfter && f.viewAfter !== lastView) {
        lastView = f.viewAfter;
        let vi = views.get(f.viewAfter);
        if (!vi) {
          const v = JSON.parse(f.viewAfter);
          vi = infoOf(v);
          views.set(f.viewAfter, vi);
          stats.viewsChecked++;
          problems.push(...checkWindCityView(v, truth, `${c.label} frame ${f.seq}`));
        }
        info = vi;
        for (const p of vi.pairs) allowedPairs.add(p);
      }
      let own: any = null;
      for (const [seat, secret] of Object.entries(f.secretsAfter ?? {})) {
        if (Number(seat) !== s) {
          add(c, f, `decoded the secret of seat ${seat}`);
          continue;
        }
        own = JSON.parse(secret);
        decodedSecrets.add(secret);
        if (own.card !== null) allowedPairs.add(pairKey(own.card, own.plan));
      }
      const ownText = own ? JSON.stringify(own) : '';

      if (f.bytes.includes(seedBuf)) add(c, f, 'contains the match seed');
      const text = frameText(f.bytes);
      for (const { pattern, what } of FORBIDDEN) {
        const m = pattern.exec(text);
        if (m) add(c, f, `contains ${what}: …${text.slice(Math.max(0, m.index - 40), m.index + 60)}…`);
      }
      for (const m of text.matchAll(INT_ARRAY)) if (truth.piles.has(m[0])) add(c, f, `contains a draw pile ${m[0]}`);
      for (const m of text.matchAll(LONG_INT)) if (truth.rngWords.has(m[0])) add(c, f, `contains a generator word ${m[0]}`);

      // Seat views: only the seat's own.
      for (const m of text.matchAll(SEAT_VIEW)) {
        const owner = Number(m[1]);
        const body = jsonAt(text, m.index!) ?? text.slice(m.index!, m.index! + 120);
        if (owner !== s) add(c, f, `carries seat ${owner}'s seat view: ${body.slice(0, 200)}`);
        else wireSeatViews.add(body);
      }
      // Drawn cards and plans: revealed ones and the client's own only.
      for (const m of text.matchAll(CARD_PLAN)) {
        stats.cardPlanPairsSeen++;
        if (!allowedPairs.has(m[0])) add(c, f, `carries an unrevealed card and plan (${m[0]}) at turn ${info?.turn} (${info?.phase})`);
      }
      // Requests: their buyer and that turn's seller only.
      for (const m of text.matchAll(REQUEST)) {
        stats.requestsSeen++;
        const buyer = Number(m[1]);
        const key = `${buyer}|${m[2]}|${m[3]}`;
        if (buyer === s) {
          wireRequests.add(m[0]);
          continue;
        }
        const t = info ? truth.turns.get(info.turn) : undefined;
        const real = t?.requests.get(buyer);
        // (The seller's seat view keeps the market's requests until its turn ends: a Kauf of the act may wait.)
        if (s !== null && t && t.seat === s && real && reqKey(real) === key) {
          wireRequests.add(m[0]);
          continue;
        }
        add(c, f, `carries seat ${buyer}'s insurance request ${m[0]} at turn ${info?.turn} (${info?.phase})`);
      }
      // The request fields at all: only while this client's own seat view holds them.
      if (text.includes('"answer":') && !ownText.includes('"answer":')) add(c, f, 'contains a request answer its own seat view does not hold');
      if (text.includes('"myRequest":{') && !(own && own.myRequest)) add(c, f, 'contains a request (myRequest) that is not its own');
      // In JSON (a seat view), or as a part of the public view, which must have no such key (leak-scan.ts keyPattern).
      const requestsInView = keyPattern('requests').test(text.replaceAll('"requests":[]', ''));
      if ((text.includes('"requests":[{') || requestsInView) && !(own && own.requests.length)) add(c, f, 'contains requests it does not sell');
      if (s === null && (text.includes('"myRequest"') || text.includes('"requests"'))) add(c, f, 'is a spectator frame with a seat view field');
    }

    // Positive controls: what the seat decoded was on its own wire, whole.
    if (s !== null) {
      stats.secretValues += decodedSecrets.size;
      for (const secret of decodedSecrets) {
        // (What makes the `{"seat":N` search cover every seat view.)
        if (!secret.startsWith(`{"seat":${s},`)) missingPositives.push(`${c.label}: its secret does not begin with {"seat":${s}, : ${secret}`);
        if (!wireSeatViews.has(secret)) missingPositives.push(`${c.label}: its secret ${secret} is not whole in its frames`);
        const sv = JSON.parse(secret);
        if (sv.myRequest && !wireRequests.has(JSON.stringify(sv.myRequest)))
          missingPositives.push(`${c.label}: its myRequest ${JSON.stringify(sv.myRequest)} not in its frames`);
        if (sv.requests.length && ![...wireSeatViews].some((w) => w.includes(`"requests":${JSON.stringify(sv.requests)}`))) {
          missingPositives.push(`${c.label}: its requests ${JSON.stringify(sv.requests)} not in its frames`);
        }
      }
    }
  }

  // Coverage against the server: every secret was seen by its owners.
  const seatSecrets = new Map<number, any[]>();
  for (const c of clients) {
    if (c.seat === null) continue;
    const list: any[] = [];
    let lastSecret = '';
    for (const f of c.frames) {
      const sec = f.secretsAfter?.[c.seat];
      if (sec && sec !== lastSecret) list.push(JSON.parse((lastSecret = sec)));
    }
    seatSecrets.set(c.seat, list);
  }
  for (const t of truth.turns.values()) {
    if (t.turn > coverUpToTurn) continue;
    stats.turns++;
    const mine = seatSecrets.get(t.seat) ?? [];
    if (t.card !== null && !mine.some((sv) => sv.card === t.card && sv.plan === null))
      missingPositives.push(`turn ${t.turn}: seat ${t.seat} never saw its card ${t.card}`);
    if (t.plan !== null && !mine.some((sv) => sv.card === t.card && JSON.stringify(sv.plan) === JSON.stringify(t.plan))) {
      missingPositives.push(`turn ${t.turn}: seat ${t.seat} never saw its plan ${JSON.stringify(t.plan)}`);
    }
    for (const r of t.requests.values()) {
      stats.requests++;
      if (r.answer === 'accepted') stats.accepted++;
      if (r.answer === 'declined') stats.declined++;
      const same = (x: any) => x && reqKey(x) === reqKey(r);
      if (!(seatSecrets.get(r.buyer) ?? []).some((sv) => same(sv.myRequest))) missingPositives.push(`turn ${t.turn}: buyer ${r.buyer} never saw its request`);
      if (!mine.some((sv) => sv.requests.some(same))) missingPositives.push(`turn ${t.turn}: seller ${t.seat} never saw seat ${r.buyer}'s request`);
    }
  }
  return { problems, missingPositives, stats };
}
