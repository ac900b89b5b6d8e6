/** Chat rules: 1–200 characters after trimming, at most 5 lines per 10 s per member. */
import { fail } from './errors.js';
import { charLength, cleanText } from './validation.js';

export const CHAT_MAX_CHARS = 200;
export const CHAT_KEEP_LINES = 50;
export const CHAT_RATE_LINES = 5;
export const CHAT_RATE_WINDOW_MS = 10_000;

/** The text of a chat line, or a thrown RoomError (`bad-message`, `too-long`). */
export function chatText(input: unknown): string {
  if (typeof input !== 'string') fail('bad-message', 'Chat text must be a string.');
  const text = cleanText(input.replace(/[\r\n\t]+/g, ' '));
  if (text.length === 0) fail('bad-message', 'Chat text is empty.');
  if (charLength(text) > CHAT_MAX_CHARS) fail('too-long', `Chat lines are at most ${CHAT_MAX_CHARS} characters.`);
  return text;
}

/** A sliding-window limiter, one per member (chat lines; stand-in switches). */
export class ChatLimiter {
  private readonly sent: number[] = [];

  constructor(
    private readonly limit = CHAT_RATE_LINES,
    private readonly windowMs = CHAT_RATE_WINDOW_MS,
    private readonly code = 'rate-limited',
    private readonly message = `At most ${limit} chat lines per ${windowMs / 1000} seconds.`,
  ) {}

  /** Records an action at `now` if allowed; throws `code` (`rate-limited` for chat) otherwise. */
  take(now: number): void {
    while (this.sent.length > 0 && now - this.sent[0] >= this.windowMs) this.sent.shift();
    if (this.sent.length >= this.limit) fail(this.code, this.message);
    this.sent.push(now);
  }
}
