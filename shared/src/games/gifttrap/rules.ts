/**
 * Gift Trap: the rules engine (setup, apply, awaiting, result).
 * Rules: docs/rules/gifttrap.md. Every function here is pure: `apply`
 * clones its input and only ever mutates the clone, and all randomness comes
 * from the generator stored in the state.
 */
import { ok, reject, type Rejection, type Result, type Seat, type MatchResult } from '../../engine/contract.js';
import { admitAction } from '../../engine/admit.js';
import { Rng, randomInt, seedRng, shuffled } from '../../engine/rng.js';
import { CATALOGUE } from './catalogue.js';
import { actionSchema } from './schemas.js';
import { gifttrapMeta } from './meta.js';
import {
  TIERS,
  UNWANTED_VALUE,
  WANT_VALUES,
  type GiftTrapAction,
  type GiftTrapOptions,
  type GiftTrapState,
  type GiveTile,
  type RoundRecord,
  type Tier,
  type Wants,
} from './types.js';

export const MIN_PLAYERS = gifttrapMeta.minPlayers;
export const MAX_PLAYERS = gifttrapMeta.maxPlayers;
/** The board is a 3×3 grid: never more than 9 gifts. */
export const MAX_SLOTS = 9;
export const WANT_KEYS: readonly (keyof Wants)[] = ['great', 'good', 'ok', 'noWay'];

/**
 * Slots laid out per round: N+1 normally (the published rules), and with the
 * doubleGifts variant twice the gifts, capped by the 9-slot board: 8 at 3
 * players, 9 at 4 (docs/rules/gifttrap.md#double-gifts).
 */
export function slotCount(players: number, doubleGifts: boolean): number {
  return doubleGifts ? Math.min(MAX_SLOTS, 2 * (players + 1)) : players + 1;
}

/** Give tiles each player puts before each other player. */
export function giftsPerRecipient(doubleGifts: boolean): number {
  return doubleGifts ? 2 : 1;
}

/**
 * A pawn moves by `value` but stays within [0, goal]; once at the goal it
 * never moves again, not even backwards (the published rules say so;
 * docs/rules/gifttrap.md#pawn-limits).
 */
export function movePawn(position: number, value: number, goal: number): number {
  if (position >= goal) return goal;
  return Math.max(0, Math.min(goal, position + value));
}

/** Reveal order of a round: the parent first, then round the table to the left. */
export function revealOrderFrom(parent: Seat, players: number): Seat[] {
  return Array.from({ length: players }, (_, i) => (parent + i) % players);
}

/** The seat revealing now, or null outside the reveal phase. */
export function currentRevealer(state: GiftTrapState): Seat | null {
  return state.phase === 'reveal' ? state.revealOrder[state.revealIndex] : null;
}

/** Tiers with enough cards for this round's layout (all cards are back in their decks during layout). */
export function legalTiers(state: GiftTrapState): Tier[] {
  const need = slotCount(state.players, state.options.doubleGifts);
  return TIERS.filter((t) => state.decks[t].length >= need);
}

/** Give tiles from submitted givers that have not been opened yet (SECRET: includes slots). */
export function unopenedTiles(state: GiftTrapState): (GiveTile & { from: Seat })[] {
  const out: (GiveTile & { from: Seat })[] = [];
  state.gifts.forEach((tiles, from) => {
    if (!tiles) return;
    for (const t of tiles) {
      if (!state.opened.some((o) => o.from === from && o.slot === t.slot)) out.push({ from, to: t.to, slot: t.slot });
    }
  });
  return out;
}

/** Did this seat's reveal turn begin this round (so its wants are public)? */
export function wantsRevealed(state: GiftTrapState, seat: Seat): boolean {
  if (state.phase === 'over') return state.wants[seat] !== null;
  if (state.phase !== 'reveal') return false;
  const index = state.revealOrder.indexOf(seat);
  return index >= 0 && index <= state.revealIndex;
}

/**
 * A deep copy of a state, written out field by field: several times faster
 * than structuredClone, which dominated whole bot games. A test checks that
 * the copy equals the original and shares no object with it.
 */
