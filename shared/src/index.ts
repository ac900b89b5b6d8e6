export * from './engine/index.js';
export { games, gameIds, getGame } from './games/registry.js';
export type { GameId } from './games/registry.js';
export { gameMetas, metaIds, metaOf, isGameId, type GameMeta } from './games/metas.js';
export * from './tables.js';
export * from './protocol/view-wire.js';
export * from './protocol/wire-shapes.js';
export * from './protocol/messages.js';
export * from './protocol/room-state.js';
