/**
 * Gift Trap: zod schemas for what comes from the outside world (room options,
 * players' intents). They check only the SHAPE; whether an action is legal in
 * the current state (slot in range, right seat, right phase) is decided by the
 * rules in rules.ts, because that needs the state.
 */
import { z } from '../../engine/zod.js';
import { safeParseOutside } from '../../engine/outside.js';
import { ok, reject, type Result } from '../../engine/contract.js';
import { TIERS, type GiftTrapAction, type GiftTrapOptions } from './types.js';

/** Slots and seats are small non-negative integers; the upper bound is state-dependent. */
const index = z.number().int().min(0).max(63);

const tier = z.enum(TIERS as unknown as ['black', 'blue', 'red', 'yellow']);

const wants = z.object({ great: index, good: index, ok: index, noWay: index });

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('chooseTier'), tier }),
  z.object({ type: z.literal('flip'), slot: index }),
  z.object({ type: z.literal('confirmLayout') }),
  // At most 8 players × 2 gifts: anything longer is not a Gift Trap assignment at all.
  z.object({ type: z.literal('give'), tiles: z.array(z.object({ to: index, slot: index })).max(16) }),
  z.object({ type: z.literal('want'), wants }),
  z.object({ type: z.literal('open'), from: index }),
]);

export const optionsSchema = z.object({
  goal: z.union([z.literal(20), z.literal(30), z.literal(40)]).default(30),
  doubleGifts: z.boolean().default(false),
});

/** A short English summary of a zod error, safe to send back to the sender. */
function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  const path = issue.path.length ? issue.path.join('.') : 'input';
  return `${path}: ${issue.message}`;
}

export function parseAction(input: unknown): Result<GiftTrapAction> {
  const parsed = safeParseOutside(actionSchema, input);
  if (!parsed.success) return reject('malformed', `Not a Gift Trap action (${describe(parsed.error)}).`);
  return ok(parsed.data as GiftTrapAction);
}

/** Options for a room; the doubleGifts variant is only offered at 3–4 players (official tips). */
export function parseOptions(input: unknown, players: number): Result<GiftTrapOptions> {
  const parsed = safeParseOutside(optionsSchema, input ?? {});
  if (!parsed.success) return reject('malformed', `Invalid Gift Trap options (${describe(parsed.error)}).`);
  if (!Number.isInteger(players) || players < 3 || players > 8) {
    return reject('gifttrap/player-count', `Gift Trap is for 3 to 8 players, not ${players}.`);
  }
  const options = parsed.data as GiftTrapOptions;
  if (options.doubleGifts && players > 4) {
    return reject('gifttrap/double-gifts-players', 'The double-gifts variant is only for 3 or 4 players.');
  }
  return ok({ goal: options.goal, doubleGifts: options.doubleGifts });
}
