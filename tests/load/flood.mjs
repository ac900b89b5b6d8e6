// The room-capacity flood (issue 22, item 4; docs/measurements.md, "Room-capacity
// flood"): 200 client addresses of 127.0.0.0/8 create tables as fast as the
// server's abuse limits let them, then a visitor from another address creates
// a table, fills it with bots and plays a match to its end.
//
//   npm run build && node tests/load/flood.mjs [--join] [--seconds 30] [--addresses 200]
//
// The server runs with its production limits (FIRESIDE_MAX_ROOMS 1000, 20 open
// tables and 30 creations a minute per address…). Each attacker binds its
// sockets to its own address (127.0.1.x, 127.0.2.x: Linux routes all of
// 127/8 to the loopback interface, no alias needed) and loops: a matchmaking
// `create`, and with --join it also opens the table's WebSocket and keeps it
// open until the flood ends (then the table counts as joined: the idle rules,
// not the 30 s of an unjoined table). After a refusal it waits a second (a
// script ignores Retry-After). Bounded: --seconds of flooding (at most 60),
// --addresses (at most 250), traffic to the local server only.
//
// Reports: tables loaded (peak, when the cap was reached, at the flood's end,
// and when the visitor got in), what a visitor trying halfway through the
// flood got, the server's RSS, the attackers' refusals by reason (as they saw them,
// and /metrics' fireside_limit_refusals_total), and the visitor's result.
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { BotConnection } from '../../botclient/dist/index.js';
import { procStats, sleep, startServer } from './lib/util.mjs';

const { values: args } = parseArgs({
  options: { join: { type: 'boolean', default: false }, seconds: { type: 'string', default: '30' }, addresses: { type: 'string', default: '200' } },
});
const FLOOD_MS = Math.min(60, Math.max(1, Number(args.seconds))) * 1000;
const ADDRESSES = Math.min(250, Math.max(1, Number(args.addresses)));
const VISITOR_WAIT_MS = 120_000;
const MATCH_MS = 180_000;
const JOIN_ROOM = 10; // Colyseus Protocol.JOIN_ROOM
const GAME = 'gifttrap';

/** The production defaults of server/src/limits/settings.ts, spelled out (util.startServer lifts them otherwise). */
const PRODUCTION_LIMITS = {
  FIRESIDE_ROOMS_PER_MINUTE: '30',
  FIRESIDE_OPEN_ROOMS_PER_ADDRESS: '20',
  FIRESIDE_MAX_ROOMS: '1000',
  FIRESIDE_CONNECTIONS_PER_ADDRESS: '50',
  FIRESIDE_JOINS_PER_MINUTE: '120',
};

/** The i-th attacker's address: 127.0.1.1 … 127.0.1.125, 127.0.2.1 … (never 127.0.0.1, the visitor's). */
const attackerAddress = (i) => `127.0.${1 + Math.floor(i / 125)}.${1 + (i % 125)}`;

/** Which limit an answer's message names. */
function reasonOf(status, error = '') {
  if (status === 503) return 'server_full';
  if (/tables created/.test(error)) return 'rooms_per_minute';
  if (/open tables/.test(error)) return 'open_rooms';
  if (/connections/.test(error)) return 'connections';
  if (/attempts to join/.test(error)) return 'joins_per_minute';
  return `http_${status}`;
}

/** A matchmaking `create` from the agent's address: the status and the parsed answer. */
function create(base, agent) {
  const body = JSON.stringify({ game: GAME, name: 'Flood' });
  return new Promise((resolve) => {
    const req = http.request(
      `${base}/matchmake/create/game`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }, timeout: 10_000 },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          let answer = {};
          try {
            answer = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, answer });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => resolve({ status: 0, answer: { error: e.message } }));
    req.end(body);
  });
}

