/**
 * Raw-frame leak checks for the soak's recorded rooms. Gift Trap rooms go
 * through the full Gift Trap scanner (tests/integration/helpers/leak-scan.ts:
 * bytes, forbidden keys, decoded views). Santa and Wind City rooms get the
 * game-independent part of the same byte search: every distinct `secret` a
 * seat's own client decoded is in no frame any other client received
 * (neither as is nor escaped inside another JSON string), is in its owner's
 * frames (positive control), and no client decodes another seat's secret.
 * (Their own scanners need an in-process server: windcity-scan.ts spies on
 * the engine, and the Santa scan lives in its test; the soak's server is a
 * separate process.)
 */
import { keyPattern, scanMatch, type ClientLog } from '../integration/helpers/leak-scan.ts';

export interface LeakFindings {
  problems: string[];
  frames: number;
  needles: number;
}

const forms = (t: string): [Buffer, Buffer] => [Buffer.from(t, 'utf8'), Buffer.from(JSON.stringify(t).slice(1, -1), 'utf8')];
const FORBIDDEN = [keyPattern('rng'), keyPattern('seed', 'i'), /[0-9a-f]{32,}/i];

export function scanSecrets(clients: ClientLog[]): LeakFindings {
  const problems: string[] = [];
  const needles: { owner: number; text: string; bufs: [Buffer, Buffer] }[] = [];
  let frames = 0;
  for (const c of clients) {
    const own = new Set<string>();
    for (const f of c.frames) {
      for (const [seat, secret] of Object.entries(f.secretsAfter ?? {})) {
        if (Number(seat) !== c.seat) problems.push(`${c.label} decoded the secret of seat ${seat}`);
        else own.add(secret);
      }
    }
    for (const text of own) needles.push({ owner: c.seat!, text, bufs: forms(text) });
  }
  for (const n of needles) {
    const owners = clients.filter((c) => c.seat === n.owner);
    if (!owners.some((c) => c.frames.some((f) => f.bytes.includes(n.bufs[0]))))
      problems.push(`positive control: seat ${n.owner}'s secret is not in its own frames`);
  }
  for (const c of clients) {
    for (const f of c.frames) {
      frames++;
      const text = f.bytes.toString('latin1');
      for (const pattern of FORBIDDEN) if (pattern.test(text)) problems.push(`${c.label} frame ${f.seq} matches ${pattern}`);
      for (const n of needles) {
        if (n.owner === c.seat) continue;
        if (f.bytes.includes(n.bufs[0]) || f.bytes.includes(n.bufs[1])) problems.push(`${c.label} frame ${f.seq} carries seat ${n.owner}'s secret`);
      }
    }
  }
  return { problems, frames, needles: needles.length };
}

/** The scanner for a game's recorded clients. */
export function scanRoom(game: string, clients: ClientLog[]): LeakFindings {
  if (game !== 'gifttrap') return scanSecrets(clients);
  const report = scanMatch(clients);
  return {
    problems: [...report.problems, ...report.missingPositives.map((m) => `positive control: ${m}`)],
    frames: report.stats.frames,
    needles: report.stats.needles,
  };
}
