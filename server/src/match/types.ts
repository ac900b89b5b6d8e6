/**
 * A match as the store keeps it: its setup (the seed included, which never
 * leaves the server), then every accepted event in order, `seq` from 0.
 * Engines are pure and deterministic (the generator lives in their state),
 * so setup + events rebuild the match exactly (replay.ts).
 */
export type { MatchEvent, MatchSetup } from '../store/types.js';
