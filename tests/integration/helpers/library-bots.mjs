// Library bots (@fireside/botclient, built) in a process of their own, on
// Node's own WebSocket: nothing installs `ws` as globalThis.WebSocket here,
// exactly as in an application that imports the library.
//
//   node library-bots.mjs <server> <tables> <players> <game>
//
// Each table: one bot creates the room, the others join, every seat is a
// bot connection, the host starts. stdout, one JSON line each:
//   { event: 'started', roomId }                 a table's match began
//   { event: 'decide', roomId, name, at }         a bot chose a move
//   { event: 'done', roomId, name, memberId, seat, joins, standIn, lastMatchId, winners?, error? }
// stderr: the bots' logs. Exits 0 once every bot is done.
import { BotConnection, defaultDecide } from '../../../botclient/dist/index.js';

const [server, tablesArg, playersArg, game] = process.argv.slice(2);
const say = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);
// stdout is for the lines above: the SDK's console chatter goes to stderr.
console.log = console.info = (...args) => process.stderr.write(`${args.join(' ')}\n`);
const log = (m) => process.stderr.write(`[bots] ${m}\n`);

if (globalThis.WebSocket?.name !== 'WebSocket' || 'terminate' in globalThis.WebSocket.prototype) {
  throw new Error('expected Node’s own WebSocket, not ws');
}

async function table(t, players) {
  const name = (i) => `T${t}-B${i}`;
  const host = await BotConnection.create({ server, game, name: name(0), log });
  await host.request('configure', { players }, (s) => s.players === players && s.seats.length === players);
  const bots = [host];
  for (let i = 1; i < players; i++) bots.push(await BotConnection.join({ server, roomId: host.roomId, name: name(i), log }));
  for (const [i, b] of bots.entries()) await b.sit(i);
  const roomId = host.roomId;
  const plays = bots.map((b, i) =>
    b.play({
      seed: `library-${t}-${i}`,
      delayMs: 100,
      decide: (ctx) => {
        say({ event: 'decide', roomId, name: b.name, at: Date.now() });
        return defaultDecide(ctx);
      },
    }),
  );
  await host.request('start', {}, (s) => s.status === 'playing');
  say({ event: 'started', roomId });
  const outcomes = await Promise.allSettled(plays);
  for (const [i, b] of bots.entries()) {
    const o = outcomes[i];
    const seat = b.seat;
    say({
      event: 'done',
      roomId,
      name: b.name,
      memberId: b.memberId,
      seat,
      joins: b.joins,
      standIn: b.state.seats[seat]?.standIn ?? null,
      lastMatchId: b.room.state?.lastMatchId ?? '',
      ...(o.status === 'fulfilled' ? { winners: o.value.winners } : { error: String(o.reason?.message ?? o.reason) }),
    });
  }
  await Promise.all(bots.map((b) => b.leave()));
}

const tables = Number(tablesArg);
await Promise.all(Array.from({ length: tables }, (_, t) => table(t, Number(playersArg))));
process.exit(0);
