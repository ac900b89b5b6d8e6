// The load generator of bench-load.mjs, in its own process so that its work
// is not the server's. Each room has one measured player (an SDK client at
// seat 0 that plays at once and times its intents; the only client that
// decodes state) and raw spectators, which speak just enough of the Colyseus
// protocol to join (the JOIN_ROOM acknowledgement) and count what they
// receive without decoding it. Server bots fill the other seats; each room
// plays match after match. Reports JSON lines on stdout.
//   node tests/load/load-clients.mjs <server base URL> <clients> <hold seconds>
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { MeasuredPlayer } from './lib/measured-player.mjs';
import { rawSpectator } from './lib/raw-spectator.mjs';
import { pct, sleep } from './lib/util.mjs';
import { gameMetas } from '@fireside/shared';

const [base, clientsArg, holdArg] = process.argv.slice(2);
const CLIENTS = Number(clientsArg);
const HOLD_MS = Number(holdArg) * 1000;
const PER_ROOM = 4.65; // ≈ 2,000 clients in 430 rooms, as in the goal
const ROOMS = Math.max(1, Math.round(CLIENTS / PER_ROOM));
/** A table of every game, at its benchmark size (shared/src/games/<id>/meta.ts). */
const TABLES = gameMetas.map((m) => [m.id, m.testing.benchPlayers]);

const say = (msg) => process.stdout.write(`${JSON.stringify(msg)}\n`);
const lag = monitorEventLoopDelay({ resolution: 5 });
lag.enable();

let stopping = false;
let failedJoins = 0;
let disconnects = 0;
let holdBytes = 0;
let holding = false;
let connected = 0;
const players = [];
const sockets = [];

/** A spectator that joins without the SDK and never decodes (see the module comment). */
async function addSpectator(roomId) {
  const ws = await rawSpectator(base, roomId, (bytes) => {
    if (holding) holdBytes += bytes;
  });
  ws.onclose = () => {
    if (!stopping) disconnects++;
  };
  sockets.push(ws);
  connected++;
}

/** One room: its measured player creates it, spectators join, then match after match until the end. */
async function room(i) {
  const [game, players_] = TABLES[i % TABLES.length];
  let player;
  try {
    player = await MeasuredPlayer.create(base, game, players_, { seed: `load:${i}` });
  } catch {
    failedJoins++;
    return;
  }
  players.push(player);
  connected++;
  const spectators = Math.round((i + 1) * (PER_ROOM - 1)) - Math.round(i * (PER_ROOM - 1));
  for (let s = 0; s < spectators; s++) {
    await addSpectator(player.room.roomId).catch(() => failedJoins++);
  }
  void (async () => {
    while (!stopping) {
      try {
        await player.playMatch();
        if (!stopping) await player.again();
      } catch (e) {
        if (!stopping) say({ phase: 'warning', message: String(e?.message ?? e) });
        return;
      }
    }
  })();
}

// The ramp: rooms open ten at a time.
for (let i = 0; i < ROOMS; i += 10) {
  await Promise.all(Array.from({ length: Math.min(10, ROOMS - i) }, (_, k) => room(i + k)));
  if ((i / 10) % 5 === 4) say({ phase: 'progress', clients: connected, rooms: players.length, lagP99: lag.percentile(99) / 1e6 });
}
await sleep(3000); // let the last rooms start their matches

// The hold: only what happens now is measured.
for (const p of players) p.latencies.length = 0;
lag.reset();
holding = true;
say({ phase: 'hold' });
await sleep(HOLD_MS);
holding = false;
const latencies = players.flatMap((p) => p.latencies);
disconnects += players.filter((p) => p.left !== null).length + players.reduce((a, p) => a + p.drops, 0);
say({
  phase: 'report',
  clients: connected,
  rooms: players.length,
  failedJoins,
  disconnects,
  latN: latencies.length,
  latP50: pct(latencies, 50),
  latP99: pct(latencies, 99),
  latMax: Math.max(...latencies),
  lagP99: lag.percentile(99) / 1e6,
  lagMax: lag.max / 1e6,
  holdBytes,
});
stopping = true;
process.exit(0);
