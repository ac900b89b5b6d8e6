/**
 * The leak scan, written once for every game: hidden information never
 * reaches a client that may not see it, checked on the RAW BYTES each client
 * received (recorded by helpers/recording-ws.ts before the SDK decoded them).
 * Each game adds what is its own in tests/integration/leak/<game>-scan.ts.
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
 * produced that secret from it. The leak test proves it on a frame encoded by
 * @colyseus/schema and by msgpackr (controls.ts `expectEncodingsInline`), and
 * every game's controls prove the scan on injected frames.
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
 * each game's decoded-view checks cover the fields the protocol defines.
 *
 * What this module checks for every game (`scanFrames`):
 *  - every distinct value of each seat's `secret` (its seat view's JSON, which
 *    always begins with `{"seat":`) is in NO frame of any other client,
 *    spectators included, neither as is nor escaped inside another JSON string
 *    — and each IS in its owner's frames (positive control); a game may add
 *    needles of its own (parts of a secret) the same way;
 *  - no frame contains the generator ("rng"), a seed key, a long hex run (the
 *    server's seeds are hex), nor the game's own forbidden keys, neither as
 *    is nor inside another JSON string;
 *  - no client ever decodes another seat's `secret`, and its own has exactly
 *    the game's seat-view fields (a field added to a seat view is reviewed
 *    here first: it could carry another seat's secret in a form no search knows).
 */
import type { RecordedFrame } from '../helpers/recording-ws.js';

export interface ClientLog {
  label: string;
  /** The seat this client played, or null for a spectator. */
  seat: number | null;
  frames: RecordedFrame[];
}

