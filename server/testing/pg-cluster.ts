/**
 * A throwaway Postgres cluster for tests and benchmarks: initdb into a temp
 * dir, `postgres` on a free loopback port with its socket in that dir, trust
 * auth for the superuser `fireside`. Stop it with stop(): the dir is removed.
 *
 * Postgres refuses to run as root, so as root every binary runs as the
 * `postgres` system user (runuser) and the temp dir is handed to it.
 *
 * Self-contained (node builtins and pg only, erasable TypeScript) so a plain
 * .mjs script can import it directly on Node >= 22.18.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface PgCluster {
  url: string; // postgres://fireside@127.0.0.1:<port>/postgres
  port: number;
  dir: string; // temp dir: data/, the socket, postgres.log
  startupMs: number; // initdb + start until a connection succeeds
  stop(): Promise<void>;
}

const INSTALL_HINT = 'install the server binaries with `apt-get install -y postgresql` (or set FIRESIDE_TEST_DATABASE_URL)';

const hasServer = (bin: string) => existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'postgres'));

/** FIRESIDE_PG_BIN, else the newest <root>/<version>/bin holding initdb and postgres. */
export function findPgBin(root = '/usr/lib/postgresql'): string {
  const fromEnv = process.env.FIRESIDE_PG_BIN;
  if (fromEnv) {
    if (hasServer(fromEnv)) return fromEnv;
    throw new Error(`FIRESIDE_PG_BIN=${fromEnv} holds no initdb and postgres: ${INSTALL_HINT}`);
  }
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  const found = versions.map((v) => join(root, v, 'bin')).find(hasServer);
  if (!found) throw new Error(`PostgreSQL server binaries not found in ${root}/<version>/bin: ${INSTALL_HINT}`);
  return found;
}

interface RunAs {
  cmd(bin: string, args: string[]): [string, string[]];
  chown(path: string): void;
}

function runAs(): RunAs {
  if (process.getuid?.() !== 0) return { cmd: (bin, args) => [bin, args], chown: () => undefined };
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
  } catch {
    throw new Error(`running as root, but there is no \`postgres\` system user to run Postgres as: ${INSTALL_HINT}`);
  }
  return { cmd: (bin, args) => ['runuser', ['-u', 'postgres', '--', bin, ...args]], chown: (p) => chownSync(p, uid, gid) };
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

function initdb(as: RunAs, bin: string, data: string): Promise<void> {
  // -N: no fsync during initdb (a throwaway cluster); the running server keeps fsync on.
  const args = ['-D', data, '-U', 'fireside', '--auth=trust', '-E', 'UTF8', '--locale=C', '-N'];
  const [cmd, argv] = as.cmd(join(bin, 'initdb'), args);
  return new Promise((resolve, reject) => {
    execFile(cmd, argv, (err, stdout, stderr) => (err ? reject(new Error(`initdb failed: ${err.message}\n${stdout}${stderr}`)) : resolve()));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const readLog = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '(no log)');

/** Polls by connecting; fails early if the server exits, late after timeoutMs. Returns why it failed, or null. */
async function waitReady(url: string, child: ChildProcess, timeoutMs: number): Promise<string | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return `postgres exited (${child.exitCode ?? child.signalCode})`;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      return null;
    } catch {
      await sleep(100);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return `postgres not ready after ${timeoutMs} ms`;
}

function launch(as: RunAs, bin: string, dir: string, port: number): ChildProcess {
  const args = ['-D', join(dir, 'data'), '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1'];
  const [cmd, argv] = as.cmd(join(bin, 'postgres'), [...args, '-c', 'shared_buffers=32MB', '-c', 'max_connections=60']);
  const log = openSync(join(dir, 'postgres.log'), 'a');
  try {
    return spawn(cmd, argv, { stdio: ['ignore', log, log] });
  } finally {
    closeSync(log);
  }
}

/** Signals the postmaster itself (as root, `child` is runuser) and waits for it to go. */
async function shutdown(child: ChildProcess, dir: string): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  const pidFile = join(dir, 'data', 'postmaster.pid');
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : child.pid;
  const kill = (sig: NodeJS.Signals) => {
    try {
      if (pid) process.kill(pid, sig);
    } catch {
      // already gone
    }
  };
  kill('SIGINT'); // "fast" shutdown: ends sessions, no waiting for clients
  if ((await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)])) === false) {
    kill('SIGKILL');
    await exited;
  }
}

export async function startPgCluster(opts: { timeoutMs?: number } = {}): Promise<PgCluster> {
  const t0 = Date.now();
  const bin = findPgBin();
  const as = runAs();
  const dir = mkdtempSync(join(tmpdir(), 'fireside-pg-'));
  as.chown(dir);
  try {
    await initdb(as, bin, join(dir, 'data'));
    // A free port may be taken before postgres binds it: try a few.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const url = `postgres://fireside@127.0.0.1:${port}/postgres`;
      const child = launch(as, bin, dir, port);
      const onExit = () => shutdownSync(dir);
      process.once('exit', onExit);
      const failure = await waitReady(url, child, opts.timeoutMs ?? 30_000);
      if (!failure) {
        const stop = async () => {
          process.removeListener('exit', onExit);
          await shutdown(child, dir);
          rmSync(dir, { recursive: true, force: true });
        };
        return { url, port, dir, startupMs: Date.now() - t0, stop };
      }
      await shutdown(child, dir);
      process.removeListener('exit', onExit);
      const log = readLog(join(dir, 'postgres.log'));
      if (attempt < 3 && /could not bind|address already in use/i.test(log)) continue;
      throw new Error(`${failure} (${bin}, port ${port}); postgres.log:\n${log}`);
    }
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/** Last resort if the process exits without stop(): an immediate shutdown, so no server is left behind. */
function shutdownSync(dir: string): void {
  try {
    const pid = Number(readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (pid) process.kill(pid, 'SIGQUIT');
  } catch {
    // not running
  }
}
