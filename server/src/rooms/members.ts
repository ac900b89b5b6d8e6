/**
 * The room's members on the server side (their synced part is
 * `state.members`): who holds which connection, and the member tokens —
 * kept only as their hash (store/index.ts `hashToken`), so neither the
 * store nor a memory dump holds a token that could reclaim a seat.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Client, Deferred } from '@colyseus/core';
import { StateView } from '@colyseus/schema';
import { hashToken } from '../store/index.js';
import { ChatLimiter } from './chat.js';

export interface MemberRecord {
  id: string;
  tokenHash: string;
  /** The live client, or null while dropped or gone. */
  client: Client | null;
  /** The Colyseus session currently bound to this member (kept while dropped). */
  sessionId: string | null;
  /** Pending reconnection of a dropped session. */
  reconnection: Deferred<Client> | null;
  /** When the connection dropped (ms), for evicting the oldest dropped spectator. */
  droppedAt: number;
  joinedAt: number;
  /** The member's StateView, kept across reconnections. */
  view: StateView;
  chat: ChatLimiter;
}

export class Members {
  private readonly byId = new Map<string, MemberRecord>(); // in joining order
  private readonly bySession = new Map<string, MemberRecord>();
  private readonly byTokenHash = new Map<string, MemberRecord>();

  get(id: string): MemberRecord | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  all(): MemberRecord[] {
    return [...this.byId.values()];
  }

  /** Someone is connected, or dropped and may still reconnect. */
  someoneHere(): boolean {
    return this.all().some((r) => r.client !== null || r.reconnection !== null);
  }

  ofSession(sessionId: string): MemberRecord | undefined {
    return this.bySession.get(sessionId);
  }

  /** The member a join's `token` option reclaims, if any (anything but a known token is ignored). */
  ofToken(options: unknown): MemberRecord | undefined {
    const token = options && typeof options === 'object' ? (options as Record<string, unknown>).token : undefined;
    return typeof token === 'string' && token !== '' && token.length <= 200 ? this.byTokenHash.get(hashToken(token)) : undefined;
  }

  /** A new member and its token (the only time the token exists in clear on the server). */
  create(now: number): { rec: MemberRecord; token: string } {
    let id: string;
    do id = randomBytes(6).toString('base64url');
    while (this.byId.has(id));
    const token = randomUUID();
    const rec = this.restore(id, hashToken(token), now);
    return { rec, token };
  }

  /** A member known from the store (after a restart): not connected until it reclaims. */
  restore(id: string, tokenHash: string, joinedAt: number): MemberRecord {
    const rec: MemberRecord = {
      id,
      tokenHash,
      client: null,
      sessionId: null,
      reconnection: null,
      droppedAt: 0,
      joinedAt,
      view: new StateView(),
      chat: new ChatLimiter(),
    };
    this.byId.set(id, rec);
    this.byTokenHash.set(tokenHash, rec);
    return rec;
  }

  /** Binds a connection to the member (a join, a reclaim); the previous session is forgotten. */
  bind(rec: MemberRecord, client: Client): void {
    if (rec.sessionId !== null) this.bySession.delete(rec.sessionId);
    rec.client = client;
    rec.sessionId = client.sessionId;
    rec.reconnection = null;
    this.bySession.set(client.sessionId, rec);
  }

  /** The member left for good (or its window expired): no session any more. */
  unbind(rec: MemberRecord): void {
    if (rec.sessionId !== null) this.bySession.delete(rec.sessionId);
    rec.client = null;
    rec.sessionId = null;
    rec.reconnection = null;
  }

  remove(rec: MemberRecord): void {
    this.unbind(rec);
    this.byId.delete(rec.id);
    this.byTokenHash.delete(rec.tokenHash);
  }
}
