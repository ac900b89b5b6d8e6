/**
 * The rules in docs/rules/ against the engines and the in-game rules pages
 * (issue 12): one doc per registered game, its player counts, every room
 * option with its values and default, the table clock's budgets, links to
 * its headings from code, and every number of the in-game rules pages. Each
 * check reads the engine, so changing a rule without its doc fails here.
 * The per-game numbers (decks, board, town) are in rules-facts.test.ts.
 */
import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { gameIds, getGame, type GameId } from '@fireside/shared';
import { z } from '@fireside/shared/engine/zod';
import { optionsSchema as giftTrapOptions } from '@fireside/shared/games/gifttrap/schemas';
import { optionsSchema as santaOptions } from '@fireside/shared/games/santa/schemas';
import { optionsSchema as windCityOptions } from '@fireside/shared/games/windcity/schemas';
import gtEn from '../../client/src/games/gifttrap/i18n/rules-en.js';
import gtFr from '../../client/src/games/gifttrap/i18n/rules-fr.js';
import gtJa from '../../client/src/games/gifttrap/i18n/rules-ja.js';
import scEn from '../../client/src/games/santa/i18n/rules-en.js';
import scFr from '../../client/src/games/santa/i18n/rules-fr.js';
import scJa from '../../client/src/games/santa/i18n/rules-ja.js';
import wcEn from '../../client/src/games/windcity/i18n/rules-en.js';
import wcFr from '../../client/src/games/windcity/i18n/rules-fr.js';
import wcJa from '../../client/src/games/windcity/i18n/rules-ja.js';
import { ROOT, docPath, glance, headings, numbersIn, readDoc, section, tableStarting, tables } from './markdown.js';

/** Each game's options schema: the keys are checked against the registry below, so a new game must be added. */
const OPTIONS: Record<GameId, z.ZodType> = { gifttrap: giftTrapOptions, santa: santaOptions, windcity: windCityOptions };

/** Each game's in-game texts (en, ja, fr); their `rules` subtree is the in-game rules page. */
// The rules pages' texts (loaded with the dialog, see client/src/games/<game>/rules-lazy.ts).
const TEXTS: Record<GameId, { rules: unknown }[]> = {
  gifttrap: [gtEn, gtJa, gtFr].map((rules) => ({ rules })),
  santa: [scEn, scJa, scFr].map((rules) => ({ rules })),
  windcity: [wcEn, wcJa, wcFr].map((rules) => ({ rules })),
};

/** Every phase in which the game waits on someone (all but 'over'): each needs a row in the clock table. */
const TIMED_PHASES: Record<GameId, string[]> = {
  gifttrap: ['layout', 'give', 'want', 'reveal'],
  santa: ['away', 'start', 'pick', 'chooser', 'order', 'move', 'give'],
  windcity: ['hurricane', 'placement', 'plan', 'renew', 'market', 'kauf'],
};

const game = (id: GameId) => getGame(id)!;
const cell = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
const hasToken = (text: string, token: string): boolean => new RegExp(`(^|[^\\w.-])${token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w.-])`).test(text);

interface JsonProp {
  default?: unknown;
  type?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonProp[];
}

/** The values an option names in the doc: its enum members or constants, its bounds, true/false, null. */
function valuesOf(p: JsonProp): { named: unknown[]; bounds: number[] } {
  const parts = [p, ...(p.anyOf ?? [])];
  const named = parts.flatMap((x) => [
    ...(x.enum ?? []),
    ...('const' in x ? [x.const] : []),
    ...(x.type === 'boolean' ? [true, false] : []),
    ...(x.type === 'null' ? [null] : []),
  ]);
  const bounds = parts.flatMap((x) => [x.minimum, x.maximum].filter((b): b is number => b !== undefined));
  return { named, bounds };
}

