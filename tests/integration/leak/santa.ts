/**
 * Santa Claus Is Comin' To Town in the leak test: the secret is each seat's
 * face-down pick until the last pick reveals all of them (santa-scan.ts checks
 * it). The bots' picks are choreographed (santa-choreo.ts) so that every round
 * has a last picker, a changed pick, and, in round 3, a latecomer joining
 * while picks are made. Negative controls: frames injected into a recording,
 * and whole games of two deliberately leaky engines — `santa-leaky` (seat
 * views and picks in the public view: bytes and keys) and
 * `santa-leaky-played` (the picks shown in `played`: decoded checks only).
 */
import { expect } from '@jest/globals';
import { getGame } from '@fireside/shared';
import type { SantaPublicView } from '../../../shared/src/games/santa/types.js';
import { log, recordMatch, type MatchPlan, type Recording } from './harness.js';
import { describeRecording, expectEncodingsInline, expectScanClean, inject } from './checks.js';
import { collectSantaTruth, SANTA_ROUNDS, scanSanta } from './santa-scan.js';
import { choreograph, LATECOMER_ROUND, type SantaDirector } from './santa-choreo.js';
import type { ClientLog } from './scan.js';
import type { LeakSpec } from './spec.js';

/**
 * A deliberately leaky Santa, reachable only under the id 'santa-leaky' (the
 * room still reports game 'santa', so the bots play it with the real engine's
 * botAction): its public view carries the engine's face-down picks and every
 * seat's seat view.
 */
const real = getGame('santa')!;
const leaky = {
  ...real,
  publicView(state: any) {
    return { ...real.publicView(state), picks: state.picks.slice(), peek: state.picks.map((_: unknown, s: number) => real.seatView(state, s)) };
  },
};

/**
 * A subtler one, 'santa-leaky-played': no new field and no seat view in the
 * public view, but `played` shows the face-down picks during the pick phase
 * (as if picks were written straight to the table). Only the decoded-view
 * checks can catch it.
 */
const leakyPlayed = {
  ...real,
  publicView(state: any) {
    const v = real.publicView(state) as unknown as Record<string, unknown>;
    return state.phase === 'pick' ? { ...v, played: state.picks.slice() } : v;
  },
};

function expectSantaClean(rec: Recording): SantaPublicView {
  const { players } = rec.plan;
  // The choreography happened as planned (no event waited for in vain).
  expect([...(rec.director as SantaDirector).holdsExpired]).toEqual([]);
  // The latecomer's first frame (a full state) fell into a pick phase with picks made, the last picker's not.
  const lv = rec.latecomerFirstView as SantaPublicView | null;
  expect(lv && { phase: lv.phase, round: lv.round, lastPicked: lv.picked[LATECOMER_ROUND % players] }).toEqual({
    phase: 'pick',
    round: LATECOMER_ROUND,
    lastPicked: false,
  });
  expect(lv!.pickCount).toBeGreaterThanOrEqual(1);

  const truth = collectSantaTruth(rec.clients);
  const report = scanSanta(rec.clients, truth);
  describeRecording(rec, report, `${rec.outcomes[0].rounds} rounds`);
  expectScanClean(report);
  // The checks had something to check.
  expect(rec.outcomes[0].rounds).toBe(SANTA_ROUNDS);
  expect(report.stats.rounds).toBe(SANTA_ROUNDS);
  const allRounds = [...Array(SANTA_ROUNDS).keys()].map((i) => i + 1);
  for (const t of truth.values()) {
    // Each seat's pick was on the wire (to its owner) in every round it did not pick last...
    expect([...t.lastPick.keys()].sort((a, b) => a - b)).toEqual(allRounds.filter((r) => r % players !== t.seat));
    // ...and the last pick of a round never was (it revealed the round at once).
    for (const r of allRounds) if (r % players === t.seat) expect(t.lastPick.has(r)).toBe(false);
    // null and at least one pick.
    expect(t.secretValues.size).toBeGreaterThanOrEqual(2);
  }
  // Every round 1–12 had a changed pick, seen by its owner, and the reveal showed the new card.
  const changes = [...truth.values()].flatMap((t) => [...t.picksSeen].filter(([, seen]) => seen.size > 1).map(([r]) => r));
  expect(changes.sort((a, b) => a - b)).toEqual(allRounds.slice(0, -1));
  // At least the empty pick phase and the one waiting for the last pick, in every round.
  expect(report.stats.pickViewsChecked).toBeGreaterThanOrEqual(SANTA_ROUNDS * 2);
  expect(report.stats.revealsChecked).toBeGreaterThanOrEqual(SANTA_ROUNDS);
  // The final view agrees with the result.
  const finalView = rec.outcomes[0].view as SantaPublicView;
  expect(finalView.phase).toBe('over');
  expect(finalView.scores).toEqual(rec.outcomes[0].scores);
  return finalView;
}

