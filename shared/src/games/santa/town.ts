/**
 * Santa Claus Is Comin' To Town: the town of Elfenbein, as data, and the
 * geometry helpers the engine, the bots and the client share.
 *
 * The original board is not available, so Fireside draws its own town under
 * the constraints of the rules (docs/rules/santa.md#the-town):
 * 36 houses on an 8×6 lattice, 40 streets (one lattice step each, 4 of them
 * diagonal), blocks, 4 dead ends, and 10 winding paths for Santa only. The
 * tests in town.test.ts check every constraint on the data.
 *
 *        0   1   2   3   4   5   6   7
 *   0    o - o - o       o - o - o
 *        |       |       |
 *   1    o       o - o - o       o - o
 *        |     /     | /         |   |
 *   2    o - o       o       o - o - o
 *            |       |       |       |
 *   3        o   o - o - o - o       o
 *            |           |     \     |
 *   4    o - o       o - o       o   o
 *        |     \     |           |   |
 *   5    o       o - o       o - o - o
 */
import type { Direction, HouseId, SantaPath, Street, Town } from './types.js';

type Names = { en: string; ja: string; fr: string };

/** [col, row, en, ja, fr] in row-major order: the index is the house id. */
const HOUSES: [number, number, string, string, string][] = [
  [0, 0, 'Bakery', 'パン屋', 'Boulangerie'],
  [1, 0, 'Mill', '粉ひき小屋', 'Moulin'],
  [2, 0, 'Chapel', '礼拝堂', 'Chapelle'],
  [4, 0, "Forester's Lodge", '森番の家', 'Maison forestière'],
  [5, 0, 'Sawmill', '製材所', 'Scierie'],
  [6, 0, 'Hilltop Cottage', '丘の小屋', 'Chaumière du haut'],
  [0, 1, 'Smithy', '鍛冶屋', 'Forge'],
  [2, 1, 'School', '学校', 'École'],
  [3, 1, 'Town Hall', '町役場', 'Mairie'],
  [4, 1, 'Post Office', '郵便局', 'Poste'],
  [6, 1, 'Toy Shop', 'おもちゃ屋', 'Magasin de jouets'],
  [7, 1, 'Clock Tower', '時計台', "Tour de l'horloge"],
  [0, 2, 'Dairy', '乳製品屋', 'Laiterie'],
  [1, 2, 'Cobbler', '靴屋', 'Cordonnerie'],
  [3, 2, 'Inn', '宿屋', 'Auberge'],
  [5, 2, 'Market', '市場', 'Marché'],
  [6, 2, 'Apothecary', '薬屋', 'Apothicaire'],
  [7, 2, 'Tailor', '仕立て屋', 'Tailleur'],
  [1, 3, 'Candle Maker', 'ろうそく屋', 'Chandelier'],
  [2, 3, 'Library', '図書館', 'Bibliothèque'],
  [3, 3, 'Fountain House', '泉の家', 'Maison de la fontaine'],
  [4, 3, 'Church', '教会', 'Église'],
  [5, 3, 'Butcher', '肉屋', 'Boucherie'],
  [7, 3, 'Station', '駅', 'Gare'],
  [0, 4, 'Farm', '農場', 'Ferme'],
  [1, 4, 'Orchard', '果樹園', 'Verger'],
  [3, 4, 'Café', 'カフェ', 'Café'],
  [4, 4, 'Bookshop', '本屋', 'Librairie'],
  [6, 4, 'Fire Station', '消防署', 'Caserne des pompiers'],
  [7, 4, 'Brewery', '醸造所', 'Brasserie'],
  [0, 5, 'Pond Cottage', '池の小屋', "Chaumière de l'étang"],
  [2, 5, 'Weaver', '機織り屋', 'Tisserand'],
  [3, 5, 'Doctor', '医者', 'Médecin'],
  [5, 5, 'Carpenter', '大工', 'Menuisier'],
  [6, 5, 'Stables', '馬小屋', 'Écurie'],
  [7, 5, 'Gingerbread House', 'お菓子の家', "Maison en pain d'épices"],
];

// prettier-ignore
const STREETS: [HouseId, HouseId][] = [
  [0, 1], [1, 2], [3, 4], [4, 5],
  [0, 6], [2, 7], [3, 9],
  [7, 8], [8, 9], [10, 11],
  [6, 12], [8, 14], [10, 16], [11, 17],
  [12, 13], [15, 16], [16, 17],
  [13, 18], [14, 20], [15, 22], [17, 23],
  [19, 20], [20, 21], [21, 22],
  [18, 25], [21, 27], [23, 29],
  [24, 25], [26, 27],
  [24, 30], [26, 32], [28, 34], [29, 35],
  [31, 32], [33, 34], [34, 35],
  // Diagonal streets.
  [7, 13], [9, 14], [22, 28], [25, 31],
];

/** Winding lanes for Santa only, with control points (lattice coordinates) for a curve from a to b. */
// prettier-ignore
const PATHS: SantaPath[] = [
  { a: 2, b: 3, via: [[2.7, -0.35], [3.3, -0.35]] }, // Chapel – Forester's Lodge, over the hill
  { a: 5, b: 11, via: [[6.75, 0.2]] }, // Hilltop Cottage – Clock Tower
  { a: 7, b: 19, via: [[2.35, 1.7], [1.65, 2.3]] }, // School – Library
  { a: 12, b: 24, via: [[0.35, 2.8], [-0.35, 3.2]] }, // Dairy – Farm
  { a: 14, b: 15, via: [[3.7, 2.35], [4.3, 1.65]] }, // Inn – Market
  { a: 18, b: 24, via: [[0.75, 3.75]] }, // Candle Maker – Farm
  { a: 22, b: 23, via: [[5.7, 2.6], [6.3, 3.4]] }, // Butcher – Station
  { a: 27, b: 28, via: [[4.7, 4.6], [5.3, 4.6]] }, // Bookshop – Fire Station
  { a: 30, b: 31, via: [[0.7, 5.4], [1.3, 5.4]] }, // Pond Cottage – Weaver
  { a: 32, b: 33, via: [[3.7, 4.6], [4.3, 4.6]] }, // Doctor – Carpenter
];

