/**
 * A throwaway Redis for tests and benchmarks: Debian's `redis-server` on a
 * free loopback port, in a temp dir, with no persistence (no RDB snapshot,
 * no append-only file). Stop it with stop(): the dir is removed.
 *
 * Self-contained (node builtins only, erasable TypeScript) so a plain .mjs
 * script can import it directly on Node >= 22.18, like pg-cluster.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RedisServer {
  url: string; // redis://127.0.0.1:<port>
  port: number;
  /** The redis-server process (benchmarks read its CPU and memory). */
  pid: number;
  dir: string; // temp dir: redis.log
  startupMs: number;
  stop(): Promise<void>;
}

const INSTALL_HINT = 'install it with `apt-get install -y redis-server` (or set FIRESIDE_REDIS_BIN)';

/** FIRESIDE_REDIS_BIN, else Debian's /usr/bin/redis-server. */
export function findRedisServer(): string {
  const bin = process.env.FIRESIDE_REDIS_BIN || '/usr/bin/redis-server';
  if (!existsSync(bin)) throw new Error(`redis-server not found at ${bin}: ${INSTALL_HINT}`);
  return bin;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const readLog = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '(no log)');

/** One PING in the inline protocol: true if the server answers +PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => {
      answer += d.toString('latin1');
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
  });
}

async function waitReady(port: number, child: ChildProcess, timeoutMs: number): Promise<string | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return `redis-server exited (${child.exitCode ?? child.signalCode})`;
    if (await ping(port)) return null;
    await sleep(50);
  }
  return `redis-server not ready after ${timeoutMs} ms`;
}

function launch(bin: string, dir: string, port: number): ChildProcess {
  // Arguments as in redis.conf (`--name value`): loopback only, no persistence, its files in `dir`.
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--logfile', join(dir, 'redis.log')];
  args.push('--save', '', '--appendonly', 'no', '--daemonize', 'no', '--databases', '1');
  return spawn(bin, args, { stdio: 'ignore' });
}

async function shutdown(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM'); // no persistence: it exits at once
  if ((await Promise.race([exited.then(() => true), sleep(5000).then(() => false)])) === false) {
    child.kill('SIGKILL');
    await exited;
  }
}

export async function startRedisServer(opts: { timeoutMs?: number } = {}): Promise<RedisServer> {
  const t0 = Date.now();
  const bin = findRedisServer();
  const dir = mkdtempSync(join(tmpdir(), 'fireside-redis-'));
  try {
    // A free port may be taken before redis binds it: try a few.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const child = launch(bin, dir, port);
      // Last resort if the process exits without stop(): no server is left behind.
      const onExit = () => child.kill('SIGKILL');
      process.once('exit', onExit);
      const failure = await waitReady(port, child, opts.timeoutMs ?? 10_000);
      if (!failure) {
        const stop = async () => {
          process.removeListener('exit', onExit);
          await shutdown(child);
          rmSync(dir, { recursive: true, force: true });
        };
        return { url: `redis://127.0.0.1:${port}`, port, pid: child.pid!, dir, startupMs: Date.now() - t0, stop };
      }
      await shutdown(child);
      process.removeListener('exit', onExit);
      const log = readLog(join(dir, 'redis.log'));
      if (attempt < 3 && /address already in use/i.test(log)) continue;
      throw new Error(`${failure} (${bin}, port ${port}); redis.log:\n${log}`);
    }
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}