describe('docs/rules', () => {
  it('has one doc per game of the registry, and the tests know every game', () => {
    expect(Object.keys(OPTIONS).sort()).toEqual([...gameIds].sort());
    for (const id of gameIds) expect(fs.existsSync(docPath(id))).toBe(true);
  });

  it.each(gameIds)('%s: the player counts are the engine’s', (id) => {
    expect(glance(readDoc(id)).get('players')).toBe(`${game(id).minPlayers}–${game(id).maxPlayers}`);
  });

  it.each(gameIds)('%s: every room option, its values and its default are in the options table', (id) => {
    const schema = z.toJSONSchema(OPTIONS[id], { io: 'input' }) as { properties: Record<string, JsonProp> };
    const keys = Object.keys(schema.properties);
    expect(keys).toEqual(expect.arrayContaining(Object.keys(game(id).defaultOptions(game(id).minPlayers))));
    const rows = tableStarting(section(readDoc(id), 'Options'), 'option').rows;
    // Exactly the engine's options: none missing, none the engine no longer has.
    expect(rows.map((r) => r[0]).sort()).toEqual(keys.map((k) => `\`${k}\``).sort());
    for (const [key, prop] of Object.entries(schema.properties)) {
      const [, values, byDefault] = rows.find((r) => r[0] === `\`${key}\``)!;
      const { named, bounds } = valuesOf(prop);
      for (const v of named) expect({ key, values, has: values.includes(`\`${cell(v)}\``) }).toEqual({ key, values, has: true });
      for (const b of bounds) expect({ key, values, has: hasToken(values, String(b)) }).toEqual({ key, values, has: true });
      expect({ key, byDefault }).toEqual({ key, byDefault: `\`${cell(prop.default)}\`` });
    }
  });

  it.each(gameIds)('%s: the table clock gives the engine’s budgets for every step', (id) => {
    const g = game(id);
    const rows = tableStarting(section(readDoc(id), 'Table clock'), 'step').rows;
    expect(rows.map((r) => r[1]).sort()).toEqual(TIMED_PHASES[id].map((p) => `\`${p}\``).sort());
    const state = g.setup(g.minPlayers, g.defaultOptions(g.minPlayers), 'docs');
    for (const [, phase, relaxed, normal, fast] of rows) {
      const step = g.stepClock!({ ...state, phase: phase.replace(/`/g, '') }, 0);
      expect({ phase, budget: [relaxed, normal, fast].map(Number) }).toEqual({ phase, budget: [step!.budget.relaxed, step!.budget.normal, step!.budget.fast] });
    }
  });

  it.each(gameIds)('%s: links inside the doc point at its own headings', (id) => {
    const md = readDoc(id);
    const slugs = new Set(headings(md).map((h) => h.slug));
    const links = [...md.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((l) => !slugs.has(l))).toEqual([]);
  });

  it.each(gameIds)('%s: every number of the in-game rules page (en, ja, fr) is in the doc', (id) => {
    const doc = new Set(numbersIn(readDoc(id)));
    for (const texts of TEXTS[id]) {
      const strings = flatten(texts.rules).map((s) => s.replace(/\{\{\w+\}\}/g, ''));
      expect(strings.length).toBeGreaterThan(10);
      const missing = strings.flatMap((s) =>
        numbersIn(s)
          .filter((n) => !doc.has(n))
          .map((n) => `${n} in "${s}"`),
      );
      expect(missing).toEqual([]);
    }
  });
});

function flatten(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  if (tree && typeof tree === 'object') return Object.values(tree).flatMap(flatten);
  return [];
}

/** Text files of the product (not tests/: they may read the workspaces' own ../shared/src). */
function productFiles(): string[] {
  const out: string[] = [path.join(ROOT, 'README.md')];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|mts|mjs|js|md|html|css|json)$/.test(e.name)) out.push(p);
    }
  };
  for (const dir of ['docs', 'client', 'server', 'shared', 'botclient', 'scripts']) walk(path.join(ROOT, dir));
  return out;
}

describe('references to the rules', () => {
  const files = productFiles().map((f) => ({ file: path.relative(ROOT, f), text: fs.readFileSync(f, 'utf8') }));

  it('none points outside the repository (the rulings and the source texts are not in a clone)', () => {
    const outside = /(\.\.\/|\/)shared\/(rules|seeds)\b/;
    expect(files.filter((f) => outside.test(f.text)).map((f) => f.file)).toEqual([]);
  });

  it('every docs/rules link names an existing doc and, with an anchor, one of its headings', () => {
    const refs = files.flatMap(({ file, text }) =>
      [...text.matchAll(/rules\/(\w+)\.md(?:#([\w-]+))?/g)].map((m) => ({ file, id: m[1], anchor: m[2] ?? null })),
    );
    expect(refs.filter((r) => r.anchor).length).toBeGreaterThan(3);
    const broken = refs.filter((r) => {
      if (!fs.existsSync(docPath(r.id))) return true;
      return r.anchor !== null && !headings(readDoc(r.id)).some((h) => h.slug === r.anchor);
    });
    expect(broken).toEqual([]);
  });

  it('the README links every game’s doc, with the engine’s player counts', () => {
    const games = tables(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')).find((t) => t.header[0] === 'game')!;
    for (const id of gameIds) {
      const row = games.rows.find((r) => r.some((c) => c.includes(`(docs/rules/${id}.md)`)));
      expect({ id, players: row?.[1] }).toEqual({ id, players: `${game(id).minPlayers}–${game(id).maxPlayers}` });
    }
  });
});
