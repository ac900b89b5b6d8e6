/**
 * Gift Trap's part of the leak scan (scan.ts has the loop and the reasoning).
 * Secrets: each seat's gift assignment (`myGifts`) and wants (`myWants`), until
 * its reveal turn shows them; the deck order (a card before it is laid out).
 * Beyond the generic checks, this proves:
 *  - every `myGifts` array and every `myWants` object a seat ever had is in no
 *    frame of another client, except wants the public view has already
 *    revealed to that client (their reveal turn has begun, or a finished
 *    round in the history) — and each IS in its owner's frames;
 *  - no frame contains the "decks", "gifts" or "revealIndex" key, nor names a
 *    card before it is laid out;
 *  - every public view a client decoded shows wants only for seats whose
 *    reveal turn has begun and opened gifts only for gifts actually opened
 *    (cross-checked against the givers' and revealers' own secrets).
 */
import { keyPattern, needle, newReport, scanFrames, type ClientChecks, type ClientLog, type GameScan, type Needle, type ScanReport } from './scan.ts';
import { SEAT_VIEW_KEYS } from './seat-views.ts';

interface Wants {
  great: number;
  good: number;
  ok: number;
  noWay: number;
}
interface GiveTile {
  to: number;
  slot: number;
}
interface SeatView {
  seat: number;
  myGifts: GiveTile[] | null;
  myWants: Wants | null;
}
interface OpenedGift {
  from: number;
  to: number;
  slot: number;
  value: number;
}
interface RoundRecord {
  round: number;
  parent: number;
  /** Public by the end of the round: every want was revealed, every gift opened. */
  slots?: { cardId: string; side: 0 | 1 }[];
  opened?: OpenedGift[];
  wants?: (Wants | null)[];
}
export interface GiftTrapView {
  phase: 'layout' | 'give' | 'want' | 'reveal' | 'over';
  players: number;
  options: { goal: number; doubleGifts: boolean };
  round: number;
  slots: { cardId: string; side: 0 | 1 }[];
  giveSubmitted: boolean[];
  revealer: number | null;
  revealOrder: number[];
  revealedWants: (Wants | null)[];
  opened: OpenedGift[];
  closed: { from: number; to: number }[];
  history: RoundRecord[];
}

const WANT_VALUES: Record<keyof Wants, number> = { great: 3, good: 2, ok: 1, noWay: -4 };
const UNWANTED = -1;

/** Ground truth of each seat, from what that seat's own client decoded. */
export interface SeatSecrets {
  seat: number;
  /** Every distinct value of the seat's `secret` string. */
  secretValues: Set<string>;
  /** Every distinct serialized `myGifts` array. */
  gifts: Set<string>;
  /** Every distinct serialized `myWants` object. */
  wants: Set<string>;
  /** The last submitted gifts/wants per round (ground truth for the view checks). */
  byRound: Map<number, { gifts: GiveTile[] | null; wants: Wants | null }>;
}

export function collectSecrets(clients: ClientLog[]): Map<number, SeatSecrets> {
  const out = new Map<number, SeatSecrets>();
  for (const c of clients) {
    if (c.seat === null) continue;
    const s: SeatSecrets = { seat: c.seat, secretValues: new Set(), gifts: new Set(), wants: new Set(), byRound: new Map() };
    out.set(c.seat, s);
    let round = 0;
    for (const f of c.frames) {
      if (f.viewAfter) round = (JSON.parse(f.viewAfter) as GiftTrapView).round;
      const secret = f.secretsAfter?.[c.seat];
      if (!secret) continue;
      s.secretValues.add(secret);
      const sv = JSON.parse(secret) as SeatView;
      if (sv.myGifts) s.gifts.add(JSON.stringify(sv.myGifts));
      if (sv.myWants) s.wants.add(JSON.stringify(sv.myWants));
      const entry = s.byRound.get(round) ?? { gifts: null, wants: null };
      if (sv.myGifts) entry.gifts = sv.myGifts;
      if (sv.myWants) entry.wants = sv.myWants;
      s.byRound.set(round, entry);
    }
  }
  return out;
}

function valueOf(wants: Wants | null | undefined, slot: number): number {
  if (wants) for (const k of Object.keys(WANT_VALUES) as (keyof Wants)[]) if (wants[k] === slot) return WANT_VALUES[k];
  return UNWANTED;
}

