/**
 * Import first: every SDK socket of the soak records its raw frames
 * (tests/integration/helpers/recording-ws.ts) for the leak scans. The SDK
 * takes `globalThis.WebSocket` when it is loaded, so this must run before
 * anything imports it (table-life.ts links the SDK's rooms to their sockets).
 */
import { installRecordingWebSocket } from '../integration/helpers/recording-ws.ts';

installRecordingWebSocket();
