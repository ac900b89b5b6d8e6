/**
 * The Colyseus SDK picks its WebSocket class when its module is first
 * evaluated (`globalThis.WebSocket || require('ws')`). Node 20 has no global
 * WebSocket, so install the `ws` one before the SDK loads: every module that
 * imports '@colyseus/sdk' imports this module first.
 *
 * An existing global is kept on purpose: a test can install a recording
 * subclass of `ws` as `globalThis.WebSocket` before loading the bot client,
 * and every SDK connection then goes through it.
 */
import WebSocket from 'ws';

const g = globalThis as { WebSocket?: unknown };
if (typeof g.WebSocket === 'undefined') g.WebSocket = WebSocket;

export {};
