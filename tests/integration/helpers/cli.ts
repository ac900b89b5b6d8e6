/**
 * Runs the built bot client CLI (botclient/dist/cli.js) as a child process,
 * building shared and botclient first when their dist is missing or older
 * than their sources.
 */
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const CLI = path.join(ROOT, 'botclient', 'dist', 'cli.js');

function newest(dir: string, filter: (f: string) => boolean): number {
  let t = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) t = Math.max(t, newest(p, filter));
    else if (filter(entry.name)) t = Math.max(t, fs.statSync(p).mtimeMs);
  }
  return t;
}

/** Builds `pkg` (npm workspace) if its dist is older than its sources. */
export function ensureBuilt(pkg: 'shared' | 'server' | 'botclient'): void {
  const src = newest(path.join(ROOT, pkg, 'src'), (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const dist = newest(path.join(ROOT, pkg, 'dist'), (f) => f.endsWith('.js'));
  if (dist >= src) return;
  execFileSync('npx', ['tsc', '-p', path.join(ROOT, pkg, 'tsconfig.json')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

export function ensureCliBuilt(): void {
  ensureBuilt('shared');
  ensureBuilt('botclient');
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export function runCli(args: string[], opts: { timeoutMs?: number; onStderr?: (chunk: string) => void } = {}): Promise<CliRun> {
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      opts.onStderr?.(d);
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`bot CLI did not exit within ${opts.timeoutMs} ms; stderr:\n${stderr}`));
    }, opts.timeoutMs ?? 120_000);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - t0 });
    });
  });
}
