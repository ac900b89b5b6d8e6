/**
 * The one way tests and load scripts start a Fireside server: the built
 * production server (`node server/dist/index.js`, as the container runs it)
 * as a child process, on a free port (or a given one), with a throwaway data
 * dir (removed when it stops) or a given one (kept), its output captured line
 * by line (or written to a file), waited for until it answers, stopped
 * gracefully (SIGTERM, then SIGKILL) or killed (SIGKILL, a crash as far as it
 * can tell), and restarted on the same port and data dir.
 *
 * Plain `node` runs the load scripts (.mjs) that import this file too: Node
 * 22.18+ strips its types. So it uses only erasable TypeScript (no enums,
 * namespaces or parameter properties) and imports only node: modules.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_ENTRY = path.join(ROOT, 'server', 'dist', 'index.js');

/**
 * The server's abuse limits (server/src/limits/), lifted: a benchmark or the
 * fuzzer drives hundreds of rooms and thousands of connections from
 * 127.0.0.1, which is just what the limits refuse from one address.
 */
export const UNLIMITED_ENV: Record<string, string> = {
  FIRESIDE_ROOMS_PER_MINUTE: '1000000',
  FIRESIDE_OPEN_ROOMS_PER_ADDRESS: '1000000',
  FIRESIDE_MAX_ROOMS: '1000000',
  FIRESIDE_CONNECTIONS_PER_ADDRESS: '1000000',
  FIRESIDE_JOINS_PER_MINUTE: '1000000',
};

/** What a start waits for before it resolves. */
export type Readiness =
  /** An HTTP 200 from GET /healthz (the default). */
  | 'healthz'
  /** The server's "Fireside listening" log line. */
  | 'listening'
  /** Nothing: the process is spawned, the caller waits (or watches it fail). */
  | 'none';

export interface LaunchOptions {
  /** Settings (FIRESIDE_*, DATABASE_URL, REDIS_URL, FIRESIDE_PUBLIC_ADDRESS…), over the inherited environment. */
  env?: Record<string, string>;
  /** false: the server sees only PATH and `env` (a start-up refusal test), not this process's environment. */
  inheritEnv?: boolean;
  /** The port to listen on; a free one if not given. */
  port?: number;
  /** A data dir that is kept; if not given, a throwaway one, removed once the server stops for good. */
  dataDir?: string;
  /** The throwaway data dir's name prefix (in the OS temp dir). */
  dataDirPrefix?: string;
  /** The server's working directory (default: the repository's root). */
  cwd?: string;
  /** Node flags before the entry point (e.g. --expose-gc). */
  nodeArgs?: string[];
  /** The host in `base` (default 127.0.0.1; the browser tests use localhost). */
  host?: string;
  wait?: Readiness;
  /** How long the start may take: 60 s, for a loaded 2-core CI machine (starts of over 20 s were seen). */
  waitMs?: number;
  /** Both output streams go (appended) to this file instead of memory: log() reads it back. */
  logFile?: string;
  /** Called with every stderr line as it comes (e.g. to echo it). */
  onStderr?: (line: string) => void;
}

export interface StopOptions {
  graceMs?: number;
  keepData?: boolean;
}

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  /** http://127.0.0.1:<port> (or the `host` option's). */
  base: string;
  port: number;
  pid: number;
  dataDir: string;
  process: ChildProcess;
  /** Lines the server wrote, in order (empty with a logFile). */
  stdout: string[];
  stderr: string[];
  /** Everything it wrote: its stdout lines, then its stderr lines (or the logFile's text). */
  log(): string;
  /** Set once the process has exited (a crash, unless it was stopped). */
  exit: ServerExit | null;
  exited: Promise<ServerExit>;
  /** From spawn to ready (ms), as `wait` says; 0 with 'none'. */
  readyMs: number;
  /** Resident set size of the server process, in KB (Linux /proc); 0 once it is gone. */
  rssKb(): number;
  /**
   * SIGTERM (graceful shutdown), SIGKILL if it has not exited within `graceMs`
   * (10 s); a throwaway data dir is removed unless `keepData` (for a restart()
   * later). Resolves once the process has exited; at once if it already had.
   */
  stop(opts?: StopOptions): Promise<ServerExit>;
  /** SIGKILL: a crash or a power cut, as far as the process can tell; the data dir as stop()'s. */
  kill(opts?: Pick<StopOptions, 'keepData'>): Promise<ServerExit>;
  /**
   * Stops this process ('stop', graceful; or 'kill', SIGKILL) keeping its data,
   * and starts a new one on the same port and data dir with the same options
   * (and `env` over them), as a deploy or a crash and a restart would. The
   * new process owns the data dir from then on. `more.env` goes over the
   * settings; `more.wait` replaces what the start waits for.
   */
  restart(how?: 'stop' | 'kill', more?: Pick<LaunchOptions, 'env' | 'wait'>): Promise<ServerProcess>;
}

export async function freePort(): Promise<number> {
  const s = net.createServer();
  s.unref();
  await new Promise<void>((resolve, reject) => {
    s.once('error', reject);
    s.listen(0, '127.0.0.1', resolve);
  });
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** VmRSS of a process in KB, or 0 once it is gone. */
export function rssKbOf(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function splitLines(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    rest += chunk;
    const parts = rest.split('\n');
    rest = parts.pop()!;
    for (const line of parts) onLine(line);
  });
  stream.on('end', () => {
    if (rest) onLine(rest);
  });
}

/** Starts the built server (see LaunchOptions) and waits until it is ready. */
export async function launchServer(opts: LaunchOptions = {}): Promise<ServerProcess> {
  return start(opts, opts.dataDir === undefined);
}

/**
 * Starts the built server and waits for it to exit by itself (a refusal to
 * start): its exit and its output. Killed, and an error, after `waitMs`.
 */
