/**
 * Santa Claus Is Comin' To Town: zod schemas for what comes from the outside
 * world (room options, players' intents). They check only the SHAPE; whether
 * an action is legal now (right seat, right phase, a legal route) is decided
 * by the rules in rules.ts, because that needs the state.
 */
import { z } from '../../engine/zod.js';
import { safeParseOutside } from '../../engine/outside.js';
import { ok, reject, type Result } from '../../engine/contract.js';
import type { SantaAction, SantaOptions } from './types.js';

/** Houses, seats and cards are small non-negative integers; the upper bounds are state-dependent. */
const index = z.number().int().min(0).max(255);

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('away'), house: index }),
  z.object({ type: z.literal('start'), house: index }),
  z.object({ type: z.literal('pick'), card: z.number().int().min(1).max(13) }),
  z.object({ type: z.literal('chooser'), seat: index }),
  z.object({ type: z.literal('order'), order: z.array(index).max(8) }),
  // A bike jump crosses the town at most once: no legal route is longer than the lattice is wide or high.
  z.object({ type: z.literal('move'), path: z.array(index).min(1).max(64) }),
  z.object({ type: z.literal('give'), kid: index }),
]);

export const optionsSchema = z.object({
  awayMarkers: z.enum(['round', 'six']).default('round'),
  tieBreak: z.enum(['lowest-card', 'lowest-score']).default('lowest-card'),
  santaSeat: z.number().int().min(0).max(3).nullable().default(null),
});

/** A short English summary of a zod error, safe to send back to the sender. */
function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  const path = issue.path.length ? issue.path.join('.') : 'input';
  return `${path}: ${issue.message}`;
}

export function parseAction(input: unknown): Result<SantaAction> {
  const parsed = safeParseOutside(actionSchema, input);
  if (!parsed.success) return reject('malformed', `Not a Santa Claus action (${describe(parsed.error)}).`);
  return ok(parsed.data as SantaAction);
}

export function parseOptions(input: unknown, players: number): Result<SantaOptions> {
  const parsed = safeParseOutside(optionsSchema, input ?? {});
  if (!parsed.success) return reject('malformed', `Invalid Santa Claus options (${describe(parsed.error)}).`);
  if (!Number.isInteger(players) || players < 3 || players > 4) {
    return reject('santa/player-count', `Santa Claus Is Comin' To Town is for 3 or 4 players, not ${players}.`);
  }
  const { awayMarkers, tieBreak, santaSeat } = parsed.data;
  if (santaSeat !== null && santaSeat >= players) {
    return reject('santa/bad-santa-seat', `There is no seat ${santaSeat} at a table of ${players}.`);
  }
  return ok({ awayMarkers, tieBreak, santaSeat });
}
