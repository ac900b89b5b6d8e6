/**
 * Command-line and invite-link parsing for the bot client (pure, unit-tested).
 */
import { parseArgs } from 'node:util';

export const DEFAULT_TIMEOUT_S = 600;

export interface CreateCommand {
  mode: 'create';
  /** Server origin, e.g. http://127.0.0.1:2567 */
  server: string;
  game: string;
  players: number;
  /** Game options (JSON object), or undefined for the game's defaults. */
  options?: Record<string, unknown>;
  seed?: string;
  timeoutMs: number;
  /** Pause before each intent, in ms (0: act at once). */
  delayMs: number;
  verbose: boolean;
}

export interface JoinCommand {
  mode: 'join';
  /** Server origin, from the invite link. */
  server: string;
  roomId: string;
  name: string;
  seed?: string;
  timeoutMs: number;
  delayMs: number;
  verbose: boolean;
}

export interface HelpCommand {
  mode: 'help';
}

export type Command = CreateCommand | JoinCommand | HelpCommand;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const USAGE = `Fireside bot client: plays seats of a Fireside room over the wire protocol.

Usage:
  npm run bot -- --server <url> --game <id> --players <n> [--options <json>] [--seed <s>]
      Create a room, take every seat with one connection per player (all bots),
      start, play to the end.
  npm run bot -- --join <invite link> [--name <name>] [--seed <s>]
      Take one free seat of an existing room (invite link <origin>/room/<roomId>)
      and play it until the match ends. The host starts the match.

Options:
  --server <url>     server origin, e.g. http://127.0.0.1:2567
  --game <id>        game id (default: gifttrap)
  --players <n>      number of seats (default: 4)
  --options <json>   game options as a JSON object, e.g. '{"goal":20}'
  --seed <s>         seed of the bots' own random choices (not the deal)
  --join <link>      invite link of a room to join
  --name <name>      nickname in --join mode (default: Bot)
  --timeout <s>      give up after this many seconds (default: ${DEFAULT_TIMEOUT_S})
  --delay <ms>       wait this long before each move (default: 0)
  --verbose, -v      log every move to stderr
  --help, -h         this text

Output: exactly one JSON line on stdout when the match ends,
  {"game","roomId","players","winners","scores","rounds","ms"}
and exit code 0. Logs go to stderr. On failure: a message on stderr, exit code 1
(2 for a usage error).`;

function positiveNumber(flag: string, text: string, integer: boolean): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    throw new UsageError(`${flag} expects a positive ${integer ? 'integer' : 'number'}, not "${text}"`);
  }
  return n;
}

/** A server origin: http(s) or ws(s), no path beyond an optional prefix. Returns it without a trailing slash. */
export function parseServerUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--server expects a URL such as http://127.0.0.1:2567, not "${text}"`);
  }
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) {
    throw new UsageError(`--server must be an http(s) or ws(s) URL, not "${text}"`);
  }
  const protocol = url.protocol === 'wss:' ? 'https:' : url.protocol === 'ws:' ? 'http:' : url.protocol;
  return `${protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

export interface InviteLink {
  /** Server origin (plus any path prefix before /room/), without a trailing slash. */
  server: string;
  roomId: string;
}

/** Parses an invite link `<origin>/room/<roomId>` (a trailing slash, query or hash are ignored). */
export function parseInviteLink(link: string): InviteLink {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    throw new UsageError(`not an invite link (expected <origin>/room/<roomId>): "${link}"`);
  }
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) {
    throw new UsageError(`an invite link must be an http(s) URL: "${link}"`);
  }
  const match = /^(.*)\/room\/([^/]+)\/?$/.exec(url.pathname);
  if (!match) throw new UsageError(`an invite link ends with /room/<roomId>: "${link}"`);
  let roomId: string;
  try {
    roomId = decodeURIComponent(match[2]);
  } catch {
    throw new UsageError(`bad room id in invite link: "${link}"`);
  }
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(roomId)) throw new UsageError(`bad room id "${roomId}" in invite link`);
  const protocol = url.protocol === 'wss:' ? 'https:' : url.protocol === 'ws:' ? 'http:' : url.protocol;
  return { server: `${protocol}//${url.host}${match[1].replace(/\/+$/, '')}`, roomId };
}

/** Parses the CLI arguments (without `node` and the script path). Throws UsageError. */
export function parseCliArgs(argv: readonly string[]): Command {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        server: { type: 'string' },
        game: { type: 'string' },
        players: { type: 'string' },
        options: { type: 'string' },
        seed: { type: 'string' },
        join: { type: 'string' },
        name: { type: 'string' },
        timeout: { type: 'string' },
        delay: { type: 'string' },
        verbose: { type: 'boolean', short: 'v' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (values.help) return { mode: 'help' };

  const timeoutMs = values.timeout === undefined ? DEFAULT_TIMEOUT_S * 1000 : positiveNumber('--timeout', values.timeout as string, false) * 1000;
  const delayMs = values.delay === undefined ? 0 : values.delay === '0' ? 0 : positiveNumber('--delay', values.delay as string, false);
  const seed = values.seed as string | undefined;
  const verbose = values.verbose === true;

  if (values.join !== undefined) {
    for (const flag of ['server', 'game', 'players', 'options'] as const) {
      if (values[flag] !== undefined) throw new UsageError(`--${flag} cannot be used with --join (the room is already set up)`);
    }
    const { server, roomId } = parseInviteLink(values.join as string);
    const name = ((values.name as string | undefined) ?? 'Bot').trim();
    if (name.length < 1 || name.length > 24) throw new UsageError('--name must be 1 to 24 characters');
    return { mode: 'join', server, roomId, name, seed, timeoutMs, delayMs, verbose };
  }

  if (values.name !== undefined) throw new UsageError('--name is only for --join (created rooms name their bots "Bot 1", "Bot 2", ...)');
  if (values.server === undefined) throw new UsageError('either --server <url> (create a room) or --join <invite link> is required');
  const server = parseServerUrl(values.server as string);
  const game = ((values.game as string | undefined) ?? 'gifttrap').trim();
  if (!/^[a-z0-9-]+$/.test(game)) throw new UsageError(`bad game id "${game}"`);
  const players = values.players === undefined ? 4 : positiveNumber('--players', values.players as string, true);
  let options: Record<string, unknown> | undefined;
  if (values.options !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(values.options as string);
    } catch (e) {
      throw new UsageError(`--options is not valid JSON: ${(e as Error).message}`);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new UsageError('--options must be a JSON object, e.g. \'{"goal":20}\'');
    }
    options = parsed as Record<string, unknown>;
  }
  return { mode: 'create', server, game, players, options, seed, timeoutMs, delayMs, verbose };
}