export const ELFENBEIN: Town = {
  id: 'elfenbein',
  name: { en: 'Elfenbein', ja: 'エルフェンバイン', fr: 'Elfenbein' },
  cols: 8,
  rows: 6,
  houses: HOUSES.map(([col, row, en, ja, fr], id) => ({ id, col, row, label: String(id + 1), name: { en, ja, fr } as Names })),
  streets: STREETS.map(([a, b]): Street => ({ a, b })),
  paths: PATHS,
};

// ---------------------------------------------------------------------------
// Towns by id (the state names its town; tests may register small towns).

const TOWNS = new Map<string, Town>([[ELFENBEIN.id, ELFENBEIN]]);

export function registerTown(town: Town): void {
  if (TOWNS.get(town.id) === town) return;
  TOWNS.set(town.id, town);
  graphs.delete(town);
}

export function getTown(id: string): Town {
  const town = TOWNS.get(id);
  if (!town) throw new Error(`Unknown town ${id}`);
  return town;
}

// ---------------------------------------------------------------------------
// Geometry

/** The 8 compass directions [dcol, drow]: E, SE, S, SW, W, NW, N, NE. */
// prettier-ignore
export const DIRECTIONS: readonly Direction[] = [
  [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1],
];

/** Precomputed adjacency of a town. */
export interface TownGraph {
  town: Town;
  /** Street neighbours per house (ascending). */
  streets: HouseId[][];
  /** Street-or-path neighbours per house (ascending). */
  santa: HouseId[][];
  /** House at "col,row". */
  at: Map<string, HouseId>;
  /** Street distances between all houses (Infinity when unreachable). */
  streetDist: number[][];
  /** Street-or-path distances between all houses. */
  santaDist: number[][];
}

const graphs = new Map<Town, TownGraph>();

function bfsAll(adj: HouseId[][]): number[][] {
  return adj.map((_, from) => {
    const dist = adj.map(() => Infinity);
    dist[from] = 0;
    const queue = [from];
    for (let i = 0; i < queue.length; i++) {
      const h = queue[i];
      for (const n of adj[h]) {
        if (dist[n] === Infinity) {
          dist[n] = dist[h] + 1;
          queue.push(n);
        }
      }
    }
    return dist;
  });
}

export function townGraph(town: Town): TownGraph {
  let g = graphs.get(town);
  if (g) return g;
  const n = town.houses.length;
  const streets: HouseId[][] = Array.from({ length: n }, () => []);
  const santa: HouseId[][] = Array.from({ length: n }, () => []);
  for (const { a, b } of town.streets) {
    streets[a].push(b);
    streets[b].push(a);
    santa[a].push(b);
    santa[b].push(a);
  }
  for (const { a, b } of town.paths) {
    santa[a].push(b);
    santa[b].push(a);
  }
  for (const list of [...streets, ...santa]) list.sort((x, y) => x - y);
  const at = new Map(town.houses.map((h) => [`${h.col},${h.row}`, h.id]));
  g = { town, streets, santa, at, streetDist: bfsAll(streets), santaDist: bfsAll(santa) };
  graphs.set(town, g);
  return g;
}

export function isHouse(town: Town, h: unknown): h is HouseId {
  return typeof h === 'number' && Number.isInteger(h) && h >= 0 && h < town.houses.length;
}

/** Do a street (or, for Santa, a street or a path) join a and b? */
export function streetJoins(town: Town, a: HouseId, b: HouseId): boolean {
  return townGraph(town).streets[a].includes(b);
}
export function pathJoins(town: Town, a: HouseId, b: HouseId): boolean {
  return town.paths.some((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a));
}

/** The neighbours of a house: by street only (kids), or by street or path (Santa, and away-marker adjacency). */
export function neighbours(town: Town, h: HouseId, withPaths: boolean): HouseId[] {
  const g = townGraph(town);
  return withPaths ? g.santa[h] : g.streets[h];
}

/** The lattice direction from a to b if they are one lattice step apart, else null. */
export function directionBetween(town: Town, a: HouseId, b: HouseId): Direction | null {
  const ha = town.houses[a],
    hb = town.houses[b];
  const dc = hb.col - ha.col,
    dr = hb.row - ha.row;
  if (Math.abs(dc) > 1 || Math.abs(dr) > 1 || (dc === 0 && dr === 0)) return null;
  return [dc, dr];
}

/** The house one step from h in direction d, if a street joins them; else null. */
export function streetStep(town: Town, h: HouseId, d: Direction): HouseId | null {
  const g = townGraph(town);
  const house = town.houses[h];
  const next = g.at.get(`${house.col + d[0]},${house.row + d[1]}`);
  return next !== undefined && g.streets[h].includes(next) ? next : null;
}

/** The houses met going straight from h in direction d along streets, nearest first (h excluded). */
export function streetRay(town: Town, h: HouseId, d: Direction): HouseId[] {
  const out: HouseId[] = [];
  for (let at = streetStep(town, h, d); at !== null; at = streetStep(town, at, d)) out.push(at);
  return out;
}

/** A stable key of a route, for sets. */
export const routeKey = (route: readonly HouseId[]): string => route.join(',');
