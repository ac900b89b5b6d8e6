/**
 * Import first: the SDK takes `globalThis.WebSocket` when it is loaded, and
 * the fuzzer's members use `ws` (as the integration tests do), not Node's
 * built-in WebSocket.
 */
import WebSocket from 'ws';

(globalThis as unknown as { WebSocket: unknown }).WebSocket = WebSocket;
