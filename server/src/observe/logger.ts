/**
 * Structured logs (pino): one JSON line per room event and per error, with
 * `roomId`, `matchId` and `memberId` fields where they apply, so an operator
 * can filter a room's story with `jq`. Colyseus' own lines go through the
 * same logger (`colyseusLogger`, given to the Server as its `logger`).
 *
 * Settings (environment):
 * - FIRESIDE_LOG_LEVEL: trace, debug, info (default), warn, error, fatal or silent;
 * - FIRESIDE_LOG_FORMAT: `json` (one object a line), or `pretty` (a short
 *   human line); default `pretty` on a terminal outside production
 *   (NODE_ENV=production), else `json`.
 *
 * Never logged: tokens, seeds, seat secrets, the room's state. The code logs
 * ids and counts only; the redaction below is a second line of defence
 * against a field of those names slipping into a logged object.
 */
import { pino, type DestinationStream, type Level, type Logger } from 'pino';
import { logErrorsCounter } from './metrics.js';

export type { Logger };
export type LogFormat = 'json' | 'pretty';

const LEVELS: readonly string[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/** Field names whose values are secret wherever they appear in a logged object. */
const SECRET_KEYS = ['token', 'tokenHash', 'reconnectionToken', 'seed', 'secret', 'authorization', 'state'];
const REDACT_PATHS = SECRET_KEYS.flatMap((k) => [k, `*.${k}`]);

export interface LoggerOptions {
  level?: string;
  format?: LogFormat;
  /** Where lines go; default stdout. */
  destination?: DestinationStream;
}

export function logLevelFromEnv(env: NodeJS.ProcessEnv = process.env): Level | 'silent' {
  const raw = (env.FIRESIDE_LOG_LEVEL ?? '').trim().toLowerCase();
  return (LEVELS.includes(raw) ? raw : 'info') as Level | 'silent';
}

export function logFormatFromEnv(env: NodeJS.ProcessEnv = process.env, tty = process.stdout.isTTY === true): LogFormat {
  const raw = (env.FIRESIDE_LOG_FORMAT ?? '').trim().toLowerCase();
  if (raw === 'json' || raw === 'pretty') return raw;
  return tty && env.NODE_ENV !== 'production' ? 'pretty' : 'json';
}

export function createLogger(opts: LoggerOptions = {}): Logger {
  const format = opts.format ?? logFormatFromEnv();
  const destination = opts.destination ?? (format === 'pretty' ? prettyDestination(process.stdout) : pino.destination({ dest: 1, sync: false }));
  return pino(
    {
      level: opts.level ?? logLevelFromEnv(),
      base: { service: 'fireside' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      hooks: {
        // Errors are counted for /metrics (fireside_log_errors_total), whichever module logged them.
        logMethod(args, method, level) {
          if (level >= 50) logErrorsCounter.inc();
          return method.apply(this, args);
        },
      },
    },
    destination,
  );
}

let root: Logger | null = null;

/** The process's logger, made from the environment on first use. */
export function rootLogger(): Logger {
  root ??= createLogger();
  return root;
}

/** How the HTTP APIs (tables, replays) report a failed read: one error line. */
export function apiErrorLog(message: string, logger: Logger = rootLogger()): void {
  logger.error({ event: 'api.failed' }, message);
}

/**
 * A thrown value for the `err` field: an Error as it is (pino serializes its
 * type, message and stack), anything else (a thrown value may be hostile:
 * `{ toString: 1 }`) reduced to a safe message.
 */
export function errorField(e: unknown): Error | { message: string } {
  if (e instanceof Error) return e;
  try {
    return { message: JSON.stringify(e) ?? typeof e };
  } catch {
    return { message: typeof e };
  }
}

/** A Colyseus message (console-style arguments) as one string, cut to a sane length. */
function joinArgs(args: unknown[]): string {
  const text = args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : typeof a === 'string' ? a : safeJson(a))).join(' ');
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return typeof v;
  }
}

/** The object Colyseus' `Server({ logger })` takes: its console-style lines as structured ones (`component: "colyseus"`). */
export function colyseusLogger(logger: Logger): Record<'trace' | 'debug' | 'info' | 'warn' | 'error', (...args: unknown[]) => void> {
  const log = logger.child({ component: 'colyseus' });
  return {
    trace: (...args) => log.trace(joinArgs(args)),
    debug: (...args) => log.debug(joinArgs(args)),
    info: (...args) => log.info(joinArgs(args)),
    warn: (...args) => log.warn(joinArgs(args)),
    error: (...args) => log.error(joinArgs(args)),
  };
}

const LEVEL_LABEL: Record<string, string> = { trace: 'TRACE', debug: 'DEBUG', info: 'INFO ', warn: 'WARN ', error: 'ERROR', fatal: 'FATAL' };
const HIDDEN = new Set(['level', 'time', 'msg', 'service', 'err', 'pid', 'hostname']);

/**
 * Development output without pino-pretty: each JSON line as
 * `12:03:04.567 INFO  room created roomId=abc game=santa`, an error's stack
 * below it.
 */
export function prettyDestination(out: { write(s: string): unknown }): DestinationStream {
  return {
    write(line: string) {
      let rec: Record<string, unknown>;
      try {
        rec = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      const time = typeof rec.time === 'string' ? rec.time.slice(11, 23) : '';
      const fields = Object.entries(rec)
        .filter(([k]) => !HIDDEN.has(k))
        .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join(' ');
      const err = rec.err as { stack?: string; message?: string } | undefined;
      const tail = err ? `\n    ${(err.stack ?? err.message ?? '').split('\n').join('\n    ')}` : '';
      out.write(`${time} ${LEVEL_LABEL[String(rec.level)] ?? rec.level} ${rec.msg ?? ''}${fields ? ` ${fields}` : ''}${tail}\n`);
    },
  };
}

/** A logger that keeps its lines in memory (tests): `lines` as written, `records` parsed (appended to the given array). */
export function memoryLogger(
  level: string = 'debug',
  records: Record<string, unknown>[] = [],
): { logger: Logger; lines: string[]; records: Record<string, unknown>[] } {
  const lines: string[] = [];
  const destination = {
    write(line: string) {
      lines.push(line);
      records.push(JSON.parse(line) as Record<string, unknown>);
    },
  };
  return { logger: createLogger({ level, format: 'json', destination }), lines, records };
}
