/**
 * Loads Node's built-in `node:sqlite` without its ExperimentalWarning.
 *
 * Node 22 prints "ExperimentalWarning: SQLite is an experimental feature..."
 * once, through process.emitWarning, when the module is first loaded. We load
 * it synchronously (process.getBuiltinModule, Node >= 22.3) with emitWarning
 * wrapped for exactly that call and that warning; every other warning, and
 * every later one, passes through untouched. No flag and no global listener.
 *
 * This file has no relative imports so a test can run it in a fresh node.
 */
import type * as Sqlite from 'node:sqlite';

let loaded: typeof Sqlite | undefined;

function isSqliteWarning(warning: unknown, typeOrOptions: unknown): boolean {
  const type = typeof typeOrOptions === 'string' ? typeOrOptions : (typeOrOptions as { type?: string } | undefined)?.type;
  const name = warning instanceof Error ? warning.name : type;
  const text = warning instanceof Error ? warning.message : String(warning);
  return name === 'ExperimentalWarning' && text.startsWith('SQLite is an experimental feature');
}

export function loadSqlite(): typeof Sqlite {
  if (loaded) return loaded;
  // (Under jest the warning still shows: its sandboxed `process` is not the one Node's internals call.)
  const emit = process.emitWarning;
  process.emitWarning = function (this: unknown, warning: unknown, ...rest: unknown[]) {
    if (isSqliteWarning(warning, rest[0])) return;
    return (emit as (...a: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    loaded = process.getBuiltinModule('node:sqlite') as typeof Sqlite;
  } finally {
    process.emitWarning = emit;
  }
  return loaded;
}
