// The `ws` package as globalThis.WebSocket, for the load generators' own SDK
// players (the bot library instead rejoins by itself, botclient/README.md):
// Node 22's own WebSocket never fires
// `close` when a connection cannot be opened, so the Colyseus SDK's
// reconnection to a killed process would stop at its first attempt and the
// player would never come back. Import this before '@colyseus/sdk': the SDK
// takes globalThis.WebSocket once, when it is first loaded.
import WebSocket from 'ws';

globalThis.WebSocket = WebSocket;