export function cloneState(s: GiftTrapState): GiftTrapState {
  return {
    ...s, // the primitive fields
    options: { ...s.options },
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    decks: { black: s.decks.black.slice(), blue: s.decks.blue.slice(), red: s.decks.red.slice(), yellow: s.decks.yellow.slice() },
    slots: s.slots.map((x) => ({ ...x })),
    gifts: s.gifts.map((tiles) => (tiles ? tiles.map((t) => ({ ...t })) : null)),
    wants: s.wants.map((w) => (w ? { ...w } : null)),
    revealOrder: s.revealOrder.slice(),
    opened: s.opened.map((o) => ({ ...o })),
    give: s.give.slice(),
    get: s.get.slice(),
    history: s.history.map(copyRoundRecord),
    winners: s.winners ? s.winners.slice() : null,
  };
}

const isSlot = (slot: number, count: number) => Number.isInteger(slot) && slot >= 0 && slot < count;

/** Why a give assignment is refused, or null when it is legal. */
export function checkGive(state: GiftTrapState, seat: Seat, tiles: readonly GiveTile[]): Rejection | null {
  const n = state.players;
  const per = giftsPerRecipient(state.options.doubleGifts);
  const count = state.slots.length;
  const expected = (n - 1) * per;
  for (const t of tiles) {
    if (!Number.isInteger(t.to) || t.to < 0 || t.to >= n) {
      return { code: 'gifttrap/bad-seat', message: `There is no seat ${t.to} at this table.` };
    }
    if (t.to === seat) return { code: 'gifttrap/self-gift', message: 'You cannot give a gift to yourself.' };
    if (!isSlot(t.slot, count)) {
      return { code: 'gifttrap/bad-slot', message: `Slot ${t.slot} is not on the board (slots 0 to ${count - 1}).` };
    }
  }
  const slots = new Set(tiles.map((t) => t.slot));
  if (slots.size !== tiles.length) {
    return { code: 'gifttrap/slot-taken', message: 'Each of your give tiles must name a different gift.' };
  }
  for (let to = 0; to < n; to++) {
    if (to === seat) continue;
    const got = tiles.filter((t) => t.to === to).length;
    if (got !== per) {
      return {
        code: 'gifttrap/wrong-count',
        message: `Give exactly ${per === 1 ? 'one gift' : 'two gifts'} to each other player (seat ${to} gets ${got}).`,
      };
    }
  }
  if (tiles.length !== expected) {
    return { code: 'gifttrap/wrong-count', message: `Give exactly ${expected} gifts in all.` };
  }
  return null;
}

/** Why a set of wants is refused, or null when it is legal. */
export function checkWants(state: GiftTrapState, wants: Wants): Rejection | null {
  const count = state.slots.length;
  for (const key of WANT_KEYS) {
    if (!isSlot(wants[key], count)) {
      return { code: 'gifttrap/bad-slot', message: `Slot ${wants[key]} is not on the board (slots 0 to ${count - 1}).` };
    }
  }
  if (new Set(WANT_KEYS.map((k) => wants[k])).size !== WANT_KEYS.length) {
    return { code: 'gifttrap/same-slot', message: 'Your four want tiles must lie on four different gifts.' };
  }
  return null;
}

/** The value of an opened gift for the revealer: the want tile on its slot, or −1. */
export function giftValue(wants: Wants | null, slot: number): number {
  if (wants) for (const key of WANT_KEYS) if (wants[key] === slot) return WANT_VALUES[key];
  return UNWANTED_VALUE;
}

export function defaultOptions(_players: number): GiftTrapOptions {
  return { goal: 30, doubleGifts: false };
}

