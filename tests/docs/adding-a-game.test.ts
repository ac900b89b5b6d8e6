/**
 * docs/architecture.md's "Adding a game" checklist is true: every file it
 * names outside a game's own folders exists, and no other code file outside
 * them lists the games by hand (names every registered game's id). A new
 * place that writes the game list fails here until the checklist names it,
 * or it derives the list from the metas instead.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { metaIds } from '@fireside/shared';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CODE_DIRS = ['shared/src', 'server/src', 'server/testing', 'client/src', 'client/build', 'botclient/src', 'tests', 'scripts'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'artifacts', 'generated']);

/** The checklist's list of what a new game needs outside its own folders. */
function outsideList(): string {
  const doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
  const section = doc.split('\n## Adding a game\n')[1]?.split('\n## ')[0];
  if (!section) throw new Error('docs/architecture.md has no "## Adding a game" section');
  const outside = section.split('\nAnd outside them')[1];
  if (!outside) throw new Error('"## Adding a game" has no "And outside them" list');
  return outside;
}

/** The repository paths the list names in backticks (`leak/<id>.ts`-style names relative to another are not paths). */
function namedPaths(): string[] {
  const named = [...outsideList().matchAll(/`([\w./<>-]+\.(?:ts|mjs|js|md))`/g)].map((m) => m[1]);
  return named.filter((p) => p.includes('/') && !p.includes('<id>') && existsSync(path.join(ROOT, path.dirname(p))));
}

/** Is `rel` inside a game's own folders (shared/src/games/<id>/, client/src/games/<id>/)? */
function inGameFolder(rel: string): boolean {
  return metaIds.some((id) => rel.startsWith(`shared/src/games/${id}/`) || rel.startsWith(`client/src/games/${id}/`));
}

function* codeFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* codeFiles(rel);
    } else if (/\.(ts|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) yield rel;
  }
}

/** Names every registered game by its id, as a word: a game list written by hand. */
function listsEveryGame(text: string): boolean {
  return metaIds.every((id) => new RegExp(`\\b${id}\\b`).test(text));
}

describe('docs/architecture.md, "Adding a game"', () => {
  it('names files that exist', () => {
    const named = namedPaths();
    expect(named.length).toBeGreaterThanOrEqual(8);
    expect(named.filter((p) => !existsSync(path.join(ROOT, p)))).toEqual([]);
  });

  it('names every code file outside the games’ folders that lists the games by hand', () => {
    const named = new Set(namedPaths());
    const handLists = CODE_DIRS.flatMap((dir) => [...codeFiles(dir)]).filter(
      (rel) => !inGameFolder(rel) && rel !== 'tests/docs/adding-a-game.test.ts' && listsEveryGame(readFileSync(path.join(ROOT, rel), 'utf8')),
    );
    expect(handLists.length).toBeGreaterThan(0); // the registries themselves: the scan sees them
    expect(handLists.filter((rel) => !named.has(rel))).toEqual([]);
  });
});
