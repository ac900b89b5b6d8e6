/**
 * The messages between SqliteWorkerStore (sqlite-proxy.ts, the server's
 * thread) and the SQLite worker thread (sqlite-worker.ts), and how an error
 * crosses between them.
 *
 * One request per store call, answered by one reply with the same id. A
 * port delivers messages in order, so the worker sees the calls in the order
 * they were made, as the in-thread store does.
 *
 * Errors are sent as plain fields, not as Error objects: structured clone
 * keeps an Error's message but drops its class and own fields, so a
 * StoreError would arrive without its `code` (what callers branch on) and a
 * node:sqlite error without its `errcode`.
 */
import { StoreError, type StoreErrorCode } from './errors.js';
import type { MatchStore } from './types.js';

/** Every MatchStore method; the worker serves these and nothing else. */
export const STORE_METHODS = [
  'migrate',
  'saveRoom',
  'loadRoom',
  'listRestorable',
  'startMatch',
  'appendEvent',
  'finishMatch',
  'loadMatch',
  'listMatches',
  'deleteInactive',
  'close',
] as const satisfies readonly (keyof MatchStore)[];

export type StoreMethod = (typeof STORE_METHODS)[number];

/** `inspect` is SqliteStore's own (durability settings and group-commit count), not part of MatchStore. */
export type WorkerMethod = StoreMethod | 'inspect';

export interface Request {
  id: number;
  method: WorkerMethod;
  args: unknown[];
}

/** The answer to request `id`: `error` set when the call failed, else `value`. */
export interface Reply {
  id: number;
  value?: unknown;
  error?: WireError;
}

/** Sent once, instead of any reply, when the worker cannot open the database. */
export interface Fatal {
  fatal: WireError;
}

export interface WorkerData {
  dataDir: string;
  sync: 'full' | 'normal';
  /** Set only when running from the TS sources: the worker module the bootstrap loads (see sqlite-proxy.ts). */
  tsEntry?: string;
}

type Primitive = string | number | boolean | null;

export interface WireError {
  name: string;
  message: string;
  stack?: string;
  /** A StoreError's code: the error is rebuilt as a StoreError. */
  storeCode?: StoreErrorCode;
  /** Other own fields with primitive values (node:sqlite's `code`, `errcode`, `errstr`). */
  fields?: Record<string, Primitive>;
}

export function errorToWire(e: unknown): WireError {
  if (!(e instanceof Error)) return { name: 'Error', message: String(e) };
  const wire: WireError = { name: e.name, message: e.message, stack: e.stack };
  if (e instanceof StoreError) wire.storeCode = e.code;
  const fields: Record<string, Primitive> = {};
  for (const [k, v] of Object.entries(e)) {
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v as Primitive;
  }
  if (Object.keys(fields).length > 0) wire.fields = fields;
  return wire;
}

/** The error as the in-thread store would have thrown it; its stack is the worker's (where it happened). */
export function errorFromWire(w: WireError): Error {
  const e = w.storeCode ? new StoreError(w.storeCode, w.message) : new Error(w.message);
  for (const [k, v] of Object.entries(w.fields ?? {})) {
    if (k !== 'code' || !w.storeCode) Object.defineProperty(e, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  if (!w.storeCode) e.name = w.name;
  if (w.stack) e.stack = w.stack;
  return e;
}
