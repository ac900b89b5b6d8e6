// The real-time wire, side by side in one run (docs/measurements.md, "The wire"):
//  1. round trip: a raw WebSocket echo vs an intent → the state update that
//     reflects it, one client, every game;
//  2. bytes: per state update vs the full public view, and per client per
//     whole game;
//  3. load: a ramp to N connected clients on one server process, bots playing,
//     with the server's CPU and memory, the load generator's own event-loop
//     lag, intent → update percentiles, failed joins and disconnects.
//   npm run build && npm run bench:load [-- clients=2000 hold=30 botDelay=700 deflate=0 sync=full]
// (clients=0 skips the load; sync: the SQLite store's FIRESIDE_SQLITE_SYNC.)
// The machine's load
// averages are printed at the start and the end: on a shared machine they
// say how far the numbers can be trusted.
import './lib/meter.mjs';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { MeasuredPlayer } from './lib/measured-player.mjs';
import { freePort, pct, procStats, sleep, startServer } from './lib/util.mjs';
import { gameMetas } from '@fireside/shared';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.split('=')));
const CLIENTS = Number(args.clients ?? 2000);
const HOLD_S = Number(args.hold ?? 30);
const LOAD_BOT_DELAY = Number(args.botDelay ?? 700);
const DEFLATE = args.deflate === '1';
const SYNC = args.sync ?? 'full';
const serverEnv = { FIRESIDE_WS_DEFLATE: DEFLATE ? '1' : '0', FIRESIDE_SQLITE_SYNC: SYNC };
const ECHO_TRIPS = 2000;
const GAMES = Number(args.games ?? 3); // whole games per table: their length varies with the seed
/** A table of every game, at its benchmark size (shared/src/games/<id>/meta.ts). */
const TABLES = gameMetas.map((m) => [m.id, m.testing.benchPlayers]);

const ms = (x) => (Number.isFinite(x) ? x.toFixed(2) : '–');
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
const verdict = (ok) => (ok ? 'met' : 'NOT met');
const rows = [];
const goal = (what, value, target, ok) => rows.push([what, value, target, verdict(ok)]);

