/** Why a store call was refused; callers branch on `code`, never on the message. */
export type StoreErrorCode =
  | 'closed' // the store was closed
  | 'unknown_room' // startMatch for a room that was never saved
  | 'unknown_match'
  | 'duplicate_match' // startMatch with a matchId that exists
  | 'match_finished' // appendEvent/finishMatch after finishMatch
  | 'bad_seq' // appendEvent with seq !== number of events so far (a gap, a duplicate, a stale writer)
  | 'bad_record' // a field of the wrong type (e.g. a non-integer timestamp)
  | 'schema_too_new' // the database was migrated by a newer server
  | 'disk_failed'; // an fsync failed: nothing written since can be vouched for

export class StoreError extends Error {
  readonly code: StoreErrorCode;
  constructor(code: StoreErrorCode, message: string) {
    super(message);
    this.name = 'StoreError';
    this.code = code;
  }
}
