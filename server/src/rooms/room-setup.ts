/**
 * A room's first state: a new table from the client's create options, or a
 * table as the store last saw it (a restart, a room unloaded while idle),
 * with the match it was playing. Errors are plain Errors: Colyseus refuses
 * the create with their text (a RoomError's string `code` would be read as
 * Colyseus' own error code).
 */
import { CLOCK_PACES, DEFAULT_CLOCK, isClockPace, type AnyGame } from '@fireside/shared';
import type { ClockRow } from '../match/seat-clocks.js';
import type { MatchEvent, MatchSetup, MatchStore, RoomRecord } from '../store/types.js';
import type { Members } from './members.js';
import { applyRecord } from './room-record.js';
import { RoomState } from './schema.js';
import { resizeSeats } from './seats.js';
import type { RoomSettings } from './settings.js';
import { isInt } from './validation.js';

export interface OpenedRoom {
  game: AnyGame;
  state: RoomState;
}

/** A stored room, with what it needs to go on where it stopped. */
export interface StoredRoom extends OpenedRoom {
  record: RoomRecord;
  /** The last chat line's id: new lines go on from it. */
  chatSeq: number;
  /** The match being played (or just ended) when the room was saved. */
  match: { setup: MatchSetup; events: MatchEvent[]; clocks: ClockRow[]; finished: boolean } | null;
}

/** A new table: the game, its seats, options and clock pace from the create options. */
export function openNew(settings: RoomSettings, opts: Record<string, unknown>): OpenedRoom {
  const gameId = typeof opts.game === 'string' ? opts.game : '';
  const game = settings.games(gameId);
  if (!game) throw new Error(`Unknown game "${gameId}".`);
  let players = Math.min(game.maxPlayers, Math.max(game.minPlayers, 4));
  if (opts.players !== undefined) {
    if (!isInt(opts.players) || opts.players < game.minPlayers || opts.players > game.maxPlayers) {
      throw new Error(`players must be ${game.minPlayers}–${game.maxPlayers}.`);
    }
    players = opts.players;
  }
  let gameOptions = game.defaultOptions(players);
  if (opts.options !== undefined) {
    const parsed = game.parseOptions(opts.options, players);
    if (!parsed.ok) throw new Error(`Bad options: ${parsed.error.message}`);
    gameOptions = parsed.value;
  }
  const state = new RoomState();
  state.game = game.id;
  state.status = 'lobby';
  state.options = JSON.stringify(gameOptions);
  if (opts.clock !== undefined && !isClockPace(opts.clock)) throw new Error(`clock must be one of ${CLOCK_PACES.join(', ')}.`);
  state.clock = opts.clock ?? DEFAULT_CLOCK;
  state.matchNo = 1;
  resizeSeats(state, players);
  return { game, state };
}

/** The room `roomId` as the store last saw it; its members go into `members` (their token hashes). */
export async function openStored(store: MatchStore, settings: RoomSettings, roomId: string, members: Members): Promise<StoredRoom> {
  const record = await store.loadRoom(roomId);
  if (!record) throw new Error(`room "${roomId}" is not in the store`);
  const game = settings.games(record.game);
  if (!game) throw new Error(`room "${roomId}" plays unknown game "${record.game}"`);
  const state = new RoomState();
  applyRecord(state, members, record);
  const chatSeq = record.chat.reduce((max, l) => Math.max(max, l.id), 0);
  let match: StoredRoom['match'] = null;
  if (record.matchId && record.status !== 'lobby') {
    const log = await store.loadMatch(record.matchId);
    if (!log) throw new Error(`room "${roomId}": match ${record.matchId} is not in the store`);
    match = { setup: log.setup, events: log.events, clocks: record.clocks ?? [], finished: log.finishedAt !== null };
  }
  // The replay link of the last finished match (the record keeps no such field: the match list has it).
  const finished = (await store.listMatches(roomId)).filter((m) => m.finishedAt !== null);
  if (finished.length > 0) state.lastMatchId = finished[finished.length - 1].matchId;
  return { game, state, record, chatSeq, match };
}
