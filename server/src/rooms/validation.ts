/**
 * Hand validation of room messages (not game actions: those go through the
 * engine's `parseAction`). Colyseus' own message validators close the
 * connection on failure, so they are not used: a bad payload is an `error`.
 */
import { fail } from './errors.js';

export const NAME_MAX = 24;
export const DEFAULT_NAME = 'Player';

/** A plain object payload; `undefined`/`null` count as `{}`. */
export function payloadObject(payload: unknown): Record<string, unknown> {
  if (payload === undefined || payload === null) return {};
  if (typeof payload !== 'object' || Array.isArray(payload)) fail('bad-message', 'The payload must be an object.');
  return payload as Record<string, unknown>;
}

export function isInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

// C0/C1 controls, and invisible format characters that can spoof text direction.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** Removes control characters and trims. */
export function cleanText(text: string): string {
  return text.replace(CONTROL, '').trim();
}

/** Number of characters (code points, so an emoji counts once). */
export function charLength(text: string): number {
  return [...text].length;
}

/**
 * A nickname: control characters removed, whitespace collapsed and trimmed,
 * cut to 24 characters; `fallback` when nothing is left.
 */
export function sanitizeName(input: unknown, fallback: string | null = DEFAULT_NAME): string | null {
  if (typeof input !== 'string') return fallback;
  const clean = cleanText(input.replace(/\s+/g, ' '));
  const cut = [...clean].slice(0, NAME_MAX).join('').trim();
  return cut.length > 0 ? cut : fallback;
}
