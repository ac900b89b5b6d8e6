/**
 * What the fuzzer sends, as fast-check arbitraries. Each message is either
 * `invalid` — no handler may accept it, whatever the room's state (so it
 * must be answered by an `error` and change nothing) — or a `probe`, which
 * may be accepted (a -0 seat is seat 0; a legal move with extra keys may
 * pass). Which messages are invalid follows docs/protocol.md: a payload that
 * is not an object, a field of the wrong type or out of range, a message
 * from the wrong role or in the wrong phase. The values they are made of are
 * in hostile-values.ts.
 */
import fc from 'fast-check';
import { isIntentId, type ClientMessageType } from '@fireside/shared';
import { anyValue, badNumber, deepValue, hostileObject, junk, nonObject, oversizedString, structured, withJunk, withOwnKeys } from './hostile-values.ts';

/** Every client message type of the protocol: a Record, so a type added to ClientMessages and not here fails to compile. */
const KNOWN: Record<ClientMessageType, true> = {
  sit: true,
  stand: true,
  configure: true,
  addBot: true,
  removeBot: true,
  fillBots: true,
  start: true,
  intent: true,
  shown: true,
  chat: true,
  rename: true,
  standIn: true,
  remove: true,
  lock: true,
  again: true,
};
export const KNOWN_TYPES = Object.keys(KNOWN) as ClientMessageType[];

export type Role = 'host' | 'seated' | 'spectator';
export type Status = 'lobby' | 'playing' | 'ended';

/** What a message is generated from: the room as its sender sees it. */
export interface Context {
  status: Status;
  players: number;
  minPlayers: number;
  maxPlayers: number;
  role: Role;
  /** The sender's seat is shown as awaited (it may have a move). */
  awaited: boolean;
  /** A legal action of some awaited seat (from the game's bot), to corrupt; null outside a match. */
  legal: Record<string, unknown> | null;
  /** The action types of the game (from the legal actions seen so far). */
  actionTypes: string[];
  /** The next intent id this sender may use (positive, unique). */
  nextId: number;
}

export interface FuzzMessage {
  type: string | number;
  payload: unknown;
  invalid: boolean;
  /** What generator made it (the figures count messages by it). */
  kind: string;
  /** For an intent with a valid id: the id its reply must carry. */
  id?: number;
  /** Set by the fuzzer when msgpackr cannot read back what the SDK packs for it. */
  undecodable?: boolean;
}

// ------------------------------------------------------------------ messages

/** The `type` the room shows in its error for a sent type (GameRoom's shownType). */
export function shownType(type: unknown): string {
  if (typeof type === 'number' && Number.isFinite(type)) return String(type);
  return typeof type === 'string' && type.length <= 40 ? type : '?';
}

const unknownType = fc.oneof(
  fc.string({ maxLength: 60 }).filter((t) => !(KNOWN_TYPES as string[]).includes(t) && t !== '*' && !t.startsWith('__fuzz')),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'valueOf',
    '',
    ' sit',
    'SIT',
    'intent ',
    'welcome',
    'error',
    'accepted',
    '_$bintent',
  ),
);

function invalid(kind: string, type: string | number, payload: unknown, id?: number): FuzzMessage {
  return { kind, type, payload, invalid: true, id };
}

/** A seat no seat-taking message accepts: not an integer in [0, players). */
const badSeat = (players: number) =>
  fc.oneof(
    badNumber,
    fc.integer({ min: players, max: 100_000 }),
    fc.string({ maxLength: 8 }),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 2 }),
    hostileObject,
  );

/** An intent id the room does not echo (not a positive safe integer). */
const badId = fc
  .oneof(badNumber, fc.constant(0), fc.constant(-0), fc.string({ maxLength: 5 }), fc.constant(null), fc.boolean())
  .filter((id) => !isIntentId(id));

/**
 * The legal action with one field replaced by a value of another type or a
 * number no field takes (booleans by non-booleans, strings by non-strings,
 * numbers by NaN, ±∞, fractions, negatives, huge; an array by a non-array or
 * one bad element).
 */