/** Round trips of a small binary frame to a raw `ws` echo server in its own process. */
async function echoRoundTrips() {
  const port = await freePort();
  const child = spawn(process.execPath, ['tests/load/echo-server.mjs', String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((r) => child.stdout.once('data', r));
  const ws = new WebSocket(`ws://127.0.0.1:${port}`);
  ws.binaryType = 'arraybuffer';
  await new Promise((r, j) => ((ws.onopen = r), (ws.onerror = j)));
  const payload = new Uint8Array(48).fill(7); // about an intent frame's size
  const times = [];
  for (let i = 0; i < ECHO_TRIPS + 200; i++) {
    const t0 = performance.now();
    await new Promise((r) => {
      ws.onmessage = r;
      ws.send(payload);
    });
    if (i >= 200) times.push(performance.now() - t0); // the first 200 warm up
  }
  ws.close();
  child.kill('SIGKILL');
  return times;
}

/**
 * The floor of the room's message path: illegal intents, whose `error`
 * reply skips the engine's rules, the store and the patch. Paced under the
 * server's 40 messages per second.
 */
async function errorTrips(base) {
  const p = await MeasuredPlayer.create(base, 'santa', 3, { seed: 'bench:floor' });
  p.room.send('sit', { seat: 0 });
  p.room.send('fillBots', {});
  await sleep(300);
  p.room.send('start', {});
  await sleep(300);
  const times = [];
  let answered = () => {};
  p.room.onMessage('error', () => answered());
  for (let i = 0; i < 400; i++) {
    const t0 = performance.now();
    await new Promise((r) => {
      answered = r;
      p.room.send('intent', { action: { type: 'not-an-action' } });
    });
    if (i >= 50) times.push(performance.now() - t0);
    if (i % 20 === 19) await sleep(1100);
  }
  await p.leave();
  return times;
}

/** One whole game per table on a fresh server; the measured client holds seat 0, server bots the rest. */
async function wholeGames(env) {
  const server = await startServer({ FIRESIDE_BOT_DELAY_MS: '40', ...env });
  const out = [];
  try {
    out.floor = await errorTrips(server.base);
    for (const [game, players] of TABLES) {
      const runs = [];
      for (let i = 0; i < GAMES; i++) {
        const p = await MeasuredPlayer.create(server.base, game, players, { seed: `bench:${game}:${i}`, meter: true });
        await p.playMatch();
        await p.leave();
        runs.push(p);
      }
      out.push({ game, players, runs });
    }
  } finally {
    server.child.kill('SIGKILL');
  }
  return out;
}

/**
 * Bytes the loopback interface carried (both directions, TCP/IP headers
 * included): what is really on the wire, compressed or not. The WebSocket
 * API only ever shows the inflated messages.
 */
function loopbackBytes() {
  const line = readFileSync('/proc/net/dev', 'utf8')
    .split('\n')
    .find((l) => l.trim().startsWith('lo:'));
  return line ? Number(line.split(':')[1].trim().split(/\s+/)[0]) : NaN;
}

/** The ramp: a load generator in its own process; the server's CPU and memory sampled during the hold. */
async function ramp() {
  const server = await startServer({ FIRESIDE_BOT_DELAY_MS: String(LOAD_BOT_DELAY), ...serverEnv }, 'fireside-load-');
  try {
    const idle = procStats(server.child.pid);
    const gen = spawn(process.execPath, ['tests/load/load-clients.mjs', server.base, String(CLIENTS), String(HOLD_S)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let holdStart = null;
    let report = null;
    let buffer = '';
    gen.stdout.on('data', (d) => {
      buffer += d;
      for (let i; (i = buffer.indexOf('\n')) >= 0;) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 1);
        if (!line.startsWith('{')) {
          console.log(`  generator: ${line}`); // the SDK's own notices (a reconnection)
          continue;
        }
        const msg = JSON.parse(line);
        if (msg.phase === 'hold') holdStart = { at: performance.now(), lo: loopbackBytes(), ...procStats(server.child.pid) };
        else if (msg.phase === 'progress') console.log(`  … ${msg.clients} clients in ${msg.rooms} rooms, generator lag p99 ${ms(msg.lagP99)} ms`);
        else if (msg.phase === 'report') report = { ...msg, holdEnd: { at: performance.now(), lo: loopbackBytes(), ...procStats(server.child.pid) } };
      }
    });
    await new Promise((r) => gen.on('exit', r));
    if (!report || !holdStart) throw new Error('the load generator gave no report');
    const seconds = (report.holdEnd.at - holdStart.at) / 1000;
    report.cpu = (report.holdEnd.cpu - holdStart.cpu) / seconds; // cores busy
    report.wireRate = (report.holdEnd.lo - holdStart.lo) / seconds;
    report.idleRss = idle.rss;
    return report;
  } finally {
    server.child.kill('SIGKILL');
  }
}

const loads = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
console.log(
  `node ${process.version}; whole games with server bots at 40 ms; load: ${CLIENTS} clients, bots at ${LOAD_BOT_DELAY} ms, hold ${HOLD_S} s; per-message deflate ${DEFLATE ? 'on' : 'off'}; SQLite synchronous=${SYNC}`,
);
console.log(`machine load averages (1, 5, 15 min) at the start: ${loads()}`);
const echo = await echoRoundTrips();
const games = await wholeGames(serverEnv);
const echoP50 = pct(echo, 50);

console.log('\n1. Round trip (ms), one client on loopback');
console.log('| | p50 | p99 | n |\n|---|---|---|---|');
console.log(`| raw WebSocket echo | ${ms(echoP50)} | ${ms(pct(echo, 99))} | ${echo.length} |`);
console.log(`| the room's floor: illegal intent → error | ${ms(pct(games.floor, 50))} | ${ms(pct(games.floor, 99))} | ${games.floor.length} |`);
const allLat = [];
for (const { game, runs } of games) {
  const lat = runs.flatMap((p) => p.latencies);
  allLat.push(...lat);
  const refused = runs.reduce((a, p) => a + p.refused, 0);
  console.log(`| ${game}: intent → update | ${ms(pct(lat, 50))} | ${ms(pct(lat, 99))} | ${lat.length} (${refused} refused) |`);
}
const p50 = pct(allLat, 50);
goal('intent → update p50 vs echo p50', `${(p50 / echoP50).toFixed(2)}× (${ms(p50)} vs ${ms(echoP50)} ms)`, '≤ 1.5×', p50 <= 1.5 * echoP50);
goal('intent → update p99, one client', `${ms(pct(allLat, 99))} ms`, '≤ 5 ms', pct(allLat, 99) <= 5);

console.log(`\n2. Bytes a seated client receives (${GAMES} whole games per table)`);
console.log(
  '| game | updates per game | mean bytes/update | mean full view | update / view: mean of updates / of totals | whole game: median (min–max) |\n|---|---|---|---|---|---|',
);
const perGameGoal = Object.fromEntries(gameMetas.map((m) => [m.id, m.testing.benchBytesPerGame]));
let ratioSum = 0;
let ratioN = 0;
for (const { game, players, runs } of games) {
  const patches = runs.flatMap((p) => p.patches);
  const bytes = patches.reduce((a, [b]) => a + b, 0);
  const view = patches.reduce((a, [, v]) => a + v, 0);
  const ratio = patches.reduce((a, [b, v]) => a + (v > 0 ? b / v : 0), 0) / patches.length;
  ratioSum += ratio * patches.length;
  ratioN += patches.length;
  const whole = runs.map((p) => p.matchBytes).sort((a, b) => a - b);
  const median = whole[whole.length >> 1];
  console.log(
    `| ${game} (${players}p) | ${(patches.length / runs.length).toFixed(0)} | ${(bytes / patches.length).toFixed(0)} B | ${kb(view / patches.length)} | ${(ratio * 100).toFixed(2)}% / ${((bytes / view) * 100).toFixed(2)}% | ${kb(median)} (${kb(whole[0])}–${kb(whole.at(-1))}) |`,
  );
  goal(`${game}: bytes per client per whole game (median of ${runs.length})`, kb(median), kb(perGameGoal[game]), median <= perGameGoal[game]);
}
goal('bytes per update / full public view (mean over updates)', `${((ratioSum / ratioN) * 100).toFixed(2)}%`, '≤ 5%', ratioSum / ratioN <= 0.05);

if (CLIENTS > 0) await loadSection();

async function loadSection() {
  console.log(`\n3. Load: ${CLIENTS} clients on one server process`);
  const r = await ramp();
  console.log(
    '| clients | rooms | failed joins | unexpected disconnects | intent → update p50 / p99 / max | server CPU (cores) | server RSS | per room: CPU / RSS | generator lag p99 / max |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  console.log(
    `| ${r.clients} | ${r.rooms} | ${r.failedJoins} | ${r.disconnects} | ${ms(r.latP50)} / ${ms(r.latP99)} / ${ms(r.latMax)} ms (n=${r.latN}) | ${r.cpu.toFixed(2)} | ${(r.holdEnd.rss / 2 ** 20).toFixed(0)} MB | ${((r.cpu / r.rooms) * 1000).toFixed(2)} ms/s / ${((r.holdEnd.rss - r.idleRss) / r.rooms / 1024).toFixed(0)} KB | ${ms(r.lagP99)} / ${ms(r.lagMax)} ms |`,
  );
  console.log(
    `   during the hold: spectators received ${(r.holdBytes / 2 ** 20 / HOLD_S).toFixed(2)} MB/s of messages; the loopback carried ${(r.wireRate / 2 ** 20).toFixed(2)} MB/s (both ways, headers included)`,
  );
  goal(`load: connected clients`, String(r.clients), `${CLIENTS}`, r.clients >= CLIENTS);
  goal('load: intent → update p99', `${ms(r.latP99)} ms`, '≤ 20 ms', r.latP99 <= 20);
  goal('load: failed joins', String(r.failedJoins), '0', r.failedJoins === 0);
  goal('load: unexpected disconnects', String(r.disconnects), '0', r.disconnects === 0);
}

console.log(`\nmachine load averages (1, 5, 15 min) at the end: ${loads()}`);
console.log('\nGoals');
console.log('| goal | measured | target | |\n|---|---|---|---|');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
await sleep(50);
process.exit(0);