/** The index in the reveal order of the seat revealing now (all done when over, -1 before the reveal). */
function revealIndexOf(v: GiftTrapView): number {
  return v.phase === 'reveal' ? v.revealOrder.indexOf(v.revealer ?? -1) : v.phase === 'over' ? v.players - 1 : -1;
}

/** Seats whose reveal turn has begun this round, by the rules (public order and revealer), not by what the view claims. */
export function revealBegun(v: GiftTrapView): Set<number> {
  const index = revealIndexOf(v);
  return new Set(index >= 0 ? v.revealOrder.slice(0, index + 1) : []);
}

const finished = (v: GiftTrapView, h: RoundRecord) => (v.phase === 'over' ? h.round <= v.round : h.round < v.round);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

type Bad = (m: string) => void;

/** Wants public exactly for the seats whose reveal turn has begun, and the real ones. */
function checkWants(v: GiftTrapView, truth: Map<number, SeatSecrets>, begun: Set<number>, bad: Bad): void {
  for (let s = 0; s < v.players; s++) {
    const w = v.revealedWants[s];
    if (w && !begun.has(s)) bad(`wants of seat ${s} are public before its reveal turn`);
    if (!w && begun.has(s)) bad(`wants of seat ${s} missing during its reveal turn`);
    const real = truth.get(s)?.byRound.get(v.round)?.wants;
    if (w && real && !same(w, real)) bad(`revealed wants of seat ${s} differ from its own`);
  }
}

/** Opened gifts: only the revealers' so far, each a real give tile with the right value; closed ones show no slot. */
function checkGifts(v: GiftTrapView, truth: Map<number, SeatSecrets>, begun: Set<number>, bad: Bad): void {
  const n = v.players;
  const each = (n - 1) * (v.options.doubleGifts ? 2 : 1);
  const openedTo = Array(n).fill(0);
  const seen = new Set<string>();
  for (const o of v.opened) {
    openedTo[o.to]++;
    if (!begun.has(o.to)) bad(`a gift to seat ${o.to} is open before its reveal turn`);
    const key = `${o.from}>${o.to}@${o.slot}`;
    if (seen.has(key)) bad(`gift ${key} opened twice`);
    seen.add(key);
    const tiles = truth.get(o.from)?.byRound.get(v.round)?.gifts;
    if (tiles && !tiles.some((t) => t.to === o.to && t.slot === o.slot)) bad(`opened gift ${key} was never given`);
    const wants = truth.get(o.to)?.byRound.get(v.round)?.wants;
    if (wants && o.value !== valueOf(wants, o.slot)) bad(`opened gift ${key} has value ${o.value}`);
  }
  const closedTo = Array(n).fill(0);
  for (const c of v.closed) {
    closedTo[c.to]++;
    if (!v.giveSubmitted[c.from] && v.phase === 'give') bad(`a closed gift from seat ${c.from}, who has not given yet`);
    if ('slot' in c) bad('a closed gift shows its slot');
  }
  if (v.phase === 'layout' || v.phase === 'give' || v.phase === 'want') {
    if (v.opened.length) bad('gifts open before the reveal phase');
    if (v.revealer !== null) bad('a revealer outside the reveal phase');
  }
  if (v.phase === 'reveal' || v.phase === 'over') {
    const revealIndex = revealIndexOf(v);
    for (let s = 0; s < n; s++) {
      const i = v.revealOrder.indexOf(s);
      if (i < revealIndex && (openedTo[s] !== each || closedTo[s] !== 0)) bad(`seat ${s} revealed but ${openedTo[s]} open, ${closedTo[s]} closed`);
      if (i > revealIndex && openedTo[s] !== 0) bad(`seat ${s} has open gifts before its turn`);
      if (openedTo[s] + closedTo[s] !== each) bad(`seat ${s} has ${openedTo[s]} open + ${closedTo[s]} closed gifts, not ${each}`);
    }
  }
  if (v.phase === 'over' && v.closed.length !== 0) bad('closed gifts left at the end');
}