export async function runServerToExit(opts: LaunchOptions = {}): Promise<ServerExit & { stdout: string; stderr: string }> {
  const server = await launchServer({ ...opts, wait: 'none' });
  const waitMs = opts.waitMs ?? 60_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), waitMs)));
  const result = await Promise.race([server.exited, timedOut]);
  clearTimeout(timer);
  if (result === 'timeout') {
    await server.kill();
    throw new Error(`the server (port ${server.port}) was expected to exit by itself, but ran for ${waitMs / 1000} s:\n${tail(server.log())}`);
  }
  await server.kill(); // removes a throwaway data dir
  return { ...result, stdout: server.stdout.join('\n'), stderr: server.stderr.join('\n') };
}

/** The last lines of a log, for an error message. */
function tail(log: string, lines = 40): string {
  const all = log.trimEnd().split('\n');
  return (all.length > lines ? ['…', ...all.slice(-lines)] : all).join('\n') || '(no output)';
}

function childEnv(opts: LaunchOptions, port: number, dataDir: string): NodeJS.ProcessEnv {
  const inherited = opts.inheritEnv === false ? { PATH: process.env.PATH } : { ...process.env, NODE_OPTIONS: '' };
  return { ...inherited, ...opts.env, PORT: String(port), FIRESIDE_DATA_DIR: dataDir };
}

/** `ownsData`: the data dir is a throwaway one, to remove when the server stops (unless it restarts). */
async function start(opts: LaunchOptions, ownsDataDir: boolean): Promise<ServerProcess> {
  let ownsData = ownsDataDir;
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first.`);
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), opts.dataDirPrefix ?? 'fireside-server-'));
  const logFd = opts.logFile ? fs.openSync(opts.logFile, 'a') : undefined;
  const t0 = performance.now();
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), SERVER_ENTRY], {
    cwd: opts.cwd ?? ROOT,
    env: childEnv(opts, port, dataDir),
    stdio: ['ignore', logFd ?? 'pipe', logFd ?? 'pipe'],
  });
  if (logFd !== undefined) fs.closeSync(logFd);
  const exited = new Promise<ServerExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const server: ServerProcess = {
    base: `http://${opts.host ?? '127.0.0.1'}:${port}`,
    port,
    pid: child.pid!,
    dataDir,
    process: child,
    stdout: [],
    stderr: [],
    log: () => (opts.logFile ? fs.readFileSync(opts.logFile, 'utf8') : [...server.stdout, ...server.stderr].join('\n')),
    exit: null,
    exited,
    readyMs: 0,
    rssKb: () => rssKbOf(child.pid!),
    stop: ({ graceMs = 10_000, keepData = false } = {}) => end('SIGTERM', graceMs, keepData),
    kill: ({ keepData = false } = {}) => end('SIGKILL', 0, keepData),
    restart: async (how = 'stop', more = {}) => {
      await end(how === 'stop' ? 'SIGTERM' : 'SIGKILL', 10_000, true);
      if (!fs.existsSync(dataDir))
        throw new Error(`cannot restart the server of port ${port}: its data dir was removed when it stopped (stop or kill it with { keepData: true } first)`);
      const owned = ownsData;
      ownsData = false; // the new process's, from now on (even if this one is stopped again)
      return start({ ...opts, wait: more.wait ?? opts.wait, env: { ...opts.env, ...more.env }, port, dataDir }, owned);
    },
  };
  // A script that throws (or exits) with the server still running must not leave it behind, holding its port.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then((e) => {
    server.exit = e;
    process.off('exit', killOnExit);
  });
  if (logFd === undefined) {
    splitLines(child.stdout!, (line) => server.stdout.push(line));
    splitLines(child.stderr!, (line) => {
      server.stderr.push(line);
      opts.onStderr?.(line);
    });
  }

  async function end(signal: 'SIGTERM' | 'SIGKILL', graceMs: number, keepData: boolean): Promise<ServerExit> {
    if (server.exit === null) {
      child.kill(signal);
      const timer = signal === 'SIGTERM' ? setTimeout(() => child.kill('SIGKILL'), graceMs) : undefined;
      await exited;
      clearTimeout(timer);
    }
    if (ownsData && !keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    return exited;
  }

  try {
    await untilReady(server, opts.wait ?? 'healthz', opts.waitMs ?? 60_000);
  } catch (e) {
    await end('SIGKILL', 0, false);
    throw e;
  }
  server.readyMs = opts.wait === 'none' ? 0 : performance.now() - t0;
  return server;
}

async function answersHealthz(base: string): Promise<boolean> {
  try {
    return (await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5000) })).ok;
  } catch {
    return false; // not up yet
  }
}

async function untilReady(server: ServerProcess, wait: Readiness, waitMs: number): Promise<void> {
  if (wait === 'none') return;
  const what = wait === 'healthz' ? `an HTTP 200 from ${server.base}/healthz` : 'its "Fireside listening" log line';
  const deadline = Date.now() + waitMs;
  for (;;) {
    const ready = wait === 'healthz' ? await answersHealthz(server.base) : server.log().includes('Fireside listening');
    if (ready) return;
    if (server.exit !== null) {
      const how = server.exit.signal ?? `code ${server.exit.code}`;
      throw new Error(`the server (port ${server.port}) exited (${how}) before ${what}; its last output:\n${tail(server.log())}`);
    }
    if (Date.now() > deadline) {
      throw new Error(
        `the server (port ${server.port}) gave no ${what.replace(/^(an|its) /, '')} within ${waitMs / 1000} s; its last output:\n${tail(server.log())}`,
      );
    }
    await sleep(wait === 'healthz' ? 100 : 25);
  }
}