/** Joins the reserved seat over a WebSocket bound to `localAddress`; resolves with the socket, or null. */
function openSeat(base, seat, localAddress) {
  const r = seat.room ?? seat;
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/${r.processId}/${r.roomId}?sessionId=${seat.sessionId}`, { localAddress });
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(null), 10_000);
    const done = (value) => {
      clearTimeout(timer);
      if (value === null) ws.terminate();
      resolve(value);
    };
    ws.on('message', (data) => {
      if (data[0] === JOIN_ROOM) {
        ws.send(Buffer.from([JOIN_ROOM]));
        done(ws);
      }
    });
    ws.on('error', () => done(null));
    ws.on('close', () => done(null));
  });
}

/** One attacker until `end`: creates tables as fast as it is let, counting what it gets. */
async function attack(base, address, end, tally, sockets) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: address });
  while (Date.now() < end) {
    const { status, answer } = await create(base, agent);
    if (status === 200 && answer.sessionId) {
      tally.created++;
      if (args.join) {
        const ws = await openSeat(base, answer, address);
        if (ws) sockets.push(ws);
        else tally.joinFailed++;
      }
      continue;
    }
    const reason = reasonOf(status, answer.error);
    tally.refused[reason] = (tally.refused[reason] ?? 0) + 1;
    await sleep(1000);
  }
  agent.destroy();
}

/** The server's view every 500 ms: tables loaded (/healthz) and RSS; `stop()` ends it. */
function watch(base, pid) {
  const samples = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = Date.now();
      const rooms = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5000) })
        .then((r) => r.json())
        .then((h) => h.rooms)
        .catch(() => NaN);
      samples.push({ t, rooms, rss: procStats(pid)?.rss ?? NaN });
      await sleep(500);
    }
  })();
  return {
    samples,
    last: () => samples[samples.length - 1] ?? { rooms: NaN, rss: NaN },
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/** Creates a table as a person would (the SDK, from 127.0.0.1), trying again every 2 s while refused. */
async function visitorTable(base, log) {
  const start = Date.now();
  const refusals = [];
  for (;;) {
    try {
      const host = await BotConnection.create({ server: base, game: GAME, name: 'Visitor', log: () => {}, rejoinMs: 0 });
      return { host, waitedMs: Date.now() - start, refusals };
    } catch (e) {
      refusals.push(e.message);
      if (refusals.length === 1) log(`visitor refused: ${e.message}`);
      if (Date.now() - start > VISITOR_WAIT_MS) return { host: null, waitedMs: Date.now() - start, refusals };
      await sleep(2000);
    }
  }
}

/** One create as a person would, then leaves: 'created', or the refusal's message. */
async function tryOnce(base) {
  try {
    const host = await BotConnection.create({ server: base, game: GAME, name: 'Passer-by', log: () => {}, rejoinMs: 0 });
    await host.leave();
    return 'created';
  } catch (e) {
    return e.message;
  }
}

/** The visitor's match: sits, fills the table with the server's bots, starts, plays its seat to the end. */
async function visitorMatch(host) {
  await host.sit();
  await host.request('fillBots', {}, (s) => s.seats.every((seat) => seat.kind !== 'empty'), 10_000, 'the bots seated');
  const outcome = host.play({ delayMs: 0 });
  const t0 = Date.now();
  await host.request('start', {}, (s) => s.status !== 'lobby', 10_000, 'the match started');
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the match did not end within ${MATCH_MS / 1000} s`)), MATCH_MS);
  });
  const result = await Promise.race([outcome, timeout]).finally(() => clearTimeout(timer));
  return { ms: Date.now() - t0, winners: result.winners, scores: result.scores, rounds: result.rounds, seat: result.seat };
}

async function refusalMetrics(base) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const out = {};
  for (const m of text.matchAll(/^fireside_limit_refusals_total\{reason="(\w+)"\} (\d+)$/gm)) out[m[1]] = Number(m[2]);
  return out;
}

