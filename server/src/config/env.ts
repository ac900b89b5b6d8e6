/**
 * Reading the process's settings from its environment, for every layer
 * (limits/, rooms/, cluster/): the one error that stops the server at start,
 * and the integer reader the settings share.
 */

/** A setting that makes the server refuse to start; its message says what to change. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** An integer setting from the environment; `fallback` when unset or out of [min, max]. */
export function envInt(name: string, fallback: number, min: number, max: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}
