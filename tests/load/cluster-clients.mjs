// The load generator of cluster-bench.mjs, in its own process (forked, driven
// over the IPC channel) so that its work is not the servers'. Each room has
// one seated SDK client (lib/cluster-player.mjs: plays seat 0 at once, times
// its intents, comes back after its process dies) and raw spectators that
// join with the Colyseus handshake and never decode (as load-clients.mjs);
// server bots play the other seats. Room i is created through process
// i mod N, its spectators join through the next process (the seat
// reservation sends their sockets to the room's own process).
//
// Commands (process.send): {cmd: 'grow', rooms}, {cmd: 'window'} (start a
// measuring window), {cmd: 'report'}, {cmd: 'trim', rooms}, {cmd: 'killed',
// address, at}, {cmd: 'recovery', timeoutMs}, {cmd: 'stop'}. Each is answered
// with {reply: cmd, ...}.
import './lib/ws-global.mjs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ClusterPlayer } from './lib/cluster-player.mjs';
import { rawSpectator } from './lib/raw-spectator.mjs';
import { pct, sleep } from './lib/util.mjs';
import { gameMetas } from '@fireside/shared';

// The SDK announces each of its reconnection attempts on console.info.
console.info = () => undefined;

const BASES = JSON.parse(process.argv[2]);
const PER_ROOM = 4.65; // clients per room, as bench:load (≈ 2,000 clients in 430 rooms)
/** A table of every game, at its benchmark size (shared/src/games/<id>/meta.ts). */
const TABLES = gameMetas.map((m) => [m.id, m.testing.benchPlayers]);
const now = () => performance.timeOrigin + performance.now();

const lag = monitorEventLoopDelay({ resolution: 5 });
lag.enable();

/** Every room opened: { player, spectators: WebSocket[] }. */
const rooms = [];
let failedJoins = 0;
let disconnects = 0;
let windowStart = now();
let stopping = false;
let killed = null;

/** A spectator that joins through `base` without the SDK and never decodes. */
async function addSpectator(base, roomId, list) {
  const ws = await rawSpectator(base, roomId);
  ws.onclose = () => {
    // Spectators of a killed process are lost with it (they do not rejoin): counted apart.
    if (!stopping && !ws.trimmed && ws.address !== killed?.address) disconnects++;
  };
  list.push(ws);
}

async function openRoom(i) {
  const [game, players] = TABLES[i % TABLES.length];
  const home = i % BASES.length;
  const player = new ClusterPlayer(BASES, home, game, players, `cluster:${i}`);
  const entry = { player, spectators: [] };
  try {
    await player.open();
  } catch {
    failedJoins++;
    return;
  }
  rooms.push(entry);
  const n = Math.round((i + 1) * (PER_ROOM - 1)) - Math.round(i * (PER_ROOM - 1));
  for (let s = 0; s < n; s++) await addSpectator(BASES[(home + 1) % BASES.length], player.roomId, entry.spectators).catch(() => failedJoins++);
}

/** Opens rooms, ten at a time, until there are `target`. */
async function grow(target) {
  let next = rooms.length;
  while (next < target) {
    const batch = Array.from({ length: Math.min(10, target - next) }, (_, k) => openRoom(next + k));
    next += batch.length;
    await Promise.all(batch);
  }
}

/** Closes the rooms beyond the first `target` (their players leave, their spectators close). */
async function trim(target) {
  const gone = rooms.splice(target);
  for (const { spectators } of gone) {
    for (const ws of spectators) {
      ws.trimmed = true;
      ws.close();
    }
  }
  await Promise.all(gone.map(({ player }) => player.leave()));
}

const clientsOf = (r) => 1 + r.spectators.filter((ws) => ws.readyState === WebSocket.OPEN).length;

