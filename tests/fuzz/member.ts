/**
 * One room member driven by a real @colyseus/sdk client, for the fuzzer and
 * the soak test: what it received since a mark, a round-trip barrier, its
 * decoded state as one comparable string, and a send pace that stays under
 * the room's 40 messages per second (Colyseus closes a faster connection).
 */
import { Client, type Room } from '@colyseus/sdk';
import { ViewDecoder } from '@fireside/shared';

export interface Received {
  type: string;
  payload: any;
}

/** A message type no room handles: answered by `error { type }`, it marks a point in the reply stream. */
export const BARRIER_TYPE = '__fuzzBarrier';
/** Sends per member per sliding second: under the room's limit of 40, with room for the SDK's own frames. */
const SENDS_PER_SECOND = 36;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitUntil(pred: () => boolean, label: string, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!pred()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${label}`);
    await sleep(2);
  }
}

export class Member {
  readonly label: string;
  readonly client: Client;
  readonly room: Room<any, any>;
  /** Everything received, as a stream; `mark()` / `since()` read a part of it. */
  private readonly inbox: Received[] = [];
  private dropped = 0;
  private readonly sent: number[] = [];
  private barriersAnswered = 0;
  private barriersSent = 0;
  private readonly views = new ViewDecoder();
  welcome: { memberId: string; token: string; roomId: string } | null = null;
  leftWith: number | null = null;
  /** The type of the last message sent (to name the culprit when the server closes on this member). */
  lastSent = '';

  constructor(label: string, client: Client, room: Room<any, any>) {
    this.label = label;
    this.client = client;
    this.room = room;
    room.onMessage('*', (type: string | number, payload: any) => {
      if (type === 'error' && payload?.type === BARRIER_TYPE) {
        this.barriersAnswered++;
        return;
      }
      if (type === 'welcome') this.welcome = payload;
      this.inbox.push({ type: String(type), payload });
    });
    room.onLeave((code: number) => (this.leftWith = code));
  }

  static async create(url: string, label: string, options: Record<string, unknown>): Promise<Member> {
    const client = new Client(url);
    const member = new Member(label, client, await client.create('game', options));
    await member.joined();
    return member;
  }

  static async join(url: string, label: string, roomId: string, options: Record<string, unknown>): Promise<Member> {
    const client = new Client(url);
    const member = new Member(label, client, await client.joinById(roomId, options));
    await member.joined();
    return member;
  }

  private async joined(): Promise<void> {
    await waitUntil(() => this.welcome !== null && this.room.state?.members?.size > 0, `${this.label} joined`);
  }

  get memberId(): string {
    return this.welcome!.memberId;
  }

  get state(): any {
    return this.room.state;
  }

  /** The decoded public view (null in the lobby). */
  view(): any {
    return this.views.decode(this.room.state.view);
  }

  /** This member's seat, or -1. */
  get seat(): number {
    return this.room.state.members.get(this.memberId)?.seat ?? -1;
  }

  get isOpen(): boolean {
    return this.leftWith === null && this.room.connection.isOpen;
  }

  /** A position in the reply stream. Old replies are forgotten to keep a long run's memory flat. */
  mark(): number {
    if (this.inbox.length > 200) {
      this.dropped += this.inbox.length;
      this.inbox.length = 0;
    }
    return this.dropped + this.inbox.length;
  }

  since(mark: number): Received[] {
    return this.inbox.slice(Math.max(0, mark - this.dropped));
  }

  /** Waits until this member may send without passing the room's rate limit, and counts the send. */
  async pace(): Promise<void> {
    for (;;) {
      const now = Date.now();
      while (this.sent.length > 0 && now - this.sent[0] >= 1000) this.sent.shift();
      if (this.sent.length < SENDS_PER_SECOND) break;
      await sleep(1000 - (now - this.sent[0]) + 1);
    }
    this.sent.push(Date.now());
  }

  async send(type: string | number, payload?: unknown): Promise<void> {
    await this.pace();
    this.lastSent = String(type);
    (this.room.send as (t: string | number, p?: unknown) => void)(type, payload);
  }

  /** Raw bytes on this member's own socket (already paced by the caller). */
  sendRaw(bytes: Uint8Array): void {
    (this.room.connection as unknown as { send(b: Uint8Array): void }).send(bytes);
  }

  /** Resolves when everything the server sent before handling the barrier has been received and decoded. */
  async barrier(timeoutMs = 10_000): Promise<void> {
    await this.pace();
    const n = ++this.barriersSent;
    this.room.send(BARRIER_TYPE, {});
    await waitUntil(() => this.barriersAnswered >= n || !this.isOpen, `${this.label} barrier`, timeoutMs);
    if (this.barriersAnswered < n) throw new Error(`${this.label} closed (code ${this.leftWith}, last sent "${this.lastSent}") while waiting for a barrier`);
  }

  /** The decoded state as a string: equal strings mean this client sees the same room. */
  fingerprint(): string {
    return JSON.stringify(this.room.state.toJSON());
  }

  async leave(): Promise<void> {
    if (!this.isOpen) return;
    await Promise.race([this.room.leave(true).catch(() => undefined), sleep(1000)]);
  }
}
