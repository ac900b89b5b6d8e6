/**
 * Santa's part of the leak scan (scan.ts has the loop and the reasoning). The
 * only secret of the game is each seat's face-down pick, from the moment it is
 * made until the last pick reveals all of them together (`played`). The whole
 * seat views (seat, role, myPick) are the needles of the generic byte search:
 * a pick alone (a small number) is public after the reveal, so only whole
 * seat-view strings, which nothing public makes, can be searched for.
 * Beyond the generic checks, this proves:
 *  - no frame contains the engine-only "picks" key;
 *  - every public view a client decoded has exactly the public fields; in the
 *    pick phase `played` is all null, `picked` holds booleans only,
 *    `pickCount` counts them, the hands still hold the picked cards, and
 *    nothing but `picked`/`pickCount` differs between the pick-phase views of
 *    one round (across all clients: no other field moves with the picks);
 *    within a pick phase the flags only turn on; outside it nobody has a
 *    face-down pick; the revealed cards are the picks each owner last saw in
 *    its own secret (ground truth, and proof that a changed pick counts);
 *  - each seat's own secret agrees with the public view of the same sync
 *    (its seat, its role, its picked flag).
 */
import type { SantaPublicView, SantaSeatView } from '../../../shared/src/games/santa/types.js';
import { keyPattern, newReport, scanFrames, type ClientChecks, type ClientLog, type ScanReport } from './scan.js';
import { SEAT_VIEW_KEYS } from './seat-views.js';

export const SANTA_ROUNDS = 13;

/** Every field of SantaPublicView (types.ts). A new public field must be reviewed here first. */
// prettier-ignore
const PUBLIC_KEYS = [
  'game', 'town', 'phase', 'players', 'options', 'santa', 'round', 'hands', 'picked', 'pickCount', 'played',
  'away', 'awayPlacer', 'awayLeft', 'starter', 'positions', 'present', 'supply', 'scores', 'tied', 'candidates',
  'orderBy', 'order', 'turn', 'mover', 'sighted', 'pendingGive', 'rounds', 'scoreLog', 'log', 'winners',
].sort();

export interface SantaTruth {
  seat: number;
  /** Every distinct value of the seat's `secret` string its owner decoded. */
  secretValues: Set<string>;
  /** Per round: the last pick the owner saw in its own secret during the pick phase. */
  lastPick: Map<number, number>;
  /** Per round: every distinct pick the owner saw (more than one: the pick was changed). */
  picksSeen: Map<number, Set<number>>;
}

