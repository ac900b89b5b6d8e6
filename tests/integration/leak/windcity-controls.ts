/**
 * Wind City's negative controls in the leak test: frames injected into a
 * recording and doctored public views are reported, and a deliberately leaky
 * engine (leak/windcity.ts) is caught end to end.
 */
import { expect } from '@jest/globals';
import { log, recordMatch, type DecideContext, type Recording, type RoomSnapshot } from './harness.js';
import { expectEncodingsInline, inject } from './checks.js';
import type { ClientLog } from './scan.js';
import { checkWindCityView, scanWindCity } from './windcity-scan.js';
import type { MatchTruth } from './windcity-truth.js';

/** Secrets injected into the raw frames of a recording are found. */
async function injectedFound(rec: Recording, truth: MatchTruth): Promise<void> {
  const seat1 = rec.clients.find((c) => c.seat === 1)!;
  const secrets = [...new Set(seat1.frames.map((f) => f.secretsAfter?.[1]).filter((s): s is string => !!s))].map((s) => JSON.parse(s));
  const drawn = secrets.find((sv) => sv.card !== null && sv.plan === null)!;
  const planned = secrets.find((sv) => sv.card !== null && sv.plan !== null)!;
  const allRequests = [...truth.turns.values()].flatMap((t) => [...t.requests.values()]);
  const asked = allRequests.find((r) => r.buyer === 1) ?? allRequests[0];
  expect(drawn && planned && asked).toBeTruthy();
  const encoded = await expectEncodingsInline(JSON.stringify(drawn));
  const { pack } = await import('msgpackr');

  const spectator = rec.clients.find((c) => c.label.startsWith('spectator (from'))!;
  // Inject early: before any of this game's reveals.
  const problemsWith = (bytes: Buffer, into: ClientLog = spectator) => scanWindCity(inject(rec.clients, into, 3, { bytes }), truth).problems.join('\n');
  // The untouched recording is clean (the difference is the injection).
  expect(scanWindCity(rec.clients, truth).problems).toEqual([]);
  expect(problemsWith(encoded)).toMatch(/spectator \(from the lobby\) frame -1 carries seat 1's seat view/);
  // Into seat 0's own frames: another seat's view.
  expect(
    problemsWith(
      encoded,
      rec.clients.find((c) => c.seat === 0),
    ),
  ).toMatch(/seat 0 frame -1 carries seat 1's seat view/);
  // The card and plan alone, as msgpack, and smuggled inside another JSON string.
  const pair = (sv: any) => `"card":${sv.card},"plan":${JSON.stringify(sv.plan)}`;
  expect(problemsWith(Buffer.from(pack({ x: `{${pair(drawn)}}` })))).toMatch(/carries an unrevealed card and plan/);
  expect(problemsWith(Buffer.from(JSON.stringify({ x: `{${pair(planned)}}` })))).toMatch(/carries an unrevealed card and plan/);
  // A request, whole.
  const request = JSON.stringify({ buyer: asked.buyer, squares: asked.squares, price: asked.price, answer: null });
  expect(problemsWith(Buffer.from(pack({ r: request })))).toMatch(new RegExp(`carries seat ${asked.buyer}'s insurance request`));
  expect(problemsWith(Buffer.from(`{"answer":"declined"}`))).toMatch(/request answer/);
  // The pile, the generator, the seed.
  expect(problemsWith(Buffer.from(`{"next":${[...truth.piles][0]}}`))).toMatch(/contains a draw pile/);
  expect(problemsWith(Buffer.from(`{"drawPile":[]}`))).toMatch(/drawPile key/);
  expect(problemsWith(Buffer.from(`{"g":${[...truth.rngStates][0]}}`))).toMatch(/generator word/);
  expect(problemsWith(Buffer.from(`{"rng":0}`))).toMatch(/rng key/);
  expect(problemsWith(Buffer.from(pack({ s: truth.seed })))).toMatch(/the match seed/);
  expect(problemsWith(Buffer.from(`{"seed":1}`))).toMatch(/seed key/);
  // Another seat's secret decoded by a spectator.
  const decoded = scanWindCity(inject(rec.clients, spectator, 3, { secretsAfter: { 1: JSON.stringify(drawn) } }), truth).problems.join('\n');
  expect(decoded).toMatch(/decoded the secret of seat 1/);
}

/** Doctored public views (decoded side) are refused; the received ones pass. */
function doctoredRefused(rec: Recording, truth: MatchTruth): void {
  const spectator = rec.clients.find((c) => c.label.startsWith('spectator (from'))!;
  const views = spectator.frames
    .map((f) => f.viewAfter)
    .filter((v): v is string => !!v)
    .map((v) => JSON.parse(v));
  const refused = (v: unknown) => checkWindCityView(v, truth, 'doctored').join('\n');
  const market = views.find((v) => v.phase === 'market' && v.act)!;
  expect(market).toBeDefined();
  const now = truth.turns.get(market.turn)!;
  const early = { ...market, act: { ...market.act, turn: market.turn, seat: now.seat, card: now.card, plan: now.plan } };
  expect(refused(early)).toMatch(/the act of turn \d+ is public before the act/);
  const withReveal = { ...market, log: [...market.log, { kind: 'reveal', turn: market.turn, seat: now.seat, card: now.card, plan: now.plan }] };
  expect(refused(withReveal)).toMatch(/a reveal of turn \d+ is public before the act/);
  expect(refused({ ...market, act: { ...market.act, card: (market.act.card % 25) + 1 } })).toMatch(/the server had/);
  const answered = [...truth.turns.values()].flatMap((tt) => [...tt.requests.values()].map((r) => ({ tt, r })));
  const insured = ({ tt, r }: (typeof answered)[number]) => ({
    kind: 'insured',
    turn: tt.turn,
    buyer: r.buyer,
    seller: tt.seat,
    squares: r.squares,
    price: r.price,
  });
  const declined = answered.find(({ r }) => r.answer === 'declined')!;
  expect(declined).toBeDefined();
  const final = views[views.length - 1];
  expect(refused({ ...final, log: [...final.log, insured(declined)] })).toMatch(/the seller did not accept/);
  // An accepted request shown before the seller accepted it (in a view of that turn's plan phase).
  const yes = answered.find(({ r }) => r.answer === 'accepted')!;
  const planView = views.find((v) => v.turn === yes.tt.turn && v.phase === 'plan')!;
  expect(planView).toBeDefined();
  expect(refused({ ...planView, log: [...planView.log, insured(yes)] })).toMatch(/shown before the seller accepted/);
  expect(refused({ ...market, planned: now.plan })).toMatch(/not plain booleans/);
  expect(refused({ ...market, market: { ...market.market, requests: [] } })).toMatch(/"requests"/);
  for (const v of views) expect(checkWindCityView(v, truth, 'as received')).toEqual([]);
}

export async function scannerNotBlind(rec: Recording, truth: MatchTruth): Promise<void> {
  expect(rec).toBeDefined();
  await injectedFound(rec, truth);
  doctoredRefused(rec, truth);
}

/** Same wire, same bots, same scanner; only the public view leaks. Stopped once enough has happened. */
export async function leakyCaught(leaky: { matches: MatchTruth[] }, decide: () => (ctx: DecideContext) => unknown): Promise<void> {
  const before = leaky.matches.length;
  const truth = () => leaky.matches[before];
  // Enough of the game: a few turns and at least one request of each kind (or the end).
  const enough = (s: RoomSnapshot) => {
    const m = truth();
    if (!m || !s.view) return false;
    const reqs = [...m.turns.values()].flatMap((t) => [...t.requests.values()]);
    return (JSON.parse(s.view) as { turn: number }).turn >= 6 && reqs.some((r) => r.answer === 'accepted') && reqs.some((r) => r.answer === 'declined');
  };
  const plan = { game: 'windcity-leaky', players: 3, seed: 'leaky', timeoutMs: 240_000, stopWhen: { done: enough, what: 'enough of the leaky game' } };
  const rec = await recordMatch(plan, () => ({ decide: decide(), latecomerWhen: null, latecomerLabel: 'none' }));
  // (Stopped in the middle of a turn: the owners' controls cover the turns before it.)
  const report = scanWindCity(rec.clients, truth(), Math.max(...truth().turns.keys()) - 1);
  const problems = report.problems.join('\n');
  log(`leaky: ${report.problems.length} problems, e.g.\n${report.problems.slice(0, 8).join('\n')}`);
  expect(report.missingPositives).toEqual([]);
  // Raw frames: the card and plan before the act, and the requests, to everyone.
  const spectator = 'spectator \\(from the lobby\\) frame \\d+';
  expect(problems).toMatch(new RegExp(`${spectator} carries an unrevealed card and plan \\("card":\\d+,"plan":null\\)`));
  expect(problems).toMatch(new RegExp(`${spectator} carries an unrevealed card and plan \\("card":\\d+,"plan":\\[`));
  expect(problems).toMatch(new RegExp(`${spectator} carries seat \\d's insurance request`));
  expect(problems).toMatch(/seat \d frame \d+ carries an unrevealed card and plan/);
  expect(problems).toMatch(/seat \d frame \d+ carries seat \d's insurance request/);
  expect(problems).toMatch(new RegExp(`${spectator} contains requests it does not sell`));
  // Decoded views: extra keys and the request field.
  expect(problems).toMatch(/keys beyond the public view: peek, peeks, requests/);
  expect(problems).toMatch(/the key "answer" at \$\.requests\[0\]\.answer/);
  expect(problems).toMatch(/"card" at \$\.peek\.card/);
  process.stderr.write(`windcity leak test: the leaky engine was caught (${report.problems.length} problems)\n`);
}
