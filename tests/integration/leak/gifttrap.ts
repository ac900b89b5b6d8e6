/**
 * Gift Trap in the leak test: the secrets are each seat's gift assignment and
 * wants until its reveal turn, and the deck order (gifttrap-scan.ts checks
 * them). Whole matches of 5 players and of 3 with doubleGifts; the latecomer
 * joins in the middle of a reveal (some wants public, others not yet).
 */
import { expect } from '@jest/globals';
import { getGame } from '@fireside/shared';
import { defaultDecide, recordMatch, type DecideContext, type Director, type Recording, type RoomSnapshot } from './harness.js';
import { describeRecording, expectEncodingsInline, expectScanClean, inject } from './checks.js';
import { collectSecrets, scanGiftTrap } from './gifttrap-scan.js';
import type { LeakSpec } from './spec.js';

type Wants = { great: number; good: number; ok: number; noWay: number };

/** Every way to pick four distinct slots as (great, good, ok, noWay), shuffled. */
function shuffledOrderings(slots: number[], rng: { next(): number }): Wants[] {
  const all: Wants[] = [];
  for (const great of slots)
    for (const good of slots)
      for (const ok of slots) for (const noWay of slots) if (new Set([great, good, ok, noWay]).size === 4) all.push({ great, good, ok, noWay });
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all;
}

/**
 * The engine's bots, except that no two wants of a match are the same (no
 * two seats in a round, no seat in two rounds). Sensible bots often want
 * exactly the same gifts, and the history re-sends every finished round's
 * wants: a seat's wants string could then also be a legitimately revealed
 * one, and the byte search could not tell a leak from a coincidence.
 * Distinct wants make every wants needle belong to one seat and one round.
 */
function distinctWantsChooser() {
  const chosen = new Map<string, string>(); // `${round}:${seat}` → wants JSON
  return (ctx: DecideContext): unknown => {
    const action = defaultDecide(ctx) as { type?: string } | null;
    if (!action || action.type !== 'want') return action;
    const key = `${ctx.view.round}:${ctx.seat}`;
    const mine = chosen.get(key);
    if (mine) return { type: 'want', wants: JSON.parse(mine) };
    const others = new Set([...chosen.values()]);
    // The bot's own choice if free, else the same three gifts in another
    // order (keeps the bots' play, and game length, close to normal), else random.
    const w = (action as unknown as { wants: Wants }).wants;
    const [a, b, c] = [w.great, w.good, w.ok];
    const orders = [
      [a, b, c],
      [a, c, b],
      [b, a, c],
      [b, c, a],
      [c, a, b],
      [c, b, a],
    ];
    const candidates = orders.map(([great, good, ok]) => ({ great, good, ok, noWay: w.noWay }));
    // Then every ordering of four slots, in a shuffled order. A long game can
    // use them all (3 players: 4 slots, 24 orderings); then the bot's own
    // choice stands, a duplicate, rather than searching for ever.
    const free = (list: Wants[]) => list.find((x) => !others.has(JSON.stringify(x)));
    const wants = free(candidates) ?? free(shuffledOrderings([...Array(ctx.view.slotCount as number).keys()], ctx.rng)) ?? w;
    chosen.set(key, JSON.stringify(wants));
    return { type: 'want', wants };
  };
}

/** Join in the middle of a reveal: some wants public, others not yet. */
function midReveal(s: RoomSnapshot): boolean {
  const v = JSON.parse(s.view) as { phase: string; revealer: number | null; revealOrder: number[] };
  return v.phase === 'reveal' && v.revealOrder.indexOf(v.revealer ?? -1) >= 1;
}

/**
 * A deliberately leaky Gift Trap for the negative control, reachable only
 * under the id 'gifttrap-leaky' (the room still reports game 'gifttrap', so
 * the bots play it with the real engine's botAction): its public view shows
 * everybody's gift assignment once the want phase begins, and every wants
 * from the start of the reveal phase.
 */
const real = getGame('gifttrap')!;
const leaky = {
  ...real,
  publicView(state: any) {
    const v = real.publicView(state);
    return {
      ...v,
      peek: state.phase === 'want' ? state.gifts : null,
      revealedWants: state.phase === 'reveal' ? state.wants.map((w: unknown) => w && { ...(w as object) }) : v.revealedWants,
    };
  },
};

function expectGiftTrapClean(rec: Recording) {
  const rounds = rec.outcomes[0].rounds!;
  expect(rec.latecomerFirstView).not.toBeNull();
  const truth = collectSecrets(rec.clients);
  const report = scanGiftTrap(rec.clients, truth);
  describeRecording(rec, report, `${rounds} rounds`);
  expectScanClean(report);
  // The checks had something to check: every seat had secrets in every round.
  expect(rounds).toBeGreaterThanOrEqual(1);
  expect(report.stats.rounds).toBe(rounds);
  for (const s of truth.values()) {
    expect(s.gifts.size).toBeGreaterThanOrEqual(rounds);
    expect(s.wants.size).toBeGreaterThanOrEqual(1);
    expect(s.byRound.size).toBeGreaterThanOrEqual(rounds);
  }
  expect(report.stats.viewsChecked).toBeGreaterThan(rounds * 5);
  // Each wants needle belongs to one seat and one round (distinctWantsChooser):
  // the byte search cannot excuse a leak as a coincidence.
  const allWants = [...truth.values()].flatMap((s) => [...s.byRound.values()].filter((r) => r.wants).map((r) => JSON.stringify(r.wants)));
  expect(new Set(allWants).size).toBe(allWants.length);
  return truth;
}