/** Frames injected into the 4-player recording: bytes (secrets, keys) and decoded views. */
async function scannerNotBlind(recordings: Map<string, Recording>): Promise<void> {
  const rec = recordings.get('four')!;
  expect(rec).toBeDefined();
  const truth = collectSantaTruth(rec.clients);
  const secret = [...truth.get(1)!.secretValues].find((s) => !s.includes('"myPick":null'))!;
  expect(secret).toBeDefined();
  const encoded = await expectEncodingsInline(secret);
  const { pack } = await import('msgpackr');
  const spectator = rec.clients.find((c) => c.seat === null)!;
  const pickAt = spectator.frames.findIndex((f) => f.viewAfter && (JSON.parse(f.viewAfter) as SantaPublicView).phase === 'pick');
  expect(pickAt).toBeGreaterThan(0);
  const found = (clients: ClientLog[], what: string) => scanSanta(clients, truth).problems.some((p) => p.includes(what));
  const withBytes = (bytes: Buffer) => inject(rec.clients, spectator, pickAt, { bytes });
  const withView = (v: unknown) => inject(rec.clients, spectator, pickAt, { viewAfter: JSON.stringify(v) });

  // The untouched recording is clean (the difference is the injection).
  expect(scanSanta(rec.clients, truth).problems).toEqual([]);
  // Seat 1's secret in a spectator frame: schema-encoded, msgpack-encoded, smuggled inside a JSON string.
  expect(found(withBytes(encoded), "carries seat 1's secret")).toBe(true);
  expect(found(withBytes(Buffer.from(pack({ s: secret }))), "carries seat 1's secret")).toBe(true);
  expect(found(withBytes(Buffer.from(JSON.stringify({ x: secret }))), "carries seat 1's secret")).toBe(true);
  // Forbidden keys and a seed-like hex run.
  expect(found(withBytes(Buffer.from('{"picks":[3,null,7,null]}')), 'engine-only picks key')).toBe(true);
  expect(found(withBytes(Buffer.from('{"rng":[1,2,3,4]}')), 'rng key')).toBe(true);
  expect(found(withBytes(Buffer.from(`{"s":"${'ab12'.repeat(16)}"}`)), 'long hex')).toBe(true);
  // Decoded: a pick-phase view showing a card, one with a picks field, one whose board moved with the picks.
  const pv = JSON.parse(spectator.frames[pickAt].viewAfter!) as SantaPublicView;
  expect(found(withView({ ...pv, played: pv.played.map((p, s) => (s === 1 ? 5 : p)) }), 'a card is shown in the pick phase')).toBe(true);
  expect(found(withView({ ...pv, picks: [null, 5, null, null] }), 'public view fields ["picks"] extra')).toBe(true);
  const hands = pv.hands.map((h, s) => (s === 1 ? h.filter((c) => c !== h[0]) : h));
  expect(found(withView({ ...pv, hands }), 'a pick left the hand?')).toBe(true);
  expect(found(withView({ ...pv, supply: pv.supply - 1 }), 'differs from')).toBe(true);
  // Another seat's secret decoded by a spectator.
  expect(found(inject(rec.clients, spectator, pickAt, { secretsAfter: { 1: secret } }), 'decoded the secret of seat 1')).toBe(true);
}

const leakyPlan = (game: string): MatchPlan => ({ game, players: 3, seed: game, timeoutMs: 240_000 });

