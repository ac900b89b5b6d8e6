/**
 * Hidden-information checks over the raw frames recorded by RecordingWebSocket
 * during Gift Trap matches (see tests/integration/leak.test.ts).
 *
 * WHY A SUBSTRING SEARCH OVER THE RAW BYTES IS SOUND
 * Everything a Fireside server sends is either
 *  - a state patch / full state encoded by @colyseus/schema: a string field
 *    is written as a msgpack-style length header (0xa0|len, 0xd9 len8,
 *    0xda len16, 0xdb len32) followed by the string's UTF-8 bytes, inline
 *    and in one piece (encode.ts `string()` → `utf8Write`). A changed string
 *    is always re-sent whole, never as a diff, and no compression is applied
 *    (the server's ws transport has perMessageDeflate off; ws hands us each
 *    message's unmasked, reassembled payload); or
 *  - a message (`welcome`, `error`) packed with msgpackr, which also writes
 *    strings as a length header + inline UTF-8 (no string bundling, no
 *    compression by default).
 * So any string value the server puts on the wire, `view`, `secret` or a
 * message field, appears verbatim as UTF-8 bytes in some frame, and a JSON
 * fragment of it (all ASCII here) appears as the same bytes. Conversely, if a
 * frame does not contain the bytes of a secret, the decoder cannot have
 * produced that secret from it. leak.test.ts proves the scanner on a frame
 * encoded by @colyseus/schema and by msgpackr, and on injected frames.
 * The public view travels in parts (shared/src/protocol/view-wire.ts): each
 * top-level key is a map key (a schema string: header + the key's bytes, no
 * quotes) and each part or list item is JSON in a schema string. So a key is
 * searched in both forms: `"key"` inside JSON, and as a part's name
 * (`keyPattern`).
 * Objects of a game's declared public shapes travel keyless (as
 * `["~k", …values]`, wire-shapes.ts); a game never declares the shape of an
 * object a seat view holds (wire-shapes.test.ts checks it), so a secret
 * object leaked into the public view still travels with its keys, and its
 * values (arrays, numbers, strings) are written as JSON either way.
 * Limit: a server that re-encoded a secret differently (other key order,
 * numbers instead of JSON, a hash) would not be caught by the byte search;
 * the decoded-view checks below cover the fields the protocol defines.
 */
import type { RecordedFrame } from './recording-ws.js';

export interface ClientLog {
  label: string;
  /** The seat this client played, or null for a spectator. */
  seat: number | null;
  frames: RecordedFrame[];
}

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
  give: number[];
  get: number[];
  /** Public by the end of the round: every want was revealed, every gift opened. */
  tier?: string | null;
  slots?: { cardId: string; side: 0 | 1 }[];
  opened?: OpenedGift[];
  wants?: (Wants | null)[];
}
interface PublicView {
  phase: 'layout' | 'give' | 'want' | 'reveal' | 'over';
  players: number;
  options: { goal: number; doubleGifts: boolean };
  round: number;
  parent: number;
  tier: string | null;
  slots: { cardId: string; side: 0 | 1 }[];
  slotCount: number;
  giveSubmitted: boolean[];
  wantSubmitted: boolean[];
  revealer: number | null;
  revealOrder: number[];
  revealedWants: (Wants | null)[];
  opened: OpenedGift[];
  closed: { from: number; to: number }[];
  give: number[];
  get: number[];
  history: RoundRecord[];
  winners: number[] | null;
}

const WANT_VALUES: Record<keyof Wants, number> = { great: 3, good: 2, ok: 1, noWay: -4 };
const UNWANTED = -1;

/** Needles: what must stay within its owner. */
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

export interface ScanReport {
  /** Hard failures, human-readable. Empty means clean. */
  problems: string[];
  /** Needles of each seat not found in that seat's own frames (positive control; must be empty). */
  missingPositives: string[];
  stats: {
    clients: number;
    frames: number;
    bytes: number;
    needles: number;
    viewsChecked: number;
    wantsMatchesAllowed: number;
    rounds: number;
  };
}

const enc = (s: string) => Buffer.from(s, 'utf8');

