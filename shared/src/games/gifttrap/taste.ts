/**
 * Gift Trap: how the bots think about taste, as a person would.
 *
 * Every gift has a character that everybody sees alike: a broad appeal (how
 * much people like it in general) and a position on a few "kinds" (think
 * practical or playful, food, travel, comfort...). Both are hashes of the
 * gift's id: they stand for what a person reads in a gift's name and picture.
 *
 * A person's taste is how much they care for appeal and for each kind, plus a
 * few whims about single gifts. A bot's own taste comes from its persona (a
 * secret string fixed per bot seat and match), so two bots at one table like
 * different things. Nobody knows another player's taste at first: a bot
 * assumes strangers like what most people like (broad appeal), then learns
 * each player's taste from what the reveals of earlier rounds showed — their
 * four want tiles on the gifts of that round, and which gifts landed with them.
 * Everything is recomputed from the public history on every call, so the bot
 * stays a pure function of what it may see.
 */
import type { Seat } from '../../engine/contract.js';
import { WANT_VALUES, type LaidSlot, type RoundRecord, type Wants } from './types.js';

/** How many kinds a gift's character has. */
export const KINDS = 4;

/** FNV-1a with a final mix, mapped to [0, 1): a stable pseudo-random number per string. */
export function hashUnit(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return (h >>> 0) / 4294967296;
}

/** The same in [-1, 1). */
const hashSigned = (text: string): number => 2 * hashUnit(text) - 1;

/** The gift id on a slot, by the catalogue's id convention (no lookup, so unknown test cards work too). */
export function giftIdOf(slot: LaidSlot): string {
  return `${slot.cardId}${slot.side === 0 ? 'a' : 'b'}`;
}

/** Public "broad appeal" of a gift, in [0, 1): what most people think of it. */
export function appeal(giftId: string): number {
  return hashUnit(`appeal:${giftId}`);
}

/** Traits computed so far, by gift id (a pure function's cache: the catalogue has a few hundred gifts). */
const TRAITS = new Map<string, readonly number[]>();

/** A gift's character: [broad appeal, kind 1..KINDS], each in [-1, 1). The same for everybody. */
export function traits(giftId: string): readonly number[] {
  let out = TRAITS.get(giftId);
  if (!out) {
    const t = [2 * appeal(giftId) - 1];
    for (let k = 1; k <= KINDS; k++) t.push(hashSigned(`kind:${k}:${giftId}`));
    out = t;
    if (TRAITS.size < 10000) TRAITS.set(giftId, out);
  }
  return out;
}

/**
 * A taste: one weight per trait (see traits), and, for a bot's own taste
 * only, the persona whose whims about single gifts it knows.
 */
export interface Taste {
  weights: number[];
  whims: string | null;
}

/** What everybody is assumed to like before anything is known of them: broad appeal only. */
export const PRIOR: readonly number[] = [1, ...Array(KINDS).fill(0)];

/** How much a single gift's whim counts against the traits (a whim cannot be learned: gifts rarely come back). */
const WHIM = 0.35;

/** The taste a persona fixes: everybody likes broad appeal somewhat; the kinds are personal. */
export function personaTaste(persona: string): Taste {
  const weights = [0.4 + 0.6 * hashUnit(`taste:${persona}:appeal`)];
  for (let k = 1; k <= KINDS; k++) weights.push(hashSigned(`taste:${persona}:kind:${k}`));
  return { weights, whims: persona };
}

/** How much a player with this taste likes a gift (an unbounded score; only comparisons matter). */
export function liking(taste: Taste, giftId: string): number {
  const t = traits(giftId);
  let score = 0;
  for (let i = 0; i < t.length; i++) score += taste.weights[i] * t[i];
  if (taste.whims !== null) score += WHIM * hashSigned(`whim:${taste.whims}:${giftId}`);
  return score;
}

/** A want tile as evidence of taste (in tile points); a gift with no tile sits between OK and NO WAY. */
function wantEvidence(wants: Wants, slot: number): number {
  for (const key of ['great', 'good', 'ok', 'noWay'] as const) if (wants[key] === slot) return WANT_VALUES[key];
  return -1;
}

/** How strongly the prior holds against the evidence (about one round's worth of slots). */
const SHRINK = 2;
/** A gift others gave a player tells what they believe that player likes: weaker evidence than a want. */
const LANDED = 1;

/** One piece of evidence: a gift's traits and how much the player seemed to like it (centred per round). */
interface Evidence {
  traits: readonly number[];
  value: number;
}

/** What one round showed about `seat`'s taste: its wants on every slot, centred on the round's mean. */
function wantsShown(record: RoundRecord, seat: Seat): Evidence[] {
  const wants = record.wants[seat];
  if (!wants || record.slots.length === 0) return [];
  const values = record.slots.map((_, i) => wantEvidence(wants, i));
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return record.slots.map((slot, i) => ({ traits: traits(giftIdOf(slot)), value: values[i] - mean }));
}

/** The gifts the others gave `seat` in that round (what they thought it would like). */
function giftsLanded(record: RoundRecord, seat: Seat): Evidence[] {
  return record.opened.filter((o) => o.to === seat && record.slots[o.slot]).map((o) => ({ traits: traits(giftIdOf(record.slots[o.slot])), value: LANDED }));
}

/**
 * What can be learned of `seat`'s taste from the public history: the prior,
 * moved by the evidence of its revealed wants (and, with `landed`, of the
 * gifts others gave it), one trait at a time (the traits are independent
 * hashes, so a diagonal ridge regression is enough). `rounds` counts the
 * rounds whose wants were seen: 0 means a stranger.
 */
export function learnedTaste(history: readonly RoundRecord[], seat: Seat, landed = false): { taste: Taste; rounds: number } {
  const evidence: Evidence[] = [];
  let rounds = 0;
  for (const record of history) {
    const shown = wantsShown(record, seat);
    if (shown.length) rounds++;
    evidence.push(...shown);
    if (landed) evidence.push(...giftsLanded(record, seat));
  }
  const weights = PRIOR.map((prior, i) => {
    let xy = 0;
    let xx = 0;
    for (const e of evidence) {
      xy += e.traits[i] * e.value;
      xx += e.traits[i] * e.traits[i];
    }
    // Ridge regression towards the prior: with no evidence the prior, with much the evidence.
    return (SHRINK * prior + xy) / (SHRINK + xx);
  });
  return { taste: { weights, whims: null }, rounds };
}