/** Ground truth from the seated clients' own decoded secrets. */
export function collectSantaTruth(clients: ClientLog[]): Map<number, SantaTruth> {
  const truth = new Map<number, SantaTruth>();
  for (const c of clients) {
    if (c.seat === null) continue;
    const t: SantaTruth = { seat: c.seat, secretValues: new Set(), lastPick: new Map(), picksSeen: new Map() };
    truth.set(c.seat, t);
    for (const f of c.frames) {
      const secret = f.secretsAfter?.[c.seat];
      if (!secret) continue;
      t.secretValues.add(secret);
      const sv = JSON.parse(secret) as SantaSeatView;
      const v = f.viewAfter ? (JSON.parse(f.viewAfter) as SantaPublicView) : null;
      if (v?.phase === 'pick' && sv.myPick !== null) {
        t.lastPick.set(v.round, sv.myPick);
        if (!t.picksSeen.has(v.round)) t.picksSeen.set(v.round, new Set());
        t.picksSeen.get(v.round)!.add(sv.myPick);
      }
    }
  }
  return truth;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** The first pick-phase view of each round any client decoded (all others must equal it but for picked/pickCount). */
type PickPhaseViews = Map<number, { text: string; where: string; view: Record<string, unknown> }>;
type Bad = (m: string) => void;

function checkPickPhase(v: SantaPublicView, count: number, pickPhase: PickPhaseViews, where: string, bad: Bad): void {
  if (!v.played.every((p) => p === null)) bad(`a card is shown in the pick phase: played ${JSON.stringify(v.played)}`);
  if (count >= v.players) bad('every seat has picked but the picks are not revealed');
  v.hands.forEach((h, s) => {
    if (h.length !== SANTA_ROUNDS + 1 - v.round) bad(`seat ${s} holds ${h.length} cards in the pick phase of round ${v.round} (a pick left the hand?)`);
  });
  if (v.rounds.length !== v.round - 1) bad(`${v.rounds.length} round records in the pick phase of round ${v.round}`);
  if (v.log.some((e) => e.kind === 'reveal' && e.round === v.round)) bad(`a reveal of round ${v.round} is logged in its pick phase`);
  if (v.tied.length || v.order.length || v.orderBy !== null) bad('tied/order/orderBy set before the reveal');
  // Nothing but who has picked may differ between the pick-phase views of one round.
  const { picked: _p, pickCount: _c, ...rest } = v as unknown as Record<string, unknown>;
  const text = JSON.stringify(rest);
  const first = pickPhase.get(v.round);
  if (!first) pickPhase.set(v.round, { text, where, view: rest });
  else if (first.text !== text) {
    const moved = Object.keys(rest).filter((k) => !sameJson(rest[k], first.view[k]));
    bad(`pick-phase view of round ${v.round} differs from ${first.where} in ${JSON.stringify(moved)}, not only in picked/pickCount`);
  }
}

function checkRevealed(v: SantaPublicView, truth: Map<number, SantaTruth>, bad: Bad): void {
  const revealed = v.phase === 'chooser' || v.phase === 'order' || v.phase === 'move' || v.phase === 'give' || v.phase === 'over';
  if (revealed) {
    if (!v.played.every((p) => typeof p === 'number')) bad(`played ${JSON.stringify(v.played)} after the reveal`);
    v.played.forEach((card, s) => {
      const real = truth.get(s)?.lastPick.get(v.round);
      if (real !== undefined && card !== real) bad(`seat ${s} revealed ${card} in round ${v.round} but its last pick was ${real}`);
    });
  }
  if ((v.phase === 'away' || v.phase === 'start') && !v.played.every((p) => p === null)) bad(`played ${JSON.stringify(v.played)} during setup`);
  for (const r of v.rounds) {
    r.cards.forEach((card, s) => {
      const real = truth.get(s)?.lastPick.get(r.round);
      if (real !== undefined && card !== real) bad(`round record ${r.round}: seat ${s} played ${card} but its last pick was ${real}`);
    });
  }
}

/** Checks one decoded public view; `pickPhase` collects the pick-phase views of each round across clients. */
export function checkSantaView(v: SantaPublicView, truth: Map<number, SantaTruth>, pickPhase: PickPhaseViews, where: string): string[] {
  const problems: string[] = [];
  const bad = (m: string) => problems.push(`${where}: ${m}`);
  const n = v.players;
  const keys = Object.keys(v).sort();
  if (!sameJson(keys, PUBLIC_KEYS)) {
    const extra = keys.filter((k) => !PUBLIC_KEYS.includes(k));
    bad(`public view fields ${JSON.stringify(extra)} extra, ${JSON.stringify(PUBLIC_KEYS.filter((k) => !keys.includes(k)))} missing`);
  }
  if (!Array.isArray(v.picked) || v.picked.length !== n || !v.picked.every((p) => p === true || p === false)) {
    bad(`picked is not ${n} booleans: ${JSON.stringify(v.picked)}`);
    return problems;
  }
  const count = v.picked.filter(Boolean).length;
  if (v.pickCount !== count) bad(`pickCount ${JSON.stringify(v.pickCount)} but ${count} picked flags`);
  if (!Array.isArray(v.played) || v.played.length !== n) bad(`played is not an array of ${n}`);
  if (v.phase === 'pick') checkPickPhase(v, count, pickPhase, where, bad);
  else if (count !== 0) bad(`picked flags ${JSON.stringify(v.picked)} outside the pick phase`);
  checkRevealed(v, truth, bad);
  return problems;
}

/** The owner's secret and the public view come from the same sync: they agree. */
function checkOwn(c: ClientLog, own: string, v: SantaPublicView, bad: Bad): void {
  const sv = JSON.parse(own) as SantaSeatView;
  if (sv.seat !== c.seat) bad(`its secret names seat ${sv.seat}`);
  if (sv.role !== (v.santa === c.seat ? 'santa' : 'kid')) bad(`its secret says role ${sv.role}`);
  if (v.phase === 'pick' && Array.isArray(v.picked) && (sv.myPick !== null) !== v.picked[c.seat!])
    bad(`own pick ${sv.myPick} but picked flag ${v.picked[c.seat!]}`);
  if (v.phase !== 'pick' && sv.myPick !== null) bad(`a face-down pick ${sv.myPick} outside the pick phase`);
}

function santaClient(c: ClientLog, truth: Map<number, SantaTruth>, pickPhase: PickPhaseViews, report: ScanReport): ClientChecks {
  let lastPicked: { round: number; picked: boolean[] } | null = null;
  const bad = (where: string) => (m: string) => report.problems.push(`${where}: ${m}`);
  return {
    view(text, where, fresh) {
      const v = JSON.parse(text) as SantaPublicView;
      report.stats.rounds = Math.max(report.stats.rounds, v.round);
      // A pick can be changed but not taken back: within a pick phase the flags only turn on.
      if (v.phase === 'pick' && Array.isArray(v.picked)) {
        if (lastPicked && lastPicked.round === v.round && lastPicked.picked.some((p, s) => p && !v.picked[s])) {
          bad(where)(`a picked flag turned off in round ${v.round}`);
        }
        lastPicked = { round: v.round, picked: v.picked.slice() };
      }
      if (!fresh) return;
      if (v.phase === 'pick') report.stats.pickViewsChecked++;
      if (v.phase !== 'pick' && v.phase !== 'away' && v.phase !== 'start') report.stats.revealsChecked++;
      report.problems.push(...checkSantaView(v, truth, pickPhase, where));
    },
    frame(_f, _text, where, own, view) {
      if (own && view && c.seat !== null) checkOwn(c, own, JSON.parse(view) as SantaPublicView, bad(where));
    },
  };
}

/** Runs every check over the recorded clients of one Santa match. */
export function scanSanta(clients: ClientLog[], truth = collectSantaTruth(clients)): ScanReport {
  const report = newReport(clients.length, ['pickViewsChecked', 'revealsChecked', 'rounds']);
  const pickPhase: PickPhaseViews = new Map();
  return scanFrames(
    clients,
    {
      seatViewKeys: SEAT_VIEW_KEYS.santa,
      forbidden: [{ pattern: keyPattern('picks'), what: 'the engine-only picks key' }],
      needles: [],
      client: (c) => santaClient(c, truth, pickPhase, report),
    },
    report,
  );
}