/** Ground truth of each seat, from what that seat's own client decoded. */
export function collectSecrets(clients: ClientLog[]): Map<number, SeatSecrets> {
  const out = new Map<number, SeatSecrets>();
  for (const c of clients) {
    if (c.seat === null) continue;
    const s: SeatSecrets = { seat: c.seat, secretValues: new Set(), gifts: new Set(), wants: new Set(), byRound: new Map() };
    out.set(c.seat, s);
    let round = 0;
    for (const f of c.frames) {
      if (f.viewAfter) round = (JSON.parse(f.viewAfter) as PublicView).round;
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

/** Seats whose reveal turn has begun this round, by the rules (public order and revealer), not by what the view claims. */
export function revealBegun(v: PublicView): Set<number> {
  const index = v.phase === 'reveal' ? v.revealOrder.indexOf(v.revealer ?? -1) : v.phase === 'over' ? v.players - 1 : -1;
  return new Set(index >= 0 ? v.revealOrder.slice(0, index + 1) : []);
}

/** Structural hidden-information checks of one decoded public view, plus a cross-check with the truth. */
export function checkView(v: PublicView, truth: Map<number, SeatSecrets>, where: string): string[] {
  const problems: string[] = [];
  const bad = (m: string) => problems.push(`${where} (round ${v.round}, ${v.phase}): ${m}`);
  const n = v.players;
  const per = v.options.doubleGifts ? 2 : 1;
  const each = (n - 1) * per;
  const revealIndex = v.phase === 'reveal' ? v.revealOrder.indexOf(v.revealer ?? -1) : v.phase === 'over' ? n - 1 : -1;
  if (v.phase === 'reveal' && revealIndex < 0) bad(`revealer ${v.revealer} not in the reveal order`);
  const begun = revealBegun(v);

  // Wants: public exactly for the seats whose reveal turn has begun.
  for (let s = 0; s < n; s++) {
    const w = v.revealedWants[s];
    if (w && !begun.has(s)) bad(`wants of seat ${s} are public before its reveal turn`);
    if (!w && begun.has(s)) bad(`wants of seat ${s} missing during its reveal turn`);
    const real = truth.get(s)?.byRound.get(v.round)?.wants;
    if (w && real && JSON.stringify(w) !== JSON.stringify(real)) bad(`revealed wants of seat ${s} differ from its own`);
  }
  // Opened gifts: only the revealers' so far, each a real give tile with the right value.
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
    for (let s = 0; s < n; s++) {
      const i = v.revealOrder.indexOf(s);
      if (i < revealIndex && (openedTo[s] !== each || closedTo[s] !== 0)) bad(`seat ${s} revealed but ${openedTo[s]} open, ${closedTo[s]} closed`);
      if (i > revealIndex && openedTo[s] !== 0) bad(`seat ${s} has open gifts before its turn`);
      if (openedTo[s] + closedTo[s] !== each) bad(`seat ${s} has ${openedTo[s]} open + ${closedTo[s]} closed gifts, not ${each}`);
    }
  }
  if (v.phase === 'over' && v.closed.length !== 0) bad('closed gifts left at the end');

  // History: only finished rounds, and only what those rounds revealed.
  for (const h of v.history ?? []) {
    const finished = v.phase === 'over' ? h.round <= v.round : h.round < v.round;
    if (!finished) bad(`history holds round ${h.round}, which is not over`);
    (h.wants ?? []).forEach((w, s) => {
      const real = truth.get(s)?.byRound.get(h.round)?.wants;
      if (w && real && JSON.stringify(w) !== JSON.stringify(real)) bad(`history of round ${h.round}: wants of seat ${s} differ from its own`);
    });
    for (const o of h.opened ?? []) {
      const tiles = truth.get(o.from)?.byRound.get(h.round)?.gifts;
      if (tiles && !tiles.some((t) => t.to === o.to && t.slot === o.slot)) bad(`history of round ${h.round}: gift ${o.from}>${o.to}@${o.slot} was never given`);
    }
    if (h.opened && h.opened.length !== n * each) bad(`history of round ${h.round}: ${h.opened.length} gifts opened, not ${n * each}`);
  }
  return problems;
}

/**
 * A key in the raw frames (latin1 text): quoted inside JSON, or as the name
 * of a part of the public view — a schema string, whose header byte for a
 * name under 32 bytes is 0xa0 + its length — or of a field part of an
 * object (`market.requests`).
 */
export function keyPattern(key: string, flags = ''): RegExp {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const header = `\\x${(0xa0 + key.length).toString(16)}`;
  return new RegExp(`"${escaped}"|${header}${escaped}|\\.${escaped}`, flags);
}

const FORBIDDEN: { pattern: RegExp; what: string }[] = [
  { pattern: keyPattern('decks'), what: 'the decks key (deck order)' },
  { pattern: keyPattern('rng'), what: 'the rng key (generator state)' },
  { pattern: keyPattern('seed', 'i'), what: 'a seed key' },
  { pattern: keyPattern('gifts'), what: 'the full-state gifts key' },
  // ("wants" is not listed: the history of finished rounds shows their wants, all revealed by then.)
  { pattern: keyPattern('revealIndex'), what: 'a full-state field (revealIndex)' },
  // The server's seeds are randomBytes(32|16).toString('hex'): no long hex run may go out.
  { pattern: /[0-9a-f]{32,}/i, what: 'a long hex string (a seed?)' },
];
const CARD_ID = /\b(?:black|blue|red|yellow)-\d{2}/g;

/** Runs every check over the recorded clients. `truth` defaults to what the seated clients decoded. */
export function scanMatch(clients: ClientLog[], truth = collectSecrets(clients)): ScanReport {
  const problems: string[] = [];
  const missingPositives: string[] = [];
  let frames = 0;
  let bytes = 0;
  let viewsChecked = 0;
  let wantsMatchesAllowed = 0;
  let rounds = 0;

  type Kind = 'secret' | 'gifts' | 'wants';
  interface Needle {
    owner: number;
    kind: Kind;
    text: string;
    /** The text as is, and escaped as it would be inside another JSON string (a secret smuggled into `view`). */
    bufs: [Buffer, Buffer];
  }
  const forms = (t: string): [Buffer, Buffer] => [enc(t), enc(JSON.stringify(t).slice(1, -1))];
  const needles: Needle[] = [];
  for (const s of truth.values()) {
    for (const t of s.secretValues) needles.push({ owner: s.seat, kind: 'secret', text: t, bufs: forms(t) });
    for (const t of s.gifts) needles.push({ owner: s.seat, kind: 'gifts', text: t, bufs: forms(t) });
    for (const t of s.wants) needles.push({ owner: s.seat, kind: 'wants', text: t, bufs: forms(t) });
  }
  // Every needle (in either form) contains its kind's marker (in the same form).
  const markers: Record<Kind, [Buffer, Buffer]> = { gifts: forms('{"to":'), wants: forms('"great"'), secret: forms('"myGifts"') };

  // Positive control: every needle is in its owner's own frames.
  for (const n of needles) {
    const owner = clients.find((c) => c.seat === n.owner)!;
    if (!owner.frames.some((f) => f.bytes.includes(n.bufs[0]))) missingPositives.push(`seat ${n.owner} ${n.kind} ${n.text}`);
  }

  for (const c of clients) {
    // Wants the public view has legitimately shown this client so far (the
    // revealers' of the current round, and those of finished rounds in the
    // history), and its own.
    const allowedWants = new Set<string>();
    const publicCards = new Set<string>();
    const checkedViews = new Set<string>();
    let lastView = '';
    for (const f of c.frames) {
      frames++;
      bytes += f.bytes.length;
      // What this client legitimately knows once this frame is decoded.
      if (f.viewAfter && f.viewAfter !== lastView) {
        lastView = f.viewAfter;
        const v = JSON.parse(f.viewAfter) as PublicView;
        rounds = Math.max(rounds, v.round);
        const begun = revealBegun(v);
        v.revealedWants.forEach((w, s) => {
          if (w && begun.has(s)) allowedWants.add(JSON.stringify(w));
        });
        for (const h of v.history ?? []) {
          const finished = v.phase === 'over' ? h.round <= v.round : h.round < v.round;
          if (finished) for (const w of h.wants ?? []) if (w) allowedWants.add(JSON.stringify(w));
        }
        for (const s of v.slots) publicCards.add(s.cardId);
        // The finished rounds' cards are public: a client that was away (a reload, a leave) sees them first in the history.
        for (const h of v.history ?? []) for (const s of h.slots ?? []) publicCards.add(s.cardId);
        if (!checkedViews.has(f.viewAfter)) {
          checkedViews.add(f.viewAfter);
          viewsChecked++;
          problems.push(...checkView(v, truth, `${c.label} frame ${f.seq}`));
        }
      }
      for (const [seat, secret] of Object.entries(f.secretsAfter ?? {})) {
        if (Number(seat) !== c.seat) problems.push(`${c.label} decoded the secret of seat ${seat}`);
        const sv = JSON.parse(secret) as SeatView;
        if (sv.myWants) allowedWants.add(JSON.stringify(sv.myWants));
      }

      const text = f.bytes.toString('latin1');
      for (const { pattern, what } of FORBIDDEN) {
        const m = pattern.exec(text);
        if (m) problems.push(`${c.label} frame ${f.seq} contains ${what}: …${text.slice(Math.max(0, m.index - 40), m.index + 60)}…`);
      }
      for (const m of text.matchAll(CARD_ID)) {
        if (!publicCards.has(m[0])) problems.push(`${c.label} frame ${f.seq} names card ${m[0]} before it is laid out`);
      }

      const has = (kind: Kind, form: 0 | 1) => f.bytes.includes(markers[kind][form]);
      const present = { gifts: [has('gifts', 0), has('gifts', 1)], wants: [has('wants', 0), has('wants', 1)], secret: [has('secret', 0), has('secret', 1)] };
      if (!Object.values(present).some(([a, b]) => a || b)) continue; // no needle can be in this frame
      for (const n of needles) {
        if (n.owner === c.seat) continue;
        const [raw, escaped] = present[n.kind];
        if (!(raw && f.bytes.includes(n.bufs[0])) && !(escaped && f.bytes.includes(n.bufs[1]))) continue;
        if (n.kind === 'wants' && allowedWants.has(n.text)) {
          wantsMatchesAllowed++;
          continue;
        }
        problems.push(`${c.label} frame ${f.seq} carries seat ${n.owner}'s ${n.kind}: ${n.text}`);
      }
    }
  }
  return {
    problems,
    missingPositives,
    stats: { clients: clients.length, frames, bytes, needles: needles.length, viewsChecked, wantsMatchesAllowed, rounds },
  };
}