/** The server's log lines (JSON) by level, and its refusal lines by reason. */
function logCounts(file) {
  const counts = { warn: 0, error: 0, refusedLines: {}, withStack: 0 };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    const r = JSON.parse(line);
    if (r.level === 'warn') counts.warn++;
    if (r.level === 'error' || r.level === 'fatal') counts.error++;
    if (r.event === 'limits.refused') counts.refusedLines[r.reason] = (counts.refusedLines[r.reason] ?? 0) + 1;
    if (line.includes('"stack"')) counts.withStack++;
  }
  return counts;
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const log = (m) => console.log(`[flood ${new Date().toISOString().slice(11, 19)}] ${m}`);
  const logFile = join(mkdtempSync(join(tmpdir(), 'fireside-flood-log-')), 'server.log');
  const env = { ...PRODUCTION_LIMITS, FIRESIDE_BOT_DELAY_MS: '50', FIRESIDE_LOG_LEVEL: 'warn', FIRESIDE_LOG_FORMAT: 'json' };
  const server = await startServer(env, 'fireside-flood-', { logFile });
  const view = watch(server.base, server.child.pid);
  const idleRss = procStats(server.child.pid)?.rss ?? NaN;
  log(
    `server on ${server.base} (pid ${server.child.pid}, RSS ${mb(idleRss)}); ${ADDRESSES} addresses flood for ${FLOOD_MS / 1000} s${args.join ? ', joining each table' : ''}`,
  );
  const tally = { created: 0, joinFailed: 0, refused: {} };
  const sockets = [];
  const t0 = Date.now();
  const end = t0 + FLOOD_MS;
  // Halfway through, a visitor tries once: what a person meets while the flood is on.
  const probe = sleep(FLOOD_MS / 2).then(() => tryOnce(server.base));
  await Promise.all(Array.from({ length: ADDRESSES }, (_, i) => attack(server.base, attackerAddress(i), end, tally, sockets)));
  const duringFlood = await probe;
  const atEnd = view.last();
  log(`flood over: ${tally.created} tables created, ${atEnd.rooms} loaded; refusals ${JSON.stringify(tally.refused)}`);

  const visitor = await visitorTable(server.base, log);
  const atVisitor = view.last();
  let match = null;
  let error = null;
  if (visitor.host) {
    log(`visitor's table created after ${(visitor.waitedMs / 1000).toFixed(1)} s (${visitor.refusals.length} refusals); playing`);
    match = await visitorMatch(visitor.host).catch((e) => ((error = e.message), null));
    await visitor.host.leave();
  } else error = `no table within ${VISITOR_WAIT_MS / 1000} s: ${visitor.refusals.at(-1)}`;
  for (const ws of sockets) ws.terminate();
  await sleep(600);
  await view.stop();
  const full = view.samples.find((s) => s.rooms >= Number(PRODUCTION_LIMITS.FIRESIDE_MAX_ROOMS));
  const peak = view.samples.reduce((a, s) => (s.rooms > a.rooms ? s : a), { rooms: -1 });
  const peakRss = Math.max(...view.samples.map((s) => s.rss).filter(Number.isFinite));
  const report = {
    date: new Date().toISOString(),
    command: `node tests/load/flood.mjs${args.join ? ' --join' : ''} --seconds ${FLOOD_MS / 1000} --addresses ${ADDRESSES}`,
    attackers: { created: tally.created, joinFailed: tally.joinFailed, refused: tally.refused },
    serverRefusals: await refusalMetrics(server.base),
    serverLog: logCounts(logFile),
    rooms: {
      peak: peak.rooms,
      fullAfterS: full ? Number(((full.t - t0) / 1000).toFixed(1)) : null,
      atFloodEnd: atEnd.rooms,
      whenVisitorGotIn: visitor.host ? atVisitor.rooms : null,
      atEnd: view.last().rooms,
    },
    rss: { idle: mb(idleRss), peak: mb(peakRss), atEnd: mb(view.last().rss) },
    visitorHalfwayThroughTheFlood: duringFlood,
    visitor: {
      waitedS: Number((visitor.waitedMs / 1000).toFixed(1)),
      refusals: visitor.refusals.length,
      firstRefusal: visitor.refusals[0] ?? null,
      match,
      error,
    },
  };
  server.child.kill('SIGTERM');
  console.log(JSON.stringify(report, null, 2));
  process.exitCode = match ? 0 : 1;
}

await main();
