/**
 * The room log: system lines in the chat (ChatLine.event), which each client
 * words in its reader's language (docs/protocol.md, "Room log"). Lines are
 * facts about members and seats, never about a secret.
 */
import { CHAT_KEEP_LINES } from './chat.js';
import { ChatLine, type RoomState } from './schema.js';

export type RoomLogEvent =
  | 'joined' // name joined the room
  | 'left' // name left (or lost the connection for a while)
  | 'back' // name came back
  | 'sat' // name took seat text (1-based)
  | 'stood' // name left their seat
  | 'host' // name is now the host
  | 'standin' // a bot plays name's seat
  | 'handback' // name plays their own seat again
  | 'timeout' // name's time ran out: the stand-in bot plays this step
  | 'removed'; // the host removed name (a bot keeps their seat)

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

  event(event: RoomLogEvent, memberId: string, name: string, extra = ''): void {
    this.push({ memberId, name, text: extra, event });
  }
}
