/** A refused room message: sent to its sender only as `error { code, message, type }`. */
export type RoomErrorCode =
  | 'not-host'
  | 'not-seated'
  | 'seat-taken'
  | 'bad-seat'
  | 'no-empty-seat'
  | 'bad-options'
  | 'not-in-lobby'
  | 'not-playing'
  | 'not-ended'
  | 'seats-empty'
  | 'rate-limited'
  | 'too-long'
  | 'bad-message'
  | 'internal';

export class RoomError extends Error {
  constructor(
    /** A room code above, or an engine rejection code (`malformed`, `illegal`, `gifttrap/…`). */
    readonly code: RoomErrorCode | (string & {}),
    message: string,
  ) {
    super(message);
    this.name = 'RoomError';
  }
}

export function fail(code: RoomErrorCode | (string & {}), message: string): never {
  throw new RoomError(code, message);
}