/** Frames injected into the 5-player recording: a secret, gifts, wants, a deck, each in some encoding. */
async function scannerNotBlind(recordings: Map<string, Recording>): Promise<void> {
  const rec = recordings.get('five')!;
  expect(rec).toBeDefined();
  const truth = collectSecrets(rec.clients);
  const secret = [...truth.get(1)!.secretValues].find((s) => s.includes('"myWants":{'))!;
  expect(secret).toBeDefined();
  const encoded = await expectEncodingsInline(secret);
  const { pack } = await import('msgpackr');
  const spectator = rec.clients.find((c) => c.seat === null)!;
  const sv = JSON.parse(secret) as { myGifts: unknown; myWants: unknown };
  const problemsWith = (bytes: Buffer) => scanGiftTrap(inject(rec.clients, spectator, 5, { bytes }), truth).problems;
  // The untouched recording is clean (the difference is the injection).
  expect(scanGiftTrap(rec.clients, truth).problems).toEqual([]);
  // Seat 1's secret, its gifts alone, its wants before its reveal turn.
  expect(problemsWith(encoded).some((p) => p.includes("seat 1's secret"))).toBe(true);
  expect(problemsWith(Buffer.from(pack({ g: JSON.stringify(sv.myGifts) }))).some((p) => p.includes("seat 1's gifts"))).toBe(true);
  expect(problemsWith(Buffer.from(`\xa0${JSON.stringify(sv.myWants)}`, 'latin1')).some((p) => p.includes("seat 1's wants"))).toBe(true);
  // A secret smuggled inside another JSON string (escaped quotes) is found too.
  expect(problemsWith(Buffer.from(JSON.stringify({ x: secret }))).some((p) => p.includes("seat 1's secret"))).toBe(true);
  // Forbidden keys and a not-yet-laid card.
  const withDeck = problemsWith(Buffer.from('{"decks":{"black":["black-42"]}}'));
  expect(withDeck.some((p) => p.includes('deck order'))).toBe(true);
  expect(withDeck.some((p) => p.includes('names card black-42'))).toBe(true);
  // Another seat's secret decoded by a spectator.
  const decoded = scanGiftTrap(inject(rec.clients, spectator, 5, { secretsAfter: { 1: secret } }), truth).problems;
  expect(decoded.some((p) => p.includes('decoded the secret of seat 1'))).toBe(true);
}

/** Same wire, same bots, same scanner; only the public view leaks. */
async function leakyCaught(): Promise<void> {
  const plan = { game: 'gifttrap-leaky', players: 3, options: { goal: 20 }, seed: 'leaky', timeoutMs: 240_000 };
  const rec = await recordMatch(plan, () => giftTrapDirector());
  const report = scanGiftTrap(rec.clients);
  expect(report.missingPositives).toEqual([]);
  const problems = report.problems.join('\n');
  for (let seat = 0; seat < 3; seat++) {
    expect(problems).toMatch(new RegExp(`spectator \\(from the lobby\\) frame \\d+ carries seat ${seat}'s gifts`));
    expect(problems).toMatch(new RegExp(`spectator \\(from the lobby\\) frame \\d+ carries seat ${seat}'s wants`));
    expect(problems).toMatch(new RegExp(`seat \\d frame \\d+ carries seat ${seat}'s gifts`));
  }
  expect(problems).toMatch(/wants of seat \d are public before its reveal turn/);
}

function giftTrapDirector(): Director {
  return { decide: distinctWantsChooser(), latecomerWhen: midReveal, latecomerLabel: 'joined mid-reveal' };
}

export const giftTrapSpec: LeakSpec = {
  id: 'gifttrap',
  engines: { 'gifttrap-leaky': leaky },
  director: giftTrapDirector,
  matches: [
    {
      name: 'five',
      title: "5 players: no client receives another seat's gifts or wants before they are revealed",
      plan: { game: 'gifttrap', players: 5, options: { goal: 30 }, seed: 'leak-5p', timeoutMs: 240_000 },
      expectClean: (rec) => void expectGiftTrapClean(rec),
    },
    {
      name: 'three-double',
      title: '3 players with doubleGifts: same guarantees',
      plan: { game: 'gifttrap', players: 3, options: { goal: 20, doubleGifts: true }, seed: 'leak-3p-double', timeoutMs: 240_000 },
      expectClean(rec) {
        const truth = expectGiftTrapClean(rec);
        // doubleGifts: two tiles per recipient in each give assignment.
        const tiles = [...truth.get(0)!.gifts].map((g) => JSON.parse(g) as unknown[]);
        expect(tiles.every((t) => t.length === 4)).toBe(true);
      },
    },
  ],
  controls: [
    {
      title: 'the scanner is not blind: it finds a secret encoded by @colyseus/schema, by msgpackr, and injected into a frame',
      timeoutMs: 60_000,
      run: scannerNotBlind,
    },
    { title: 'a deliberately leaky engine is caught end to end', timeoutMs: 300_000, run: leakyCaught },
  ],
};
