/**
 * The numbers and the game data each rules doc states, against the engines:
 * the "At a glance" tables, Gift Trap's layouts, Santa's away markers and
 * town, Wind City's land, board and deck. Rebuilt from the engine's data
 * here, so a changed card, house, street or price fails until its doc says so.
 */
import { describe, expect, it } from '@jest/globals';
import { getGame } from '@fireside/shared';
import { z } from '@fireside/shared/engine/zod';
import { CATALOGUE } from '@fireside/shared/games/gifttrap/catalogue';
import { MAX_SLOTS, WANT_KEYS, slotCount } from '@fireside/shared/games/gifttrap/rules';
import { optionsSchema as giftTrapOptions } from '@fireside/shared/games/gifttrap/schemas';
import { TIERS, UNWANTED_VALUE, WANT_VALUES } from '@fireside/shared/games/gifttrap/types';
import { AWAY_MARKERS, CARDS as SANTA_CARDS, ROUNDS, SIGHTING_POINTS, SUPPLY, awayMarkerCount, maxSteps } from '@fireside/shared/games/santa/queries';
import { optionsSchema as santaOptions } from '@fireside/shared/games/santa/schemas';
import { ELFENBEIN } from '@fireside/shared/games/santa/town';
import type { SantaOptions } from '@fireside/shared/games/santa/types';
import * as board from '@fireside/shared/games/windcity/board';
import { CARDS as WIND_CARDS } from '@fireside/shared/games/windcity/cards';
import { CALM_PAY, MAX_PLAN, OBSERVATORY_PAY, housePoints, marketPrice, renewPrice } from '@fireside/shared/games/windcity/queries';
import type { HouseSquare } from '@fireside/shared/games/windcity/types';
import { codeBlocks, glance, readDoc, section, signed, tableStarting } from './markdown.js';
import { townMap } from './town-map.js';

const range = (lo: number, hi: number): number[] => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
const players = (id: string): number[] => range(getGame(id)!.minPlayers, getGame(id)!.maxPlayers);
const enumOf = (schema: z.ZodType, key: string): unknown[] => {
  const prop = (z.toJSONSchema(schema, { io: 'input' }) as { properties: Record<string, { enum?: unknown[]; anyOf?: { const?: unknown }[] }> }).properties[key];
  return prop.enum ?? (prop.anyOf ?? []).map((x) => x.const);
};

describe('docs/rules/gifttrap.md', () => {
  const md = readDoc('gifttrap');
  const at = glance(md);

  it('states the track goals, the tiles and the decks', () => {
    const goals = enumOf(giftTrapOptions, 'goal');
    expect(at.get('track goal')).toBe(`${goals.slice(0, -1).join(', ')} or ${goals.at(-1)} (default ${getGame('gifttrap')!.defaultOptions(3).goal})`);
    expect(at.get('wish tiles')).toBe(WANT_KEYS.map((k) => signed(WANT_VALUES[k])).join(', '));
    expect(at.get('gift opened without a wish tile')).toBe(signed(UNWANTED_VALUE));
    const sizes = new Set(TIERS.map((t) => CATALOGUE[t].length));
    expect(sizes.size).toBe(1);
    expect(at.get('cards per tier')).toBe(String([...sizes][0]));
    expect(at.get('most gifts on the board')).toBe(String(MAX_SLOTS));
  });

  it('gives the layout of every player count, with and without double gifts', () => {
    const table = tableStarting(section(md, 'At a glance'), 'players');
    const ns = players('gifttrap');
    expect(table.header.slice(1)).toEqual(ns.map(String));
    const doubleOk = (n: number) => getGame('gifttrap')!.parseOptions({ doubleGifts: true }, n).ok;
    expect(table.rows).toEqual([
      ['gifts laid out', ...ns.map((n) => String(slotCount(n, false)))],
      ['with double gifts', ...ns.map((n) => (doubleOk(n) ? String(slotCount(n, true)) : '—'))],
    ]);
  });
});

describe('docs/rules/santa.md', () => {
  const md = readDoc('santa');
  const at = glance(md);

  it('states the rounds, cards, supply, points and steps', () => {
    expect(at.get('rounds')).toBe(String(ROUNDS));
    expect(at.get('cards per player')).toBe(`${SANTA_CARDS.length} (A = 1, 2–10, J = 11, Q = 12, K = ${Math.max(...SANTA_CARDS)})`);
    expect(at.get("presents in Santa's supply")).toBe(String(SUPPLY));
    expect(at.get('away markers in the box')).toBe(String(AWAY_MARKERS));
    expect(at.get('a kid sees Santa')).toBe(`${signed(SIGHTING_POINTS)} kid`);
    // The boundaries of the card ranges: A–5 walk alike, 6 walks further.
    expect([maxSteps(1), maxSteps(6)]).toEqual([maxSteps(5), maxSteps(10)]);
    expect(maxSteps(6)).not.toBe(maxSteps(5));
    expect(at.get('steps with A–5')).toBe(`1–${maxSteps(5)}`);
    expect(at.get('steps with 6–10')).toBe(`1–${maxSteps(10)}`);
    expect(at.get('houses, streets, paths')).toBe(`${ELFENBEIN.houses.length}, ${ELFENBEIN.streets.length}, ${ELFENBEIN.paths.length}`);
  });

  it('gives the away markers of every variant and player count', () => {
    const table = tableStarting(section(md, 'At a glance'), 'variant');
    const ns = players('santa');
    expect(table.header.slice(1)).toEqual(ns.map((n) => `${n} players`));
    const variants = enumOf(santaOptions, 'awayMarkers') as SantaOptions['awayMarkers'][];
    const options = (v: SantaOptions['awayMarkers']): SantaOptions => ({ awayMarkers: v, tieBreak: 'lowest-card' });
    expect(table.rows).toEqual(variants.map((v) => [`\`${v}\``, ...ns.map((n) => String(awayMarkerCount(options(v), n)))]));
  });

  it('draws the town and lists every house with its streets and paths', () => {
    expect(codeBlocks(section(md, 'The town'))).toContain(`${townMap(ELFENBEIN)}\n`);
    const label = (id: number) => Number(ELFENBEIN.houses[id].label);
    const links = (id: number, list: { a: number; b: number }[]) =>
      list
        .filter((l) => l.a === id || l.b === id)
        .map((l) => label(l.a === id ? l.b : l.a))
        .sort((x, y) => x - y)
        .join(', ') || '—';
    const expected = ELFENBEIN.houses.map((h) => [h.label, h.name.en, `${h.col}, ${h.row}`, links(h.id, ELFENBEIN.streets), links(h.id, ELFENBEIN.paths)]);
    expect(tableStarting(section(md, 'The town'), 'house').rows).toEqual(expected);
  });
});

