/**
 * The built production server (`node server/dist/index.js`, as the container
 * runs it) as a child process on a free port, with its own throwaway data
 * dir, its stdout and stderr captured line by line, and its memory read from
 * /proc. The fuzzer and the soak test talk to it only over the network, so
 * a crash is a crash of a real server process, and whatever it logs is seen.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ENTRY = path.join(ROOT, 'server', 'dist', 'index.js');

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  /** Lines the server wrote, in order. */
  stdout: string[];
  stderr: string[];
  /** Set once the process has exited (a crash, unless stop() was called). */
  exit: { code: number | null; signal: NodeJS.Signals | null } | null;
  /** Resident set size of the server process, in KB (Linux /proc). */
  rssKb(): number;
  /** SIGTERM (graceful shutdown), SIGKILL after 10 s; the data dir is removed. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

function lines(stream: NodeJS.ReadableStream, into: string[], onLine?: (line: string) => void): void {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    rest += chunk;
    const parts = rest.split('\n');
    rest = parts.pop()!;
    for (const line of parts) {
      into.push(line);
      onLine?.(line);
    }
  });
  stream.on('end', () => {
    if (rest) into.push(rest);
  });
}

/** VmRSS of a process in KB, or 0 once it is gone. */
export function rssKbOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

export interface SpawnOptions {
  /** Extra environment (FIRESIDE_BOT_DELAY_MS, …). */
  env?: Record<string, string>;
  /** Node flags before the entry point (e.g. --expose-gc). */
  nodeArgs?: string[];
  /** Called with every stderr line as it comes (e.g. to echo it). */
  onStderr?: (line: string) => void;
}

export async function spawnServer(opts: SpawnOptions = {}): Promise<ServerProcess> {
  if (!fs.existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run \`npm run build\` first.`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fireside-fuzz-'));
  const child: ChildProcess = spawn(process.execPath, [...(opts.nodeArgs ?? []), ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      FIRESIDE_DATA_DIR: dataDir,
      FIRESIDE_CLIENT_DIST: '/nonexistent',
      NODE_OPTIONS: '',
      // One address plays every table and opens hundreds of bare sockets: lift the abuse limits (their own tests are in tests/integration).
      FIRESIDE_ROOMS_PER_MINUTE: '1000000',
      FIRESIDE_OPEN_ROOMS_PER_ADDRESS: '1000000',
      FIRESIDE_CONNECTIONS_PER_ADDRESS: '1000000',
      FIRESIDE_JOINS_PER_MINUTE: '1000000',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    stdout: [],
    stderr: [],
    exit: null,
    rssKb: () => rssKbOf(child.pid!),
    stop: async () => {
      if (proc.exit === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  lines(child.stdout!, proc.stdout);
  lines(child.stderr!, proc.stderr, opts.onStderr);
  child.on('exit', (code, signal) => (proc.exit = { code, signal }));

  const deadline = Date.now() + 30_000;
  while (!proc.stdout.some((l) => l.includes('Fireside listening'))) {
    if (proc.exit !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${[...proc.stdout, ...proc.stderr].join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return proc;
}
