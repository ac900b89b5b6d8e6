/** An error with a message meant for people. */
export class BotError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BotError';
  }
}
