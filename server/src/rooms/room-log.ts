/**
 * The room log: system lines in the chat (ChatLine.event), which each client
 * words in its reader's language (docs/protocol.md, "Room log"). Lines are
 * facts about members and seats, never about a secret.
 */
import type { RoomLogEvent } from '@fireside/shared';
import { CHAT_KEEP_LINES, chatText } from './chat.js';
import type { MemberRecord } from './members.js';
import { ChatLine, type RoomState } from './schema.js';
import { payloadObject } from './validation.js';

/** The events and what each says: ROOM_LOG_EVENTS in shared/src/protocol/messages.ts. */
export type { RoomLogEvent };

/** Appends a line (a member's message or a log event), keeping the last CHAT_KEEP_LINES. */
export class RoomLog {
  constructor(
    private readonly state: RoomState,
    private seq: number,
    private readonly now: () => number = Date.now,
  ) {}

  push(fields: { memberId: string; name: string; text: string; event?: RoomLogEvent }): void {
    const line = new ChatLine();
    line.id = ++this.seq;
    line.memberId = fields.memberId;
    line.name = fields.name;
    line.text = fields.text;
    line.event = fields.event ?? '';
    line.at = this.now();
    this.state.chat.push(line);
    while (this.state.chat.length > CHAT_KEEP_LINES) this.state.chat.shift();
  }

  /** A member's chat line (`chat`): its text checked (chat.ts), at most so many lines per member and window. */
  onChat(rec: MemberRecord, payload: unknown): void {
    const text = chatText(payloadObject(payload).text);
    rec.chat.take(this.now());
    this.push({ memberId: rec.id, name: this.state.members.get(rec.id)!.name, text });
  }

  event(event: RoomLogEvent, memberId: string, name: string, extra = ''): void {
    this.push({ memberId, name, text: extra, event });
  }

  /**
   * `event` about `name`, joined to the last line when that is the same
   * event written within `withinMs` (one step's clocks running out for
   * several players): the other names go in its `text`, one per line, so a
   * step writes one line however many it concerns.
   */
  grouped(event: RoomLogEvent, memberId: string, name: string, withinMs: number): void {
    const chat = this.state.chat;
    const last = chat.length > 0 ? chat[chat.length - 1] : undefined;
    if (last && last.event === event && this.now() - last.at <= withinMs) {
      const others = last.text ? last.text.split('\n') : [];
      if (last.name !== name && !others.includes(name)) last.text = [...others, name].join('\n');
      return;
    }
    this.event(event, memberId, name);
  }
}
