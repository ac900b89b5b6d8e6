// What the benchmarks' seated clients (measured-player.mjs, cluster-player.mjs)
// share: their seat played by the game's bot, one intent at a time, each kept
// in `player.pending` ({ id, at }) until the server answers it.

/**
 * The move of the game's bot for `seat` if the seat is awaited, sent with a
 * new id and kept as `player.pending` (sent at `at`). The decoded view itself
 * goes to the bot: bots only read it (engines are pure), and a load generator
 * must stay light.
 */
export function sendBotMove(player, snap, seat, seedKey, at) {
  if (snap.status !== 'playing' || seat < 0 || !snap.seats[seat].awaiting || !snap.publicView) return;
  const own = snap.seats[seat].secret ? JSON.parse(snap.seats[seat].secret) : null;
  const action = player.game.botAction(snap.publicView, own, seat, player.rng, seedKey);
  if (action === null || action === undefined) return;
  player.pending = { id: player.nextId++, at };
  player.room.send('intent', { action, id: player.pending.id });
}

/**
 * The server's answers to `player.pending` on `room`: an `error` counts as
 * refused, an `accepted` goes to `onAccepted(pending)`; either way the
 * intent is no longer pending and the player looks at its seat again.
 */
export function followAnswers(room, player, onAccepted) {
  const answers = (m) => !!player.pending && m.id === player.pending.id;
  room.onMessage('error', (m) => {
    if (!answers(m)) return;
    player.refused++;
    player.pending = null;
    player.update();
  });
  room.onMessage('accepted', (m) => {
    if (!answers(m)) return;
    onAccepted(player.pending);
    player.pending = null;
    player.update();
  });
}
