// A raw WebSocket echo server (the `ws` library, as Colyseus' transport uses):
// the floor any round trip over this machine's loopback can reach.
//   node tests/load/echo-server.mjs <port>
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ port: Number(process.argv[2]), host: '127.0.0.1' });
wss.on('connection', (ws) => ws.on('message', (data, binary) => ws.send(data, { binary })));
wss.on('listening', () => process.stdout.write('ready\n'));
