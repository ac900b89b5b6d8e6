/**
 * Wind City: the 25 cards as data. Each card has five numbered actions: a
 * move of the hurricane (N, S, E or W, 1–4 squares, cost 1–4) or a Kauf (buy a
 * house, cost 3–5). The deck drifts north: north moves are the most common and
 * the cheapest per square, south moves are short. Tuned by simulation (see
 * docs/windcity-tuning.md and deck.test.ts).
 *
 * Notation: 'N3:2' is "north 3 squares, cost 2"; 'K:4' is "Kauf, cost 4".
 */
import type { Card, CardAction, Dir } from './types.js';

export const DECK_SOURCE: readonly string[] = [
  /*  1 */ 'N1:1 E2:1 W3:2 S1:1 K:4',
  /*  2 */ 'S1:1 N2:1 W2:1 W4:2 K:4',
  /*  3 */ 'N1:1 E1:1 E3:2 W2:1 W4:2',
  /*  4 */ 'W1:1 N1:1 E4:2 E2:1 W3:2',
  /*  5 */ 'N1:1 W2:1 E2:1 W1:1 E1:1',
  /*  6 */ 'E3:2 N1:1 W1:1 S1:1 K:4',
  /*  7 */ 'N1:1 W4:3 E2:1 W2:1 E1:1',
  /*  8 */ 'N1:1 E2:1 S1:1 W3:2 K:3',
  /*  9 */ 'W2:1 N1:1 E4:2 W1:1 K:5',
  /* 10 */ 'N2:1 E3:2 W2:1 S1:1 E1:1',
  /* 11 */ 'N1:1 W1:1 E2:1 W3:2 E1:1',
  /* 12 */ 'E1:1 N1:1 W2:1 W4:2 E3:2',
  /* 13 */ 'N1:1 W2:1 E2:1 E4:2 W1:1',
  /* 14 */ 'N1:1 E4:3 W2:1 S1:1 K:5',
  /* 15 */ 'W3:2 N1:1 E1:1 W1:1 E2:1',
  /* 16 */ 'N1:1 E3:2 W2:1 S1:1 W1:1',
  /* 17 */ 'N1:1 W1:1 E2:1 W4:2 K:3',
  /* 18 */ 'E2:1 N1:1 W1:1 W3:2 E4:2',
  /* 19 */ 'N1:1 E1:1 W2:1 E3:2 K:5',
  /* 20 */ 'N1:1 W3:2 E1:1 E2:1 W2:1',
  /* 21 */ 'N1:1 E2:1 W1:1 E4:2 W2:1',
  /* 22 */ 'W2:1 N1:1 E3:2 S1:1 K:3',
  /* 23 */ 'N1:1 E1:1 W4:3 E2:1 K:4',
  /* 24 */ 'N1:1 W1:1 E2:1 E1:1 W3:2',
  /* 25 */ 'E1:1 N1:1 W2:1 E3:2 W1:1',
];

function parseAction(text: string): CardAction {
  const kauf = /^K:(\d)$/.exec(text);
  if (kauf) return { kind: 'kauf', cost: Number(kauf[1]) };
  const move = /^([NSEW])(\d):(\d)$/.exec(text);
  if (!move) throw new Error(`bad card action ${text}`);
  return { kind: 'move', dir: move[1] as Dir, distance: Number(move[2]), cost: Number(move[3]) };
}

/** Build a deck from its notation (exported for the tuning tests). */
export function buildDeck(source: readonly string[]): Card[] {
  return source.map((line, i) => {
    const actions = line.trim().split(/\s+/).map(parseAction);
    const bad =
      actions.length !== 5 ||
      actions.some((a) => (a.kind === 'kauf' ? a.cost < 3 || a.cost > 5 : a.distance < 1 || a.distance > 4 || a.cost < 1 || a.cost > 4));
    if (bad) throw new Error(`card ${i + 1} breaks the rules of the deck: ${line}`);
    return { id: i + 1, actions };
  });
}

export const CARDS: readonly Card[] = buildDeck(DECK_SOURCE);
export const CARD_IDS: readonly number[] = CARDS.map((c) => c.id);

export function cardById(id: number): Card {
  const card = CARDS[id - 1];
  if (!card || card.id !== id) throw new Error(`no Wind City card ${id}`);
  return card;
}

/** The cheapest action of a card: a player with fewer coins is bankrupt. */
export const cheapestAction = (card: Card): number => Math.min(...card.actions.map((a) => a.cost));

/** One action in words, e.g. "North 3 (cost 2)" or "Kauf (cost 4)". */
export function describeAction(a: CardAction): string {
  if (a.kind === 'kauf') return `Kauf (cost ${a.cost})`;
  const dir = { N: 'North', S: 'South', E: 'East', W: 'West' }[a.dir];
  return `${dir} ${a.distance} (cost ${a.cost})`;
}