export function corrupted(action: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> | null {
  const fields = Object.keys(action).filter((k) => k !== 'type');
  if (fields.length === 0) return null;
  return fc.constantFrom(...fields).chain((field) => {
    const v = action[field];
    let bad: fc.Arbitrary<unknown>;
    if (typeof v === 'number')
      bad = fc.oneof(badNumber, fc.string({ maxLength: 4 }), fc.constant(null), fc.boolean(), fc.array(fc.integer(), { maxLength: 2 }));
    else if (typeof v === 'boolean') bad = fc.oneof(fc.integer(), fc.constant(null), fc.string({ maxLength: 4 }), badNumber);
    else if (typeof v === 'string')
      bad = fc.oneof(fc.integer(), badNumber, fc.constant(null), fc.boolean(), fc.array(fc.string(), { maxLength: 2 }), hostileObject);
    else if (Array.isArray(v)) {
      const notArray = fc.oneof(fc.integer(), fc.string({ maxLength: 4 }), fc.constant(null), hostileObject);
      bad =
        v.length === 0
          ? notArray
          : fc.oneof(
              notArray,
              fc
                .tuple(fc.nat(v.length - 1), fc.oneof(badNumber, fc.constant(null), fc.constant(undefined), deepValue))
                .map(([i, x]) => v.map((e, j) => (j === i ? x : e))),
            );
    } else if (v && typeof v === 'object')
      bad = fc.oneof(fc.integer(), fc.string({ maxLength: 4 }), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }));
    else return fc.constant(null as unknown as Record<string, unknown>);
    return bad.map((x) => ({ ...action, [field]: x }));
  });
}

/** An intent that must be refused, with an id that is echoed (valid) or not (absent or bad). */
function invalidIntent(ctx: Context): fc.Arbitrary<FuzzMessage> {
  const notAMove = fc.oneof(
    nonObject,
    fc.constant(undefined),
    fc.constant(null),
    fc.record({ type: fc.string({ maxLength: 12 }).filter((t) => !ctx.actionTypes.includes(t)) }),
    hostileObject,
    deepValue,
  );
  const actions: fc.Arbitrary<unknown>[] = [notAMove];
  // Anything goes when no move can be accepted from this sender now. (A seat
  // not shown as awaited may still have a move: a Santa pick can be changed
  // until every pick is in.)
  const noMoveNow = ctx.status !== 'playing' || ctx.role === 'spectator';
  if (noMoveNow) actions.push(anyValue, ...(ctx.legal ? [fc.constant(ctx.legal)] : []));
  const bad = ctx.legal ? corrupted(ctx.legal) : null;
  if (bad) actions.push(bad.filter((a) => a !== null));
  const action = fc.oneof(...actions);
  return fc.tuple(action, fc.oneof(fc.constant<'valid'>('valid'), fc.constant<'none'>('none'), badId), junk).map(([a, idChoice, extra]) => {
    const payload: Record<string, unknown> = { action: a };
    let id: number | undefined;
    if (idChoice === 'valid') payload.id = id = ctx.nextId;
    else if (idChoice !== 'none') payload.id = idChoice;
    return invalid(noMoveNow ? 'intent-no-move-now' : 'intent-malformed', 'intent', withJunk(payload, extra), id);
  });
}

/** Messages of the wrong role or phase: refused whatever their payload. */
function outOfPlace(ctx: Context): fc.Arbitrary<FuzzMessage>[] {
  const host = ctx.role === 'host';
  const lobby = ctx.status === 'lobby';
  const types: ClientMessageType[] = [];
  if (!host) types.push('configure', 'addBot', 'fillBots', 'start', 'again', 'remove', 'lock');
  if (!lobby) types.push('sit', 'stand', 'configure', 'addBot', 'removeBot', 'fillBots', 'start');
  if (lobby && ctx.role === 'spectator') types.push('stand');
  if (ctx.status !== 'ended') types.push('again');
  if (ctx.status !== 'playing') types.push('standIn');
  if (types.length === 0) return [];
  const payload = fc.oneof(
    fc.constant({}),
    fc.constant(undefined),
    hostileObject,
    fc.record({ seat: fc.nat(ctx.players - 1), on: fc.boolean(), memberId: fc.string({ maxLength: 8 }) }),
  );
  return [fc.tuple(fc.constantFrom(...types), payload).map(([t, p]) => invalid(`out-of-place-${t}`, t, p))];
}