export function setup(players: number, options: GiftTrapOptions, seed: string): GiftTrapState {
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    throw new Error(`Gift Trap is for ${MIN_PLAYERS} to ${MAX_PLAYERS} players, not ${players}`);
  }
  if (options.doubleGifts && players > 4) throw new Error('doubleGifts is only for 3 or 4 players');
  const rngState = seedRng(seed);
  const rng = new Rng(rngState);
  // Decks first, in TIERS order, then the first parent: the order is part of the replay contract.
  const decks = Object.fromEntries(
    TIERS.map((t) => [
      t,
      shuffled(
        rng,
        CATALOGUE[t].map((c) => c.id),
      ),
    ]),
  ) as Record<Tier, string[]>;
  const parent = randomInt(rng, players);
  return {
    game: 'gifttrap',
    players,
    options: { goal: options.goal, doubleGifts: options.doubleGifts },
    rng: rngState,
    phase: 'layout',
    round: 1,
    parent,
    decks,
    tier: null,
    slots: [],
    gifts: Array(players).fill(null),
    wants: Array(players).fill(null),
    revealOrder: revealOrderFrom(parent, players),
    revealIndex: 0,
    opened: [],
    give: Array(players).fill(0),
    get: Array(players).fill(0),
    history: [],
    winners: null,
  };
}

/** Which phase each action type belongs to. */
const PHASE_OF: Record<GiftTrapAction['type'], GiftTrapState['phase']> = {
  chooseTier: 'layout',
  flip: 'layout',
  confirmLayout: 'layout',
  give: 'give',
  want: 'want',
  open: 'reveal',
};

export function apply(state: GiftTrapState, seat: Seat, intent: GiftTrapAction): Result<GiftTrapState> {
  const admitted = admitAction(state, seat, intent, { name: 'Gift Trap', schema: actionSchema, phaseOf: PHASE_OF });
  if (!admitted.ok) return admitted;
  const action = admitted.value;
  switch (action.type) {
    case 'chooseTier':
    case 'flip':
    case 'confirmLayout':
      return applyLayout(state, seat, action);
    case 'give':
      return applyGive(state, seat, action.tiles);
    case 'want':
      return applyWant(state, seat, action.wants);
    case 'open':
      return applyOpen(state, seat, action.from);
  }
}

function applyLayout(
  state: GiftTrapState,
  seat: Seat,
  action: Extract<GiftTrapAction, { type: 'chooseTier' | 'flip' | 'confirmLayout' }>,
): Result<GiftTrapState> {
  if (seat !== state.parent) return reject('not-your-turn', 'Only this round’s parent lays out the gifts.');
  if (action.type === 'chooseTier') {
    if (state.tier !== null) {
      return reject('gifttrap/tier-already-chosen', `The tier of this round is already ${state.tier}.`);
    }
    const need = slotCount(state.players, state.options.doubleGifts);
    if (state.decks[action.tier].length < need) {
      return reject('gifttrap/tier-too-small', `The ${action.tier} deck has fewer than ${need} cards.`);
    }
    const next = cloneState(state);
    const drawn = next.decks[action.tier].splice(0, need);
    next.tier = action.tier;
    next.slots = drawn.map((cardId) => ({ cardId, side: 0 }));
    return ok(next);
  }
  if (state.tier === null) return reject('gifttrap/no-tier', 'Choose a tier first.');
  if (action.type === 'flip') {
    if (!isSlot(action.slot, state.slots.length)) {
      return reject('gifttrap/bad-slot', `Slot ${action.slot} is not on the board.`);
    }
    const next = cloneState(state);
    const slot = next.slots[action.slot];
    slot.side = slot.side === 0 ? 1 : 0;
    return ok(next);
  }
  const next = cloneState(state);
  next.phase = 'give';
  return ok(next);
}

function applyGive(state: GiftTrapState, seat: Seat, tiles: GiveTile[]): Result<GiftTrapState> {
  const problem = checkGive(state, seat, tiles);
  if (problem) return { ok: false, error: problem };
  const next = cloneState(state);
  next.gifts[seat] = tiles.map((t) => ({ to: t.to, slot: t.slot }));
  // The last submission closes the phase: revisions are possible only until then.
  if (next.gifts.every((g) => g !== null)) next.phase = 'want';
  return ok(next);
}

