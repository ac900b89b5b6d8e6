/**
 * How the bots play Santa in the leak test, so that every round exercises the
 * secret (the face-down picks):
 *  - the last picker of round r is seat r mod n: the bots' own play never
 *    picks for it (its `decide` returns null in that pick phase); the test
 *    sends its pick (the engine bot's choice, from that client's own view) once
 *    every other seat shows as picked, and
 *  - seat (r+1) mod n changes its pick once its first pick has reached it
 *    (rounds 1–12: it still holds another card), and the last pick waits
 *    until the changed pick has reached its owner too;
 *  - in round LATECOMER_ROUND the last pick also waits until the latecomer
 *    has joined, so the latecomer's first frame (a full state) falls into a
 *    pick phase with picks made.
 * So each round one seat's secret changes twice while the public view does
 * not change at all. The waits are coordinated inside this test process,
 * never over the wire; a hold that waits in vain (HOLD_MS) is noted.
 */
import { getGame, rngFromSeed } from '@fireside/shared';
import type { SantaPublicView, SantaSeatView } from '../../../shared/src/games/santa/types.js';
import { defaultDecide, type Bot, type DecideContext, type Director, type RoomSnapshot } from './harness.js';
import { SANTA_ROUNDS } from './santa-scan.js';

/** The round in which the latecomer joins, during the pick phase. */
export const LATECOMER_ROUND = 3;
/** How long the last picker waits for a choreographed event before picking anyway (sized for a loaded CI machine). */
const HOLD_MS = 20_000;
/** How long before the last pick is sent again if the round has not moved on. */
const RESEND_MS = 3000;

export interface SantaDirector extends Director {
  /** Rounds whose last picker waited for a choreographed event in vain. */
  holdsExpired: Set<number>;
}

const viewOf = (s: RoomSnapshot) => JSON.parse(s.view) as SantaPublicView;

/** The latecomer joins in the pick phase of LATECOMER_ROUND, once a pick is made. */
function midPick(s: RoomSnapshot): boolean {
  const v = viewOf(s);
  return v.phase === 'pick' && v.round === LATECOMER_ROUND && v.pickCount >= 1;
}

export function choreograph(bots: Bot[], players: number, seed: string): SantaDirector {
  const lastPicker = (round: number) => round % players;
  const changer = (round: number) => (round + 1) % players;
  const game = getGame('santa')!;
  const rngs = bots.map((_, i) => rngFromSeed(`${seed}:last:${i}`));
  const changed = new Map<number, { from: number; to: number; arrived: boolean }>();
  const since = new Map<number, number>();
  const sentAt = new Map<number, number>();
  const holdsExpired = new Set<number>();
  let latecomerReady = false;

  /** Whether the last picker of `round` still waits for a choreographed event (and notes a hold that ran out). */
  const holding = (round: number): boolean => {
    const now = Date.now();
    if (!since.has(round)) since.set(round, now);
    const waiting = (round < SANTA_ROUNDS && !changed.get(round)?.arrived) || (round === LATECOMER_ROUND && !latecomerReady);
    if (waiting && now - since.get(round)! < HOLD_MS) return true;
    if (waiting) holdsExpired.add(round);
    return false;
  };

  const tryLastPick = () => {
    const probe = bots[0].state;
    if (probe.status !== 'playing' || !probe.view) return;
    const round = viewOf(probe).round;
    const seat = lastPicker(round);
    const bot = bots[seat];
    const s = bot.state;
    if (s.status !== 'playing' || !s.view) return;
    const v = viewOf(s);
    if (v.phase !== 'pick' || v.round !== round || !s.seats[seat]?.awaiting) return;
    if (!v.picked.every((p, i) => i === seat || p) || holding(round)) return;
    const sent = sentAt.get(round);
    if (sent !== undefined && Date.now() - sent < RESEND_MS) return;
    sentAt.set(round, Date.now());
    const own = s.seats[seat].secret ? JSON.parse(s.seats[seat].secret!) : null;
    const action = defaultDecide({ game, view: v, own, seat, rng: rngs[seat], persona: `santa-leak:${seat}` });
    if (action) bot.send('intent', { action });
  };

  /** The changer of the round changes its first pick once it has reached it, and notes when the change has too. */
  const maybeChange = (bot: Bot, seat: number, s: RoomSnapshot) => {
    if (s.status !== 'playing' || !s.view) return;
    const v = viewOf(s);
    const secret = s.seats[seat]?.secret;
    if (v.phase !== 'pick' || changer(v.round) !== seat || v.round >= SANTA_ROUNDS || !secret) return;
    const mine = (JSON.parse(secret) as SantaSeatView).myPick;
    const change = changed.get(v.round);
    if (mine !== null && !change) {
      const others = v.hands[seat].filter((c) => c !== mine);
      const to = others[(v.round * 5 + seat) % others.length];
      changed.set(v.round, { from: mine, to, arrived: false });
      bot.send('intent', { action: { type: 'pick', card: to } });
    } else if (change && mine === change.to) change.arrived = true;
  };

  const stops = bots.map((bot, seat) =>
    bot.onState((s) => {
      maybeChange(bot, seat, s);
      tryLastPick();
    }),
  );
  const timer = setInterval(tryLastPick, 250);
  stops.push(() => clearInterval(timer));

  return {
    /** For every bot's play(): the engine's bot, except the last picker's pick. */
    decide: (ctx: DecideContext): unknown => (ctx.view.phase === 'pick' && ctx.seat === lastPicker(ctx.view.round) ? null : defaultDecide(ctx)),
    latecomerWhen: midPick,
    latecomerLabel: 'joined mid-pick',
    latecomerJoined() {
      latecomerReady = true;
      tryLastPick();
    },
    holdsExpired,
    stop: () => stops.forEach((f) => f()),
  };
}
