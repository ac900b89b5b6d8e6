/**
 * Hand validation of room messages (not game actions: those go through the
 * engine's `parseAction`). Colyseus' own message validators close the
 * connection on failure, so they are not used: a bad payload is an `error`.
 */
import { fail } from './errors.js';

export { NAME_MAX, DEFAULT_NAME } from './names.js';

/** A plain object payload; `undefined`/`null` count as `{}`. */
export function payloadObject(payload: unknown): Record<string, unknown> {
  if (payload === undefined || payload === null) return {};
  if (typeof payload !== 'object' || Array.isArray(payload)) fail('bad-message', 'The payload must be an object.');
  return payload as Record<string, unknown>;
}

export function isInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

export { cleanText, charLength, sanitizeName } from './names.js';