/** History: only finished rounds, and only what those rounds revealed. */
function checkHistory(v: GiftTrapView, truth: Map<number, SeatSecrets>, bad: Bad): void {
  const each = (v.players - 1) * (v.options.doubleGifts ? 2 : 1);
  for (const h of v.history ?? []) {
    if (!finished(v, h)) bad(`history holds round ${h.round}, which is not over`);
    (h.wants ?? []).forEach((w, s) => {
      const real = truth.get(s)?.byRound.get(h.round)?.wants;
      if (w && real && !same(w, real)) bad(`history of round ${h.round}: wants of seat ${s} differ from its own`);
    });
    for (const o of h.opened ?? []) {
      const tiles = truth.get(o.from)?.byRound.get(h.round)?.gifts;
      if (tiles && !tiles.some((t) => t.to === o.to && t.slot === o.slot)) bad(`history of round ${h.round}: gift ${o.from}>${o.to}@${o.slot} was never given`);
    }
    if (h.opened && h.opened.length !== v.players * each) bad(`history of round ${h.round}: ${h.opened.length} gifts opened, not ${v.players * each}`);
  }
}

/** Structural hidden-information checks of one decoded public view, plus a cross-check with the truth. */
export function checkView(v: GiftTrapView, truth: Map<number, SeatSecrets>, where: string): string[] {
  const problems: string[] = [];
  const bad = (m: string) => problems.push(`${where} (round ${v.round}, ${v.phase}): ${m}`);
  if (v.phase === 'reveal' && revealIndexOf(v) < 0) bad(`revealer ${v.revealer} not in the reveal order`);
  const begun = revealBegun(v);
  checkWants(v, truth, begun, bad);
  checkGifts(v, truth, begun, bad);
  checkHistory(v, truth, bad);
  return problems;
}

const CARD_ID = /\b(?:black|blue|red|yellow)-\d{2}/g;

/** One client's checks: its views, the cards it may name, the wants it may have seen. */
function giftTrapClient(c: ClientLog, truth: Map<number, SeatSecrets>, report: ScanReport): ClientChecks {
  // Wants the public view has legitimately shown this client so far (the
  // revealers' of the current round, and those of finished rounds in the history), and its own.
  const allowedWants = new Set<string>();
  const publicCards = new Set<string>();
  return {
    view(text, where, fresh) {
      const v = JSON.parse(text) as GiftTrapView;
      report.stats.rounds = Math.max(report.stats.rounds, v.round);
      const begun = revealBegun(v);
      v.revealedWants.forEach((w, s) => {
        if (w && begun.has(s)) allowedWants.add(JSON.stringify(w));
      });
      for (const h of v.history ?? []) if (finished(v, h)) for (const w of h.wants ?? []) if (w) allowedWants.add(JSON.stringify(w));
      for (const s of v.slots) publicCards.add(s.cardId);
      // The finished rounds' cards are public: a client that was away (a reload, a leave) sees them first in the history.
      for (const h of v.history ?? []) for (const s of h.slots ?? []) publicCards.add(s.cardId);
      if (fresh) report.problems.push(...checkView(v, truth, where));
    },
    frame(_f, text, where, own) {
      const myWants = own ? (JSON.parse(own) as SeatView).myWants : null;
      if (myWants) allowedWants.add(JSON.stringify(myWants));
      for (const m of text.matchAll(CARD_ID)) if (!publicCards.has(m[0])) report.problems.push(`${where} names card ${m[0]} before it is laid out`);
    },
    allows: (n: Needle) => n.kind === 'wants' && allowedWants.has(n.text),
  };
}

/** Runs every check over the recorded clients of a Gift Trap match. `truth` defaults to what the seated clients decoded. */
export function scanGiftTrap(clients: ClientLog[], truth = collectSecrets(clients)): ScanReport {
  const needles: Needle[] = [];
  for (const s of truth.values()) {
    for (const t of s.gifts) needles.push(needle(s.seat, 'gifts', t, '{"to":'));
    for (const t of s.wants) needles.push(needle(s.seat, 'wants', t, '"great"'));
  }
  const report = newReport(clients.length, ['rounds']);
  const game: GameScan = {
    seatViewKeys: SEAT_VIEW_KEYS.gifttrap,
    forbidden: [
      { pattern: keyPattern('decks'), what: 'the decks key (deck order)' },
      { pattern: keyPattern('gifts'), what: 'the full-state gifts key' },
      // ("wants" is not listed: the history of finished rounds shows their wants, all revealed by then.)
      { pattern: keyPattern('revealIndex'), what: 'a full-state field (revealIndex)' },
    ],
    needles,
    client: (c) => giftTrapClient(c, truth, report),
  };
  return scanFrames(clients, game, report);
}