export function invalidMessage(ctx: Context): fc.Arbitrary<FuzzMessage> {
  const seatMsgs = fc
    .tuple(fc.constantFrom<ClientMessageType>('sit', 'addBot', 'removeBot', 'standIn'), badSeat(ctx.players), fc.boolean(), junk)
    .map(([t, seat, on, extra]) => invalid('bad-seat', t, withJunk(t === 'standIn' ? { seat, on } : { seat }, extra)));
  const standInBadOn = fc
    .tuple(fc.nat(ctx.players - 1), fc.oneof(fc.integer(), fc.string({ maxLength: 4 }), fc.constant(null), badNumber))
    .map(([seat, on]) => invalid('standIn-bad-on', 'standIn', { seat, on }));
  const badPlayers = fc
    .tuple(
      fc.oneof(
        badNumber,
        fc.integer({ min: ctx.maxPlayers + 1, max: 10_000 }),
        fc.integer({ min: -100, max: ctx.minPlayers - 1 }),
        fc.string({ maxLength: 3 }),
        fc.constant(null),
        fc.boolean(),
      ),
      junk,
    )
    .map(([players, extra]) => invalid('configure-bad-players', 'configure', withJunk({ players }, extra)));
  const badClock = fc
    .oneof(
      fc.string({ maxLength: 10 }).filter((c) => !['off', 'relaxed', 'normal', 'fast'].includes(c)),
      fc.integer(),
      fc.constant(null),
      hostileObject,
    )
    .map((clock) => invalid('configure-bad-clock', 'configure', { clock }));
  const badChat = fc
    .oneof(
      oversizedString,
      fc.constantFrom('', ' ', '\t\n', '\u200b\u200b', '\u0000'),
      nonObject.filter((x) => typeof x !== 'string'),
      fc.constant(null),
    )
    .map((text) => invalid('chat-bad-text', 'chat', { text }));
  const badRename = fc
    .oneof(fc.constantFrom('', '   ', '\u200b', '\u0007'), fc.integer(), badNumber, fc.constant(null), hostileObject)
    .map((name) => invalid('rename-bad-name', 'rename', { name }));
  const badRemove = fc
    .oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.constant(null), hostileObject)
    .map((memberId) => invalid('remove-bad-member', 'remove', { memberId }));
  const badLock = fc
    .oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null), fc.constant(undefined), hostileObject)
    .map((locked) => invalid('lock-bad-value', 'lock', { locked }));
  // No clock has this id (ids are the server's clock in ms at the room's first clock, then +1), or not a positive integer.
  const badShown = fc
    .oneof(
      badNumber,
      fc.integer({ min: 1, max: 1_000_000 }),
      fc.constant(0),
      fc.string({ maxLength: 8 }),
      fc.constant(null),
      fc.constant(undefined),
      fc.boolean(),
      hostileObject,
    )
    .chain((clockId) => junk.map((extra) => invalid('shown-bad-clock', 'shown', withJunk({ clockId }, extra))));
  const nonObjectPayload = fc.tuple(fc.constantFrom(...KNOWN_TYPES), nonObject).map(([t, p]) => invalid('non-object-payload', t, p));
  const unknown = fc.tuple(unknownType, fc.option(anyValue, { nil: undefined })).map(([t, p]) => invalid('unknown-type', t, p));
  return fc.oneof(
    unknown,
    nonObjectPayload,
    seatMsgs,
    standInBadOn,
    badPlayers,
    badClock,
    badChat,
    badRename,
    badRemove,
    badLock,
    badShown,
    invalidIntent(ctx),
    invalidIntent(ctx),
    ...outOfPlace(ctx),
  );
}

