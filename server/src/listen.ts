/**
 * Starts a Fireside server from an app config: Colyseus' `listen`, then the
 * HTTP limits that must sit in front of the routes Colyseus binds while it
 * starts listening (http-limits.ts). The entry point and the test harnesses
 * all start servers through here, so tests run what production runs.
 */
import { listen } from '@colyseus/tools';
import type { ConfigOptions } from '@colyseus/tools';
import type { Server } from '@colyseus/core';
import { limitRequestBodies } from './http-limits.js';

export async function listenFireside(config: ConfigOptions, port: number): Promise<Server> {
  const server = await listen(config, port);
  const http = server.transport.server;
  if (!http) throw new Error('The transport has no HTTP server.');
  limitRequestBodies(http as import('node:http').Server);
  return server;
}
