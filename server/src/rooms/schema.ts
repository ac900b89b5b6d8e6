/**
 * The synchronized room state (see docs/protocol.md, "State").
 *
 * Built with `schema()` + `t.*` (no decorators: with decorators and class
 * fields, fields silently stop syncing). `Seat.secret` is view-only: it is
 * encoded only for clients whose StateView holds that seat.
 */
import { schema, t, type SchemaType } from '@colyseus/schema';

export const Seat = schema(
  {
    index: t.uint8().default(0),
    /** 'empty' | 'human' | 'bot' */
    kind: t.string().default('empty'),
    memberId: t.string().default(''),
    name: t.string().default(''),
    connected: t.boolean().default(false),
    awaiting: t.boolean().default(false),
    /** When this seat's clock runs out (ms since epoch), or 0 when it has none. */
    deadline: t.float64().default(0),
    /** The full budget of that clock (ms), or 0: a countdown shows at most this (a clock waiting for the player's first frame runs later). */
    budget: t.float64().default(0),
    /** Names that clock in the `shown` message, or 0. */
    clockId: t.float64().default(0),
    /** Since when its human player is away (ms since epoch), or 0 while connected (and for bots). */
    awaySince: t.float64().default(0),
    /** When a bot stand-in takes over the away player's seat (ms since epoch), or 0. */
    standInAt: t.float64().default(0),
    /** A bot plays this human's seat (away too long, or handed over by the host). */
    standIn: t.boolean().default(false),
    /** JSON of the engine's seat view; only the seat's holder receives it. */
    secret: t.string().view().default(''),
  },
  'Seat',
);
export type Seat = SchemaType<typeof Seat>;

export const Member = schema(
  {
    id: t.string().default(''),
    name: t.string().default(''),
    seat: t.int8().default(-1),
    connected: t.boolean().default(true),
    /** Since when the member is away (ms since epoch), or 0 while connected. */
    awaySince: t.float64().default(0),
  },
  'Member',
);
export type Member = SchemaType<typeof Member>;

export const ChatLine = schema(
  {
    id: t.uint32().default(0),
    memberId: t.string().default(''),
    name: t.string().default(''),
    text: t.string().default(''),
    at: t.float64().default(0),
    /**
     * '' for a member's message; otherwise a room-log event the client words
     * in its reader's language (docs/protocol.md, "Room log"): `name` is whom
     * it is about, `text` an optional second name.
     */
    event: t.string().default(''),
  },
  'ChatLine',
);
export type ChatLine = SchemaType<typeof ChatLine>;

/**
 * One part of the game's public view (shared/src/protocol/view-wire.ts): the
 * JSON of a top-level value, or, for a list, the JSON of each item, so the
 * schema diff sends only the parts and items that changed.
 */
export const ViewPart = schema(
  {
    list: t.boolean().default(false),
    /** JSON of the value when it is not a list. */
    json: t.string().default(''),
    /** JSON of each item when the value is a list. */
    items: t.array('string'),
  },
  'ViewPart',
);
export type ViewPart = SchemaType<typeof ViewPart>;

export const RoomState = schema(
  {
    game: t.string().default(''),
    /** 'lobby' | 'playing' | 'ended' */
    status: t.string().default('lobby'),
    hostId: t.string().default(''),
    /** The member who created the table: host whenever connected (host-role.ts). */
    ownerId: t.string().default(''),
    /** Closed to newcomers by the host (members with their token still get in). */
    locked: t.boolean().default(false),
    players: t.uint8().default(0),
    options: t.string().default('{}'),
    seats: t.array(Seat),
    members: t.map(Member),
    spectators: t.uint16().default(0),
    matchNo: t.uint16().default(1),
    /** The game's public view, by part (empty in the lobby). */
    view: t.map(ViewPart),
    result: t.string().default(''),
    /** The table's clock: 'off' | 'relaxed' | 'normal' | 'fast' (each seat's countdown is Seat.deadline). */
    clock: t.string().default('relaxed'),
    chat: t.array(ChatLine),
    /** The id of the room's last finished match (its replay: GET /api/matches/<id>), or ''. */
    lastMatchId: t.string().default(''),
  },
  'RoomState',
);
export type RoomState = SchemaType<typeof RoomState>;

export type RoomStatus = 'lobby' | 'playing' | 'ended';
export type SeatKind = 'empty' | 'human' | 'bot';
