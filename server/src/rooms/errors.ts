import type { RoomErrorCode } from '@fireside/shared';

/** A refused room message: sent to its sender only as `error { code, message, type }` (the codes: shared/src/protocol/messages.ts). */
export type { RoomErrorCode };

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
