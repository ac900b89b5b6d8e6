/**
 * The bot client's WebSocket: the `ws` package, not Node's own.
 *
 * Node 22's built-in WebSocket (undici) fires `error` but never `close` when
 * a connection cannot be opened (a refused connection, a proxy's 502 while a
 * process is down): it stays CONNECTING for ever. The Colyseus SDK retries a
 * dropped connection only from `close`, so after a server process died its
 * automatic reconnection stopped at the first attempt and the bot never came
 * back to its table. `ws` fires `close` (1006) after `error`, as browsers do.
 *
 * The SDK picks `globalThis.WebSocket` once, when its module is first
 * evaluated: import this module before anything that imports the SDK.
 */
import WebSocket from 'ws';

export const BotWebSocket = WebSocket as unknown as typeof globalThis.WebSocket;

globalThis.WebSocket = BotWebSocket;