describe('docs/rules/windcity.md', () => {
  const md = readDoc('windcity');
  const at = glance(md);
  const name = (sq: number) => `${'ABCDEFGH'[board.colOf(sq)]}${board.rowOf(sq) + 1}`;
  const house = (count: 1 | 2): HouseSquare => ({ owner: 0, count, insured: false });
  const inland = board.squareId(0, board.BEACH_ROW + 1);
  const beach = board.squareId(0, board.BEACH_ROW);
  /** A price or points: one figure for a single inland house, one for beach and double houses alike. */
  const tiers = (f: (sq: number, h: HouseSquare) => number): [number, number] => {
    expect(f(beach, house(1))).toBe(f(inland, house(2)));
    return [f(inland, house(1)), f(beach, house(1))];
  };

  it('states the parts, prices and payouts', () => {
    expect(at.get('houses per player')).toBe(String(board.HOUSES_PER_PLAYER));
    expect(at.get('starting coins')).toBe(String(board.START_COINS));
    expect(at.get('board')).toBe(`${board.COLS} columns × ${board.ROWS} rows`);
    expect(new Set(WIND_CARDS.map((c) => c.actions.length))).toEqual(new Set([5]));
    expect(at.get('cards')).toBe(`${WIND_CARDS.length}, each with 5 actions`);
    expect(at.get('actions per plan')).toBe(`1–${MAX_PLAN}`);
    const [renew, renewHigh] = tiers(renewPrice);
    expect(at.get('renewing insurance at the bank')).toBe(`${renew} per house, ${renewHigh} per beach or double house`);
    const [buy, buyHigh] = tiers(marketPrice);
    expect(at.get('insurance bought from the active player')).toBe(`${buy} per house, ${buyHigh} per beach or double house`);
    const [points, pointsHigh] = tiers(housePoints);
    expect(at.get('house points')).toBe(`${points}, ${pointsHigh} for a beach or double house`);
    expect(at.get('hurricane stops on an observatory')).toBe(signed(OBSERVATORY_PAY));
    expect(at.get('calm turn')).toBe(signed(CALM_PAY));
    expect(at.get('observatories')).toBe(board.OBSERVATORIES.map(name).join(', '));
  });

  it('states the rows of the sea, the beach and the Buy limit', () => {
    expect(at.get('sea')).toBe(`rows 1–${board.SEA_ROWS}`);
    expect(at.get('beach')).toBe(`row ${board.BEACH_ROW + 1}`);
    expect(at.get('no Buy with the hurricane in')).toBe(`rows ${board.ROWS - board.KAUF_TOP_ROWS + 1}–${board.ROWS}`);
  });

  it('gives the land in play for every player count', () => {
    const rows = players('windcity').map((n) => {
      const s = board.sectionsInPlay(n);
      return [String(n), `${s[0]}–${s.at(-1)}`, String(board.sectionQuota(n)), `${board.BEACH_MIN}–${board.beachMax(n)}`];
    });
    expect(tableStarting(section(md, 'At a glance'), 'players').rows).toEqual(rows);
  });

  it('draws the board: sea, beach and observatories', () => {
    const grid = codeBlocks(section(md, 'Board'))[0]
      .split('\n')
      .flatMap((line) => {
        const m = /^\s*(\d+)\s{3}((?:\S ){7}\S)/.exec(line);
        return m ? [[Number(m[1]), m[2].split(' ').join('')] as const] : [];
      });
    const expected = range(1, board.ROWS)
      .reverse()
      .map((row) => {
        const cell = (col: number) => {
          const sq = board.squareId(col, row - 1);
          return board.isObservatory(sq) ? 'O' : !board.isLand(sq) ? '~' : board.isBeach(sq) ? 'b' : '.';
        };
        return [
          row,
          range(0, board.COLS - 1)
            .map(cell)
            .join(''),
        ] as const;
      });
    expect(grid).toEqual(expected);
  });

  it('lists the 25 cards as the engine has them', () => {
    const action = (a: (typeof WIND_CARDS)[number]['actions'][number]) => (a.kind === 'kauf' ? `Buy · ${a.cost}` : `${a.dir}${a.distance} · ${a.cost}`);
    expect(tableStarting(section(md, 'Cards'), 'card').rows).toEqual(WIND_CARDS.map((c) => [String(c.id), ...c.actions.map(action)]));
  });
});
