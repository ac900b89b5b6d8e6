/**
 * Wind City in the leak test: the secrets are the active seat's drawn card
 * and plan until the act, each insurance request (to all but its buyer and
 * the seller), the draw pile, the generator and the seed (windcity-scan.ts
 * checks them against the server's truth, kept by a spy on the engine the
 * room serves, windcity-truth.ts). The bots are stirred so that every game has
 * requests both accepted and declined; the latecomer joins during an
 * insurance market with a request waiting (else later, in a secret phase).
 */
import { expect } from '@jest/globals';
import { getGame } from '@fireside/shared';
import { marketPrice } from '../../../shared/src/games/windcity/index.js';
import { defaultDecide, type DecideContext, type Director, type RoomSnapshot } from './harness.js';
import { describeRecording, expectScanClean } from './checks.js';
import { scanWindCity } from './windcity-scan.js';
import { spyEngine, type MatchTruth } from './windcity-truth.js';
import { leakyCaught, scannerNotBlind } from './windcity-controls.js';
import type { LeakSpec } from './spec.js';

export const SECRET_PHASES = new Set(['plan', 'renew', 'market']);

/**
 * The engine's bots, stirred so that every game has requests of both kinds:
 * a buyer whose bot would pass sometimes asks for one house it can afford;
 * the game's first answered request is declined and its second accepted,
 * later ones get the bot's answer, turned the other way now and then.
 */
export function stirredDecide() {
  const answers = new Map<string, boolean>(); // `${turn}:${buyer}` → accept (one answer per request, even if asked again)
  return (ctx: DecideContext): unknown => {
    const a = defaultDecide(ctx) as { type?: string; accept?: boolean } | null;
    if (!a) return a;
    const v = ctx.view;
    if (a.type === 'pass' && ctx.rng.next() < 0.4) {
      const coins = v.coins[ctx.seat] as number;
      const mine = (v.houses as ({ owner: number; count: 1 | 2; insured: boolean } | null)[]).flatMap((h, sq) =>
        h && h.owner === ctx.seat && !h.insured && marketPrice(sq, h) <= coins - 6 ? [sq] : [],
      );
      if (mine.length) return { type: 'ask', squares: [mine[Math.floor(ctx.rng.next() * mine.length)]] };
    }
    if (a.type === 'answer') {
      const key = `${v.turn}:${(a as { buyer: number }).buyer}`;
      if (!answers.has(key)) answers.set(key, answers.size === 0 ? false : answers.size === 1 ? true : ctx.rng.next() < 0.3 ? !a.accept : !!a.accept);
      return { ...a, accept: answers.get(key) };
    }
    return a;
  };
}

// The real engine, watched: the room under test serves this for 'windcity'.
const real = getGame('windcity')!;
const spy = spyEngine(real);

interface WindCityDirector extends Director {
  /** The server's truth of the match this director plays (once it has started). */
  truth(): MatchTruth | undefined;
  /** Matches the spy had seen before this one. */
  before: number;
}

function windCityDirector(): WindCityDirector {
  const index = spy.matches.length;
  const truth = () => spy.matches[index];
  return {
    decide: stirredDecide(),
    // Join in the middle of a market with a request waiting (else later, in a secret phase).
    // Nobody's public view says so (that is the point): the server's truth does.
    latecomerWhen: (s: RoomSnapshot) => {
      const v = JSON.parse(s.view) as { phase: string; turn: number };
      const waiting = [...(truth()?.turns.get(v.turn)?.requests.values() ?? [])].some((r) => r.answer === null);
      return (v.phase === 'market' && waiting && v.turn >= 3) || (v.turn >= 5 && SECRET_PHASES.has(v.phase));
    },
    latecomerLabel: 'joined mid-game',
    truth,
    before: index,
  };
}

function expectWindCityClean(rec: import('./harness.js').Recording): void {
  const director = rec.director as WindCityDirector;
  // Exactly this match was set up while it was recorded: the truth is its own.
  expect(spy.matches.length).toBe(director.before + 1);
  const truth = director.truth()!;
  expect(truth).toBeDefined();
  const turns = (rec.outcomes[0].view as { turn: number }).turn;
  // The latecomer's first frame (a full state) came in the middle of the game, in a secret phase.
  expect(rec.latecomerFirstView).not.toBeNull();
  expect(rec.latecomerFirstView.turn).toBeGreaterThanOrEqual(3);
  expect(SECRET_PHASES.has(rec.latecomerFirstView.phase)).toBe(true);
  const report = scanWindCity(rec.clients, truth);
  describeRecording(rec, report, `${turns} turns`);
  expectScanClean(report);
  // The checks had something to check.
  expect(truth.seed).toMatch(/^[0-9a-f]{64}$/);
  expect(report.stats.turns).toBeGreaterThanOrEqual(Math.min(turns, 10));
  expect(report.stats.accepted).toBeGreaterThanOrEqual(1);
  expect(report.stats.declined).toBeGreaterThanOrEqual(1);
  expect(report.stats.cardPlanPairsSeen).toBeGreaterThan(turns);
  expect(report.stats.distinctViews).toBeGreaterThan(turns * 3);
  expect(truth.piles.size).toBeGreaterThan(0);
}

const leaky = spyEngine({
  ...real,
  /**
   * A deliberately leaky Wind City for the negative control, reachable only
   * under the id 'windcity-leaky' (the room still reports game 'windcity', so
   * the bots play it with the real engine's botAction): its public view shows
   * the active player's card and plan while they are secret, and the market's
   * requests. The card and plan leak twice: in an object (`peek`), which
   * travels field by field (view-wire.ts: no `"card":…,"plan":…` JSON on the
   * wire, so the decoded-view checks catch it) and as a list item (`peeks`),
   * which travels as one JSON string that the raw-frame search catches.
   */
  publicView(state: any) {
    const v = real.publicView(state) as object;
    const secret = SECRET_PHASES.has(state.phase);
    return {
      ...v,
      peek: secret ? { card: state.card, plan: state.plan } : null,
      peeks: secret ? [{ card: state.card, plan: state.plan }] : [],
      requests: state.market ? state.market.requests : null,
    };
  },
});

export const windCitySpec: LeakSpec = {
  id: 'windcity',
  engines: { windcity: spy.game, 'windcity-leaky': leaky.game },
  director: windCityDirector,
  matches: [
    {
      name: 'five',
      title: "5 players: no client receives another seat's card, plan or insurance request before it may",
      plan: { game: 'windcity', players: 5, seed: 'wc-leak-5p', timeoutMs: 300_000 },
      expectClean(rec) {
        expectWindCityClean(rec);
        // Free the recording (the controls use the 2-player one).
        for (const c of rec.clients) c.frames.length = 0;
      },
    },
    {
      name: 'two',
      title: '2 players: same guarantees',
      plan: { game: 'windcity', players: 2, seed: 'wc-leak-2p', timeoutMs: 300_000 },
      expectClean: expectWindCityClean,
    },
  ],
  controls: [
    {
      title: 'the scanner is not blind: injected secrets, pile, generator and seed are found; doctored views are refused',
      timeoutMs: 120_000,
      run: (recordings) => scannerNotBlind(recordings.get('two')!, (recordings.get('two')!.director as WindCityDirector).truth()!),
    },
    { title: 'a deliberately leaky engine is caught end to end', timeoutMs: 300_000, run: () => leakyCaught(leaky, stirredDecide) },
  ],
};
