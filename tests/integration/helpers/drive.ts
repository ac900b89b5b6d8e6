/**
 * Plays human seats of a real room like bots would: each awaited human seat
 * asks the game's own `botAction` from its views (the public view and its
 * own secret) and sends the intent over the wire.
 */
import { rngFromSeed, type AnyGame } from '@fireside/shared';
import { sleep, waitFor, type Player } from '../../../server/testing/harness.js';

export const viewOf = (p: Player) => JSON.parse(p.state.view);
export const ownOf = (p: Player, seat: number) => JSON.parse(p.state.seats[seat].secret);

/** `humans[seat]` plays `seat`; plays until `stop(view)` holds (or the match ends). */
export async function playUntil(game: AnyGame, humans: Map<number, Player>, stop: (view: any) => boolean, label: string, timeoutMs = 60_000): Promise<void> {
  const rng = rngFromSeed(`drive-${label}`);
  const deadline = Date.now() + timeoutMs;
  const any = [...humans.values()][0];
  for (;;) {
    if (Date.now() > deadline) throw new Error(`never reached ${label}: ${any.state.view}`);
    if (any.state.status === 'ended' || (any.state.view && stop(viewOf(any)))) return;
    let acted = false;
    for (const [seat, p] of humans) {
      const s = p.state.seats[seat];
      if (!s?.awaiting || !s.secret || !p.state.view) continue;
      const action = game.botAction(viewOf(p), ownOf(p, seat), seat, rng);
      if (!action) continue;
      const before = p.state.view + s.secret;
      const errors = p.errors.length;
      p.send('intent', { action });
      await waitFor(() => p.state.view + p.state.seats[seat].secret !== before || p.errors.length > errors, `${label}: seat ${seat} acted`, 10_000);
      acted = true;
      break;
    }
    if (!acted) await sleep(20);
  }
}
