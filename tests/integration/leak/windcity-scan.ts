/**
 * Wind City's part of the leak scan (scan.ts has the loop and the reasoning),
 * with the server's own truth recorded by `spyEngine` (windcity-truth.ts).
 * Every check below runs on each frame's text with `\"` turned into `"`
 * (scan.ts `frameText`), so a JSON text smuggled inside another JSON string is
 * found as well.
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
 *    the generator words, the seed itself, and the "drawPile" key never appear.
 * The decoded public views are checked structurally against the truth: no
 * reveal of this turn's card or plan before the act, every revealed card and
 * plan the real one, no request fields, accepted insurance only for requests
 * the seller really accepted (declined ones never), no key beyond the
 * documented WindCityPublicView.
 * Positive controls: each value a seat decoded is whole in its own frames,
 * its `myRequest` in the buyer's frames and its `requests` in the seller's;
 * the server's every card, plan and request was seen by its owners.
 */
import { keyPattern, newReport, scanFrames, type ClientChecks, type ClientLog, type ScanReport } from './scan.js';
import type { MatchTruth } from './windcity-truth.js';
import { SEAT_VIEW_KEYS } from './seat-views.js';

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

const SEAT_VIEW = /\{"seat":(\d+)/g;
const CARD_PLAN = /"card":(\d+),"plan":(null|\[[\d,]*\])/g;
const REQUEST = /\{"buyer":(\d+),"squares":(\[[\d,]*\]),"price":(\d+),"answer":(null|"accepted"|"declined")\}/g;
const INT_ARRAY = /\[\d+(?:,\d+){4,}\]/g;
const LONG_INT = /\d{7,}/g;

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

interface WindCityOwnSide {
  /** Owner-side evidence, for the positive controls. */
  decodedSecrets: Set<string>;
  wireSeatViews: Set<string>;
  wireRequests: Set<string>;
}

/** Requests in a frame: their buyer and that turn's seller only. */
function checkRequests(
  text: string,
  s: number | null,
  info: ViewInfo | null,
  truth: MatchTruth,
  mine: WindCityOwnSide,
  add: (m: string) => void,
  report: ScanReport,
): void {
  for (const m of text.matchAll(REQUEST)) {
    report.stats.requestsSeen++;
    const buyer = Number(m[1]);
    const key = `${buyer}|${m[2]}|${m[3]}`;
    if (buyer === s) {
      mine.wireRequests.add(m[0]);
      continue;
    }
    const t = info ? truth.turns.get(info.turn) : undefined;
    const real = t?.requests.get(buyer);
    // (The seller's seat view keeps the market's requests until its turn ends: a Kauf of the act may wait.)
    if (s !== null && t && t.seat === s && real && reqKey(real) === key) {
      mine.wireRequests.add(m[0]);
      continue;
    }
    add(`carries seat ${buyer}'s insurance request ${m[0]} at turn ${info?.turn} (${info?.phase})`);
  }
}

/** The request fields at all: only while this client's own seat view holds them. */
function checkRequestFields(text: string, s: number | null, own: any, add: (m: string) => void): void {
  const ownText = own ? JSON.stringify(own) : '';
  if (text.includes('"answer":') && !ownText.includes('"answer":')) add('contains a request answer its own seat view does not hold');
  if (text.includes('"myRequest":{') && !(own && own.myRequest)) add('contains a request (myRequest) that is not its own');
  // In JSON (a seat view), or as a part of the public view, which must have no such key (scan.ts keyPattern).
  const requestsInView = keyPattern('requests').test(text.replaceAll('"requests":[]', ''));
  if ((text.includes('"requests":[{') || requestsInView) && !(own && own.requests.length)) add('contains requests it does not sell');
  if (s === null && (text.includes('"myRequest"') || text.includes('"requests"'))) add('is a spectator frame with a seat view field');
}

/** The draw pile, the generator, the seed; and seat views: only the seat's own. */
function checkServerSecrets(bytes: Buffer, text: string, s: number | null, truth: MatchTruth, mine: WindCityOwnSide, add: (m: string) => void): void {
  if (bytes.includes(Buffer.from(truth.seed, 'utf8'))) add('contains the match seed');
  for (const m of text.matchAll(INT_ARRAY)) if (truth.piles.has(m[0])) add(`contains a draw pile ${m[0]}`);
  for (const m of text.matchAll(LONG_INT)) if (truth.rngWords.has(m[0])) add(`contains a generator word ${m[0]}`);
  for (const m of text.matchAll(SEAT_VIEW)) {
    const owner = Number(m[1]);
    const body = jsonAt(text, m.index!) ?? text.slice(m.index!, m.index! + 120);
    if (owner !== s) add(`carries seat ${owner}'s seat view: ${body.slice(0, 200)}`);
    else mine.wireSeatViews.add(body);
  }
}

/** Positive controls: what the seat decoded was on its own wire, whole. */
function ownerControls(c: ClientLog, mine: WindCityOwnSide, report: ScanReport): void {
  const s = c.seat;
  if (s === null) return;
  report.stats.secretValues += mine.decodedSecrets.size;
  const miss = (m: string) => report.missingPositives.push(`${c.label}: ${m}`);
  for (const secret of mine.decodedSecrets) {
    // (What makes the `{"seat":N` search cover every seat view.)
    if (!secret.startsWith(`{"seat":${s},`)) miss(`its secret does not begin with {"seat":${s}, : ${secret}`);
    if (!mine.wireSeatViews.has(secret)) miss(`its secret ${secret} is not whole in its frames`);
    const sv = JSON.parse(secret);
    if (sv.myRequest && !mine.wireRequests.has(JSON.stringify(sv.myRequest))) miss(`its myRequest ${JSON.stringify(sv.myRequest)} not in its frames`);
    if (sv.requests.length && ![...mine.wireSeatViews].some((w) => w.includes(`"requests":${JSON.stringify(sv.requests)}`))) {
      miss(`its requests ${JSON.stringify(sv.requests)} not in its frames`);
    }
  }
}

/** One client's checks; `views` holds every distinct view any client decoded, checked once. */
function windCityClient(c: ClientLog, truth: MatchTruth, views: Map<string, ViewInfo>, report: ScanReport): ClientChecks {
  const s = c.seat;
  const allowedPairs = new Set<string>();
  const mine: WindCityOwnSide = { decodedSecrets: new Set(), wireSeatViews: new Set(), wireRequests: new Set() };
  let info: ViewInfo | null = null;
  return {
    view(text, where) {
      let vi = views.get(text);
      if (!vi) {
        const v = JSON.parse(text);
        vi = infoOf(v);
        views.set(text, vi);
        report.stats.distinctViews++;
        report.problems.push(...checkWindCityView(v, truth, where));
      }
      info = vi;
      for (const p of vi.pairs) allowedPairs.add(p);
    },
    frame(f, text, where, ownText) {
      const add = (m: string) => report.problems.push(`${where} ${m}`);
      const own = ownText ? JSON.parse(ownText) : null;
      if (ownText) mine.decodedSecrets.add(ownText);
      if (own && own.card !== null) allowedPairs.add(pairKey(own.card, own.plan));
      checkServerSecrets(f.bytes, text, s, truth, mine, add);
      // Drawn cards and plans: revealed ones and the client's own only.
      for (const m of text.matchAll(CARD_PLAN)) {
        report.stats.cardPlanPairsSeen++;
        if (!allowedPairs.has(m[0])) add(`carries an unrevealed card and plan (${m[0]}) at turn ${info?.turn} (${info?.phase})`);
      }
      checkRequests(text, s, info, truth, mine, add, report);
      checkRequestFields(text, s, own, add);
    },
    end: () => ownerControls(c, mine, report),
  };
}

/** Every distinct seat view each seated client decoded, in order. */
function seatViewsOf(clients: ClientLog[]): Map<number, any[]> {
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
  return seatSecrets;
}

/** Coverage against the server: every secret was seen by its owners. */
function serverControls(clients: ClientLog[], truth: MatchTruth, coverUpToTurn: number, report: ScanReport): void {
  const seatSecrets = seatViewsOf(clients);
  const { stats, missingPositives: miss } = report;
  for (const t of truth.turns.values()) {
    if (t.turn > coverUpToTurn) continue;
    stats.turns++;
    const mine = seatSecrets.get(t.seat) ?? [];
    if (t.card !== null && !mine.some((sv) => sv.card === t.card && sv.plan === null)) miss.push(`turn ${t.turn}: seat ${t.seat} never saw its card ${t.card}`);
    if (t.plan !== null && !mine.some((sv) => sv.card === t.card && JSON.stringify(sv.plan) === JSON.stringify(t.plan))) {
      miss.push(`turn ${t.turn}: seat ${t.seat} never saw its plan ${JSON.stringify(t.plan)}`);
    }
    for (const r of t.requests.values()) {
      stats.requests++;
      if (r.answer === 'accepted') stats.accepted++;
      if (r.answer === 'declined') stats.declined++;
      const same = (x: any) => x && reqKey(x) === reqKey(r);
      if (!(seatSecrets.get(r.buyer) ?? []).some((sv) => same(sv.myRequest))) miss.push(`turn ${t.turn}: buyer ${r.buyer} never saw its request`);
      if (!mine.some((sv) => sv.requests.some(same))) miss.push(`turn ${t.turn}: seller ${t.seat} never saw seat ${r.buyer}'s request`);
    }
  }
}

/**
 * Runs every check over the recorded clients of one Wind City match.
 * `coverUpToTurn`: check that the owners saw the server's secrets of turns up
 * to this one only (a recording stopped in the middle of a turn).
 */
export function scanWindCity(clients: ClientLog[], truth: MatchTruth, coverUpToTurn = Infinity): ScanReport {
  const counts = ['distinctViews', 'secretValues', 'cardPlanPairsSeen', 'requestsSeen', 'turns', 'requests', 'accepted', 'declined'];
  const report = newReport(clients.length, counts);
  const views = new Map<string, ViewInfo>();
  const game = {
    seatViewKeys: SEAT_VIEW_KEYS.windcity,
    forbidden: [{ pattern: keyPattern('drawPile'), what: 'the drawPile key (draw pile order)' }],
    needles: [],
    client: (c: ClientLog) => windCityClient(c, truth, views, report),
  };
  scanFrames(clients, game, report);
  serverControls(clients, truth, coverUpToTurn, report);
  return report;
}
