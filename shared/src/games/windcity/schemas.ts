/**
 * Wind City: zod schemas for what comes from the outside world (room options,
 * players' intents). They check only the SHAPE; whether an action is legal now
 * (right seat, right phase, affordable, an own house...) is decided by the
 * rules in rules.ts, because that needs the state.
 */
import { z } from '../../engine/zod.js';
import { safeParseOutside } from '../../engine/outside.js';
import { ok, reject, type Result } from '../../engine/contract.js';
import type { WindCityAction, WindCityOptions } from './types.js';

/** Squares are 0..119 (8 columns × 15 rows). */
const square = z.number().int().min(0).max(119);
const seat = z.number().int().min(0).max(4);

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hurricane'), col: z.number().int().min(0).max(7) }),
  z.object({ type: z.literal('place'), square }),
  z.object({ type: z.literal('plan'), actions: z.array(z.number().int().min(0).max(4)).min(1).max(3) }),
  z.object({ type: z.literal('renew'), squares: z.array(square).max(24) }),
  z.object({ type: z.literal('ask'), squares: z.array(square).min(1).max(24) }),
  z.object({ type: z.literal('pass') }),
  z.object({ type: z.literal('answer'), buyer: seat, accept: z.boolean() }),
  z.object({ type: z.literal('kauf'), square }),
]);

export const optionsSchema = z.object({
  marketSeconds: z.number().int().min(10).max(600).default(45),
});

/** A short English summary of a zod error, safe to send back to the sender. */
function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  const path = issue.path.length ? issue.path.join('.') : 'input';
  return `${path}: ${issue.message}`;
}

export function parseAction(input: unknown): Result<WindCityAction> {
  const parsed = safeParseOutside(actionSchema, input);
  if (!parsed.success) return reject('malformed', `Not a Wind City action (${describe(parsed.error)}).`);
  return ok(parsed.data as WindCityAction);
}

export function parseOptions(input: unknown, players: number): Result<WindCityOptions> {
  const parsed = safeParseOutside(optionsSchema, input ?? {});
  if (!parsed.success) return reject('malformed', `Invalid Wind City options (${describe(parsed.error)}).`);
  if (!Number.isInteger(players) || players < 2 || players > 5) {
    return reject('windcity/player-count', `Wind City is for 2 to 5 players, not ${players}.`);
  }
  return ok({ marketSeconds: parsed.data.marketSeconds });
}
