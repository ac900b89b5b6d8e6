#!/usr/bin/env node
/**
 * The size rule (files ≤ 400 lines) for the client's stylesheets: ESLint holds
 * the TypeScript to it, this holds every .css file under client/src (run by
 * `npm run lint`). Prints each file over the limit with its line count and
 * exits 1; silent and 0 when all fit.
 *
 * Usage: node scripts/check-css-size.mjs [dir ...]   (default: client/src)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAX_LINES = 400;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every .css file under `dir`, at any depth. */
function cssFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.css'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Lines as an editor counts them (a final newline ends the last line, it does not start another). */
function lineCount(file) {
  const text = readFileSync(file, 'utf8');
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

const dirs = process.argv.length > 2 ? process.argv.slice(2) : [path.join(ROOT, 'client', 'src')];
const tooLong = dirs
  .flatMap(cssFiles)
  .map((file) => ({ file: path.relative(ROOT, file), lines: lineCount(file) }))
  .filter((f) => f.lines > MAX_LINES);

for (const f of tooLong) {
  console.error(`${f.file}: ${f.lines} lines (at most ${MAX_LINES}: split it, see client/src/styles.css)`);
}
if (tooLong.length) process.exit(1);