/** Messages that may be accepted: the fuzzer checks only that a refused one changed nothing. */
export function probeMessage(ctx: Context): fc.Arbitrary<FuzzMessage> {
  const probe = (kind: string, type: string, payload: unknown, id?: number): FuzzMessage => ({ kind, type, payload, invalid: false, id });
  const list: fc.Arbitrary<FuzzMessage>[] = [
    fc.tuple(fc.constantFrom(-0, 0, 1, 2), fc.constantFrom('sit', 'removeBot', 'addBot')).map(([seat, t]) => probe(`${t}-edge-seat`, t, { seat })),
    fc
      .oneof(hostileObject, structured, fc.record({ goal: fc.constantFrom(20, 30, 40, 25, -0), doubleGifts: fc.oneof(fc.boolean(), fc.constant(1)) }))
      .map((options) => probe('configure-options', 'configure', { options })),
    fc.string({ maxLength: 40 }).map((name) => probe('rename', 'rename', { name })),
    fc
      .tuple(fc.constantFrom(...KNOWN_TYPES.filter((t) => t !== 'intent' && t !== 'start' && t !== 'again' && t !== 'standIn')), hostileObject)
      .map(([t, p]) => probe(`${t}-hostile-keys`, t, p)),
  ];
  if (ctx.legal) {
    const legal = ctx.legal;
    list.push(
      fc.tuple(hostileObject, fc.boolean()).map(([extra, inAction]) => {
        const action = inAction ? withOwnKeys([...Object.entries(extra), ...Object.entries(legal)]) : legal;
        const payload = inAction ? { action, id: ctx.nextId } : withOwnKeys([...Object.entries(extra), ['action', action], ['id', ctx.nextId]]);
        return probe('intent-extra-keys', 'intent', payload, ctx.nextId);
      }),
      fc
        .constantFrom(...Object.keys(legal).filter((k) => typeof legal[k] === 'number'), '')
        .map((k) => probe('intent-minus-zero', 'intent', { action: k ? { ...legal, [k]: -0 } : legal, id: ctx.nextId }, ctx.nextId)),
      // Another seat's move, from whoever sends it.
      fc.constant(probe('intent-any-seat', 'intent', { action: legal, id: ctx.nextId }, ctx.nextId)),
    );
  }
  return fc.oneof(...list);
}

// ------------------------------------------------------------------ raw frames

/** Frames for a bare socket: garbage, protocol codes with garbage, frames over the 4 KB limit, text frames. */
export function rawFrame(): fc.Arbitrary<{ kind: string; bytes: Uint8Array | string }> {
  const codes = fc.constantFrom(0, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 255);
  const garbage = fc.uint8Array({ maxLength: 300 });
  return fc.oneof(
    garbage.map((bytes) => ({ kind: 'raw-garbage', bytes })),
    fc.tuple(codes, garbage).map(([c, g]) => ({ kind: `raw-code-${c}`, bytes: Buffer.concat([Buffer.from([c]), g]) })),
    fc.tuple(fc.constantFrom(13, 21, 17), fc.constantFrom(...KNOWN_TYPES, 'nope'), garbage).map(([c, t, g]) => {
      const header = Buffer.from([c, ...(c === 21 ? [7] : []), 0xa0 | t.length, ...Buffer.from(t)]);
      return { kind: `raw-${c === 13 ? 'data' : c === 21 ? 'request' : 'bytes'}-garbage-payload`, bytes: Buffer.concat([header, g]) };
    }),
    fc.tuple(fc.constantFrom(13, 21), fc.integer({ min: 100, max: 3000 })).map(([c, depth]) => ({
      kind: 'raw-deep-nesting',
      // intent { action: [[[[…]]]] } written by hand: msgpackr's own packer stops at a few thousand levels.
      bytes: Buffer.concat([
        Buffer.from([c, ...(c === 21 ? [9] : []), 0xa6, ...Buffer.from('intent'), 0x81, 0xa6, ...Buffer.from('action')]),
        Buffer.alloc(depth, 0x91),
        Buffer.from([0x90]),
      ]),
    })),
    fc
      .integer({ min: 4097, max: 20_000 })
      .map((n) => ({ kind: 'raw-oversized', bytes: Buffer.concat([Buffer.from([13, 0xa4, ...Buffer.from('chat')]), Buffer.alloc(n, 0x61)]) })),
    fc.string({ maxLength: 100 }).map((s) => ({ kind: 'raw-text-frame', bytes: s })),
  );
}
