// Engine throughput: whole bot games per second for every registered game,
// engine only (no server), in plain Node from the built shared package.
//   npm run build -w shared && node tests/load/engine-bench.mjs [games-per-run] [game-id]
// With a game id, only that game runs (e.g. to count its instructions under
// valgrind, see docs/measurements.md).
// Bots decide from the public view and their own seat view, exactly as on the server.
import { games, metaOf, rngFromSeed } from '@fireside/shared';

const perRun = Number(process.argv[2] ?? 200);
const only = process.argv[3];

function playOne(game, players, seed) {
  let state = game.setup(players, game.defaultOptions(players), seed);
  const rng = rngFromSeed(`bots-${seed}`);
  let actions = 0;
  for (;;) {
    if (game.result(state)) return { state, actions };
    const seats = game.awaiting(state);
    if (seats.length === 0 && game.expire) {
      state = game.expire(state);
      continue;
    }
    for (const seat of seats) {
      const action = game.botAction(game.publicView(state), game.seatView(state, seat), seat, rng);
      const next = game.apply(state, seat, action);
      if (!next.ok) throw new Error(`${game.id}: bot action refused: ${next.error.message}`);
      state = next.value;
      actions++;
      break; // re-read who is awaited after every action
    }
  }
}

console.log(`node ${process.version}, ${perRun} games per game id`);
for (const [id, game] of Object.entries(games)) {
  if (only && id !== only) continue;
  const players = metaOf(id).testing.benchPlayers;
  playOne(game, players, 'warm-up');
  const t0 = performance.now();
  let actions = 0;
  for (let i = 0; i < perRun; i++) actions += playOne(game, players, `bench-${i}`).actions;
  const s = (performance.now() - t0) / 1000;
  console.log(
    `${id.padEnd(9)} ${players} players: ${(perRun / s).toFixed(1)} games/s, ${(actions / perRun).toFixed(0)} actions/game, ${((s / perRun) * 1000).toFixed(2)} ms/game`,
  );
}