/** What happened since the window started. */
function report() {
  const t0 = windowStart;
  const latencies = rooms.flatMap(({ player }) => player.latencies.filter(([at]) => at >= t0).map(([, ms]) => ms));
  const byProcess = {};
  for (const r of rooms) {
    const p = (byProcess[r.player.address] ??= { rooms: 0, clients: 0 });
    p.rooms++;
    p.clients += clientsOf(r);
  }
  const lost = rooms.filter(({ player }) => player.lost !== null).length;
  const drops = rooms.reduce((a, { player }) => a + player.drops, 0);
  return {
    rooms: rooms.length,
    clients: rooms.reduce((a, r) => a + clientsOf(r), 0),
    byProcess,
    failedJoins,
    disconnects: disconnects + drops + lost,
    latN: latencies.length,
    latP50: pct(latencies, 50),
    latP99: pct(latencies, 99),
    latMax: latencies.length ? Math.max(...latencies) : NaN,
    lagP99: lag.percentile(99) / 1e6,
    lagMax: lag.max / 1e6,
    refused: rooms.reduce((a, { player }) => a + player.refused, 0),
  };
}

/**
 * After a kill: for each player whose room was on the killed process, the
 * time from the kill to its first accepted intent on another process, and
 * whether the match it was playing then reached its end.
 */
async function recovery(timeoutMs) {
  const affected = rooms.filter(({ player }) => killed.before.get(player) === killed.address).map(({ player }) => player);
  const moved = (p) => p.accepts.find(([at, address]) => at > killed.at && address !== killed.address);
  const matchOf = (p) => killed.matches.get(p);
  const ended = (p) => matchOf(p) === undefined || p.ends.some(([at, no]) => at > killed.at && no === matchOf(p));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !affected.every((p) => moved(p) && ended(p))) await sleep(100);
  const times = affected.map((p) => moved(p)?.[0] - killed.at).filter(Number.isFinite);
  const inPlay = affected.filter((p) => matchOf(p) !== undefined);
  return {
    affected: affected.length,
    moved: times.length,
    p50: pct(times, 50),
    max: times.length ? Math.max(...times) : NaN,
    inPlay: inPlay.length,
    ended: inPlay.filter(ended).length,
    endMax: Math.max(0, ...inPlay.filter(ended).map((p) => p.ends.find(([at, no]) => at > killed.at && no === matchOf(p))[0] - killed.at)),
    rejoins: affected.reduce((a, p) => a + p.rejoins, 0),
    lost: affected.filter((p) => p.lost !== null).length,
    byProcessAfter: Object.fromEntries(
      BASES.map((b) => [b.replace(/^http:\/\//, ''), affected.filter((p) => p.address === b.replace(/^http:\/\//, '')).length]),
    ),
  };
}

process.on('message', async (msg) => {
  const answer = (more = {}) => process.send({ reply: msg.cmd, ...more });
  try {
    if (msg.cmd === 'grow') {
      await grow(msg.rooms);
      answer(report());
    } else if (msg.cmd === 'window') {
      windowStart = now();
      lag.reset();
      answer();
    } else if (msg.cmd === 'report') answer(report());
    else if (msg.cmd === 'trim') {
      await trim(msg.rooms);
      answer(report());
    } else if (msg.cmd === 'killing') {
      // Where every player is, and the match it plays, right before the kill.
      killed = { address: msg.address, at: Infinity, before: new Map(), matches: new Map() };
      for (const { player } of rooms) {
        killed.before.set(player, player.address);
        if (player.snap?.status === 'playing') killed.matches.set(player, player.snap.matchNo);
      }
      answer();
    } else if (msg.cmd === 'killed') {
      killed.at = msg.at;
      answer();
    } else if (msg.cmd === 'recovery') answer(await recovery(msg.timeoutMs));
    else if (msg.cmd === 'stop') {
      stopping = true;
      await trim(0);
      answer();
      setTimeout(() => process.exit(0), 100);
    }
  } catch (e) {
    answer({ error: String(e?.stack ?? e) });
  }
});
process.on('disconnect', () => process.exit(0)); // the bench is gone: so are we
process.send({ reply: 'ready' });
