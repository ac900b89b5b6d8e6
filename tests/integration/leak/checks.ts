/**
 * The leak test's expectations that hold for every game's recorded match, and
 * the tools its negative controls share (frames injected into a recording).
 */
import { expect } from '@jest/globals';
import type { RecordedFrame } from '../helpers/recording-ws.js';
import type { Recording } from './harness.js';
import type { ClientLog, ScanReport } from './scan.js';

/** What every clean recording satisfies, whatever the game. */
export function expectWellFormed(rec: Recording): void {
  const { players } = rec.plan;
  // Every socket belongs to exactly one client, and nobody reconnected
  // (a reconnection would open a socket the recorder cannot attribute).
  expect(rec.socketsPerClient.every((n) => n === 1)).toBe(true);
  expect(
    rec.clients
      .filter((c) => c.seat !== null)
      .map((c) => c.seat)
      .sort(),
  ).toEqual([...Array(players).keys()]);
  // Seat tokens (they reclaim a member and its seat) reach only their owner.
  for (const [label, token] of rec.tokens) {
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    for (const c of rec.clients) {
      const found = c.frames.some((f) => f.bytes.includes(Buffer.from(token)));
      expect({ client: c.label, token: label, found }).toEqual({ client: c.label, token: label, found: c.label === label });
    }
  }
  // Every seat saw the same end.
  expect(rec.outcomes).toHaveLength(players);
  for (const o of rec.outcomes) expect({ winners: o.winners, scores: o.scores }).toEqual({ winners: rec.outcomes[0].winners, scores: rec.outcomes[0].scores });
  expect(rec.outcomes[0].scores).toHaveLength(players);
  expect(rec.outcomes[0].winners.length).toBeGreaterThan(0);
}

/** A scan found nothing, and every owner-side control held. */
export function expectScanClean(report: ScanReport): void {
  expect(report.problems.slice(0, 20)).toEqual([]);
  expect(report.missingPositives.slice(0, 20)).toEqual([]);
}

/** One line for the test output: the match and what was scanned. */
export function describeRecording(rec: Recording, report: ScanReport, rounds: string): void {
  const { game, players, options } = rec.plan;
  const s = report.stats;
  process.stderr.write(
    `leak test: ${players}-player ${game} ${options ? JSON.stringify(options) : ''} through the server: ${rounds} in ${rec.ms} ms; ${s.frames} frames, ${s.needles} secret values, ${s.viewsChecked} views checked\n`,
  );
}

/**
 * The claim the byte search relies on (scan.ts): @colyseus/schema and msgpackr
 * write a string inline, as UTF-8. Returns the schema encoding of `secret`.
 */
export async function expectEncodingsInline(secret: string): Promise<Buffer> {
  const { schema, t, Encoder } = await import('@colyseus/schema');
  const Probe = schema({ secret: t.string(), other: t.uint8() }, 'LeakProbe');
  const probe = new Probe();
  probe.secret = secret;
  probe.other = 7;
  const encoded = Buffer.from(new Encoder(probe).encodeAll());
  expect(encoded.includes(Buffer.from(secret, 'utf8'))).toBe(true);
  const { pack } = await import('msgpackr');
  expect(Buffer.from(pack({ type: 'x', secret })).includes(Buffer.from(secret, 'utf8'))).toBe(true);
  return encoded;
}

/**
 * The recording with one frame inserted into `into`'s frames after index `at`
 * (by default with the view it had then, and no secret).
 */
export function inject(clients: ClientLog[], into: ClientLog, at: number, frame: Partial<RecordedFrame>): ClientLog[] {
  const frames = into.frames.slice();
  frames.splice(at + 1, 0, { seq: -1, bytes: Buffer.alloc(0), viewAfter: frames[at].viewAfter, secretsAfter: {}, ...frame });
  return clients.map((c) => (c === into ? { ...c, frames } : c));
}