function applyWant(state: GiftTrapState, seat: Seat, wants: Wants): Result<GiftTrapState> {
  const problem = checkWants(state, wants);
  if (problem) return { ok: false, error: problem };
  const next = cloneState(state);
  next.wants[seat] = { great: wants.great, good: wants.good, ok: wants.ok, noWay: wants.noWay };
  if (next.wants.every((w) => w !== null)) {
    next.phase = 'reveal';
    next.revealIndex = 0;
  }
  return ok(next);
}

function applyOpen(state: GiftTrapState, seat: Seat, from: Seat): Result<GiftTrapState> {
  const revealer = currentRevealer(state)!;
  if (seat !== revealer) return reject('not-your-turn', `Seat ${revealer} is revealing now.`);
  const candidates = unopenedTiles(state).filter((t) => t.to === seat && t.from === from);
  if (candidates.length === 0) {
    return reject('gifttrap/nothing-to-open', `You have no closed gift from seat ${from}.`);
  }
  const next = cloneState(state);
  // With doubleGifts two identical face-down tiles come from one giver: which
  // one turns up is chance, drawn from the state's generator (so neither the
  // giver's submission order nor the slot numbers leak anything).
  const tile = candidates.length === 1 ? candidates[0] : candidates[randomInt(new Rng(next.rng), candidates.length)];
  const value = giftValue(next.wants[seat], tile.slot);
  const goal = next.options.goal;
  next.get[seat] = movePawn(next.get[seat], value, goal);
  next.give[from] = movePawn(next.give[from], value, goal);
  next.opened.push({ from, to: seat, slot: tile.slot, value });
  if (!unopenedTiles(next).some((t) => t.to === seat)) {
    next.revealIndex++;
    if (next.revealIndex >= next.players) endRound(next);
  }
  return ok(next);
}

/** A deep copy of a finished round's record. */
export function copyRoundRecord(h: RoundRecord): RoundRecord {
  return {
    ...h,
    give: h.give.slice(),
    get: h.get.slice(),
    slots: h.slots.map((x) => ({ ...x })),
    opened: h.opened.map((o) => ({ ...o })),
    wants: h.wants.map((w) => (w ? { ...w } : null)),
  };
}

/** End of round (mutates the clone): record, check winners, else clean up and pass the parent left. */
function endRound(next: GiftTrapState): void {
  next.history.push({
    round: next.round,
    parent: next.parent,
    give: next.give.slice(),
    get: next.get.slice(),
    tier: next.tier,
    slots: next.slots.map((x) => ({ ...x })),
    opened: next.opened.map((o) => ({ ...o })),
    wants: next.wants.map((w) => (w ? { ...w } : null)),
  });
  const goal = next.options.goal;
  const winners = next.give.map((_, s) => s).filter((s) => next.give[s] >= goal && next.get[s] >= goal);
  if (winners.length > 0) {
    next.phase = 'over';
    next.winners = winners;
    next.revealIndex = next.players - 1; // keep pointing at the last revealer
    return;
  }
  // Used cards go to the bottom of their deck, in slot order.
  if (next.tier) next.decks[next.tier].push(...next.slots.map((s) => s.cardId));
  next.tier = null;
  next.slots = [];
  next.gifts = Array(next.players).fill(null);
  next.wants = Array(next.players).fill(null);
  next.opened = [];
  next.parent = (next.parent + 1) % next.players;
  next.revealOrder = revealOrderFrom(next.parent, next.players);
  next.revealIndex = 0;
  next.round++;
  next.phase = 'layout';
}

export function awaiting(state: GiftTrapState): Seat[] {
  const seats = state.gifts.map((_, s) => s);
  switch (state.phase) {
    case 'layout':
      return [state.parent];
    case 'give':
      return seats.filter((s) => state.gifts[s] === null);
    case 'want':
      return seats.filter((s) => state.wants[s] === null);
    case 'reveal':
      return [state.revealOrder[state.revealIndex]];
    case 'over':
      return [];
  }
}

export function result(state: GiftTrapState): MatchResult | null {
  if (state.phase !== 'over' || !state.winners) return null;
  return { winners: state.winners.slice(), scores: state.give.map((g, s) => g + state.get[s]) };
}