/** Same wire, same bots, same choreography, same scanner; only the public view leaks. */
async function leakyCaught(): Promise<void> {
  const rec = await recordMatch(leakyPlan('santa-leaky'), (bots) => choreograph(bots, 3, 'santa-leaky'));
  const report = scanSanta(rec.clients);
  expect(report.missingPositives).toEqual([]);
  const problems = report.problems.join('\n');
  log(`leaky: ${report.problems.length} problems, e.g.\n${report.problems.slice(0, 5).join('\n')}`);
  for (let seat = 0; seat < 3; seat++) {
    // Every seat's secret, with a pick in it, reaches the spectators and the other seats.
    const secret = `carries seat ${seat}'s secret \\{"seat":${seat},"role":"\\w+","myPick":\\d+\\}`;
    expect(problems).toMatch(new RegExp(`spectator \\(from the lobby\\) frame \\d+ ${secret}`));
    expect(problems).toMatch(new RegExp(`spectator \\(joined mid-pick\\) frame \\d+ carries seat ${seat}'s secret`));
    expect(problems).toMatch(new RegExp(`seat (?!${seat})\\d frame \\d+ ${secret}`));
  }
  expect(problems).toContain('contains the engine-only picks key');
  expect(problems).toMatch(/public view fields \["peek","picks"\] extra/);
  expect(problems).toMatch(/pick-phase view of round \d+ differs from .* in \["(picks","peek|peek","picks)"\]/);
}

async function leakyPlayedCaught(): Promise<void> {
  const rec = await recordMatch(leakyPlan('santa-leaky-played'), (bots) => choreograph(bots, 3, 'santa-leaky-played'));
  const report = scanSanta(rec.clients);
  expect(report.missingPositives).toEqual([]);
  const problems = report.problems.join('\n');
  log(`leaky-played: ${report.problems.length} problems, e.g.\n${report.problems.slice(0, 5).join('\n')}`);
  // Nothing for the byte search or the key checks: the leak is in the meaning of a public field.
  expect(problems).not.toContain('carries seat');
  expect(problems).not.toContain('picks key');
  expect(problems).not.toContain('public view fields');
  // Every client, spectators included, is reported for a card shown in a pick phase...
  for (const c of rec.clients) expect(problems).toContain(`${c.label} frame`);
  expect(problems).toMatch(/spectator \(from the lobby\) frame \d+: a card is shown in the pick phase: played \[/);
  expect(problems).toMatch(/spectator \(joined mid-pick\) frame \d+: a card is shown in the pick phase/);
  // ...and the pick-phase views moved with the picks.
  expect(problems).toMatch(/pick-phase view of round \d+ differs from .* in \["played"\]/);
}

export const santaSpec: LeakSpec = {
  id: 'santa',
  engines: { 'santa-leaky': leaky, 'santa-leaky-played': leakyPlayed },
  director: (bots, plan) => choreograph(bots, plan.players, plan.seed),
  matches: [
    {
      name: 'four',
      title: "4 players, default options: no client receives another seat's pick before the reveal",
      plan: { game: 'santa', players: 4, seed: 'santa-leak-4p', timeoutMs: 240_000 },
      expectClean(rec) {
        const finalView = expectSantaClean(rec);
        expect(finalView.options).toMatchObject({ awayMarkers: 'round', tieBreak: 'lowest-card' });
      },
    },
    {
      name: 'three',
      title: '3 players, awayMarkers six and tieBreak lowest-score: same guarantees',
      plan: { game: 'santa', players: 3, options: { awayMarkers: 'six', tieBreak: 'lowest-score' }, seed: 'santa-leak-3p', timeoutMs: 240_000 },
      expectClean(rec) {
        const finalView = expectSantaClean(rec);
        expect(finalView.options).toMatchObject({ awayMarkers: 'six', tieBreak: 'lowest-score' });
        expect(finalView.away).toHaveLength(6);
      },
    },
  ],
  controls: [
    { title: 'the scanner is not blind: injected frames are reported', timeoutMs: 60_000, run: scannerNotBlind },
    { title: 'a deliberately leaky engine is caught end to end', timeoutMs: 300_000, run: leakyCaught },
    { title: 'a leak through an existing public field (played during the pick phase) is caught end to end', timeoutMs: 300_000, run: leakyPlayedCaught },
  ],
};