export interface Forbidden {
  pattern: RegExp;
  what: string;
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

/** Forbidden in every game's frames. */
export const COMMON_FORBIDDEN: Forbidden[] = [
  { pattern: keyPattern('rng'), what: 'the rng key (generator state)' },
  { pattern: keyPattern('seed', 'i'), what: 'a seed key' },
  // The server's seeds are randomBytes(32|16).toString('hex'): no long hex run may go out.
  { pattern: /[0-9a-f]{32,}/i, what: 'a long hex string (a seed?)' },
];

const enc = (t: string) => Buffer.from(t, 'utf8');
/** A string as is, and escaped as it would be inside another JSON string (smuggled into `view`). */
export const forms = (t: string): [Buffer, Buffer] => [enc(t), enc(JSON.stringify(t).slice(1, -1))];

/**
 * A frame's text as checked: latin1 (bytes = chars; the JSON here is ASCII),
 * with `\"` turned into `"`, so that a JSON text smuggled inside another JSON
 * string is found as well.
 */
export function frameText(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  return text.includes('\\"') ? text.replace(/\\"/g, '"') : text;
}

/** A secret value and who may see it. */
export interface Needle {
  owner: number;
  /** 'secret' for a whole seat view; a game's own name for a part of one ('gifts', 'wants'). */
  kind: string;
  text: string;
  bufs: [Buffer, Buffer];
  /** Contained in the needle (in the same form): a frame without it is not searched for the needle. */
  marker: [Buffer, Buffer];
}

// Needles of one kind share their marker's buffers: a frame is searched for each marker once.
const markerForms = new Map<string, [Buffer, Buffer]>();

export function needle(owner: number, kind: string, text: string, marker: string): Needle {
  if (!markerForms.has(marker)) markerForms.set(marker, forms(marker));
  return { owner, kind, text, bufs: forms(text), marker: markerForms.get(marker)! };
}

/** Every seat view begins with this (each game's seatView puts `seat` first). */
export const SEAT_VIEW_MARKER = '{"seat":';

/** Every distinct `secret` each seated client decoded for its own seat. */
export function secretValues(clients: ClientLog[]): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  for (const c of clients) {
    if (c.seat === null) continue;
    const values = out.get(c.seat) ?? new Set<string>();
    out.set(c.seat, values);
    for (const f of c.frames) {
      const secret = f.secretsAfter?.[c.seat];
      if (secret) values.add(secret);
    }
  }
  return out;
}

/** What a game checks for one client, called by the one loop over its frames. */
export interface ClientChecks {
  /**
   * The client's decoded public view changed with this frame. `fresh`: this
   * client has not decoded this view before (the structural checks run once per view and client).
   */
  view?(view: string, where: string, fresh: boolean): void;
  /** Every frame, after the view: its text (`frameText`), the client's own secret and public view after it. */
  frame?(f: RecordedFrame, text: string, where: string, own: string | null, view: string | undefined): void;
  /** A needle of another seat found in this client's frame: true if the client legitimately knows it by now. */
  allows?(n: Needle): boolean;
  /** After the client's last frame. */
  end?(): void;
}

export interface GameScan {
  /**
   * Every field of the game's seat view (its SeatView type), in order, `seat`
   * first: a seat view with another field (another seat's pick in it, say) is
   * reported, whatever that field holds. A new field must be reviewed here first.
   */
  seatViewKeys: string[];
  /** Forbidden beyond COMMON_FORBIDDEN. */
  forbidden: Forbidden[];
  /** Needles beyond each seat's whole secret values. */
  needles: Needle[];
  client(c: ClientLog): ClientChecks;
}

export interface ScanReport {
  /** Hard failures, human-readable. Empty means clean. */
  problems: string[];
  /** Owner-side controls that failed (must be empty). */
  missingPositives: string[];
  /** clients, frames, bytes, needles, viewsChecked, allowedMatches, and the game's own counts. */
  stats: Record<string, number>;
}

/** An empty report; `extra`: the game's own counts, from 0. */
export function newReport(clients: number, extra: string[] = []): ScanReport {
  const stats: Record<string, number> = { clients, frames: 0, bytes: 0, needles: 0, viewsChecked: 0, allowedMatches: 0 };
  for (const k of extra) stats[k] = 0;
  return { problems: [], missingPositives: [], stats };
}

/** The needles: each seat's whole secret values and the game's own; with the positive control. */
function allNeedles(clients: ClientLog[], game: GameScan, report: ScanReport): Needle[] {
  const list: Needle[] = [];
  for (const [seat, values] of secretValues(clients)) for (const t of values) list.push(needle(seat, 'secret', t, SEAT_VIEW_MARKER));
  list.push(...game.needles);
  for (const n of list) {
    // (A seat may have been played by several clients in turn: a soak's members come and go.)
    const owners = clients.filter((c) => c.seat === n.owner);
    if (!owners.some((c) => c.frames.some((f) => f.bytes.includes(n.bufs[0])))) report.missingPositives.push(`seat ${n.owner} ${n.kind} ${n.text}`);
  }
  report.stats.needles = list.length;
  return list;
}

function searchNeedles(f: RecordedFrame, c: ClientLog, needles: Needle[], checks: ClientChecks, where: string, report: ScanReport): void {
  const markers = new Map<Buffer, boolean>();
  const has = (b: Buffer) => markers.get(b) ?? (markers.set(b, f.bytes.includes(b)), markers.get(b)!);
  for (const n of needles) {
    if (n.owner === c.seat) continue;
    const raw = has(n.marker[0]) && f.bytes.includes(n.bufs[0]);
    if (!raw && !(has(n.marker[1]) && f.bytes.includes(n.bufs[1]))) continue;
    if (checks.allows?.(n)) {
      report.stats.allowedMatches++;
      continue;
    }
    report.problems.push(`${where} carries seat ${n.owner}'s ${n.kind} ${n.text}`);
  }
}

/** A client's own seat view has exactly the game's seat-view fields, in order. */
function checkSeatViewKeys(own: string, expected: string[], where: string, report: ScanReport): void {
  const keys = Object.keys(JSON.parse(own) as object);
  if (keys.join() === expected.join()) return;
  const extra = keys.filter((k) => !expected.includes(k));
  report.problems.push(`${where} its seat view has fields ${JSON.stringify(keys)}: ${JSON.stringify(extra)} extra, not ${JSON.stringify(expected)}`);
}

function scanClient(c: ClientLog, game: GameScan, needles: Needle[], report: ScanReport): void {
  const checks = game.client(c);
  const forbidden = [...COMMON_FORBIDDEN, ...game.forbidden];
  const seen = new Set<string>();
  let lastView: string | undefined;
  let lastOwn: string | null = null;
  for (const f of c.frames) {
    report.stats.frames++;
    report.stats.bytes += f.bytes.length;
    const where = `${c.label} frame ${f.seq}`;
    if (f.viewAfter && f.viewAfter !== lastView) {
      lastView = f.viewAfter;
      const fresh = !seen.has(f.viewAfter);
      if (fresh) {
        seen.add(f.viewAfter);
        report.stats.viewsChecked++;
      }
      checks.view?.(f.viewAfter, where, fresh);
    }
    let own: string | null = null;
    for (const [seat, secret] of Object.entries(f.secretsAfter ?? {})) {
      if (Number(seat) === c.seat) own = secret;
      else report.problems.push(`${where} decoded the secret of seat ${seat}`);
    }
    if (own && own !== lastOwn) checkSeatViewKeys(own, game.seatViewKeys, where, report);
    lastOwn = own ?? lastOwn;
    const text = frameText(f.bytes);
    for (const { pattern, what } of forbidden) {
      const m = pattern.exec(text);
      if (m) report.problems.push(`${where} contains ${what}: …${text.slice(Math.max(0, m.index - 40), m.index + 60)}…`);
    }
    // The game's checks first: what this frame lets the client know (its own secret) counts for the needle search.
    checks.frame?.(f, text, where, own, f.viewAfter);
    searchNeedles(f, c, needles, checks, where, report);
  }
  checks.end?.();
}

/** Runs the generic checks and the game's over every recorded client of one match. */
export function scanFrames(clients: ClientLog[], game: GameScan, report = newReport(clients.length)): ScanReport {
  const needles = allNeedles(clients, game, report);
  for (const c of clients) scanClient(c, game, needles, report);
  return report;
}
