/**
 * A player's unsent choices, kept in the browser so that a reload (or a
 * closed tab) of the same seat finds them again (issue 12): one entry per
 * room, for one moment of the match — the table's own key, e.g. match, round,
 * phase and seat. A choice of another moment is never restored; it is
 * dropped. Nothing here is ever sent anywhere.
 */
import { storage } from '../../util/storage.js';

export const draftKey = (roomId: string) => `fireside:draft:${roomId}`;

export class DraftStore<T> {
  constructor(private readonly roomId: string) {}

  /** The choice saved for `moment`, if that is the moment it was saved at. */
  load(moment: string): T | null {
    const raw = storage.get(draftKey(this.roomId));
    if (!raw) return null;
    try {
      const saved = JSON.parse(raw) as { moment: string; value: T };
      if (saved.moment === moment) return saved.value;
    } catch {
      /* a damaged entry: as if there were none */
    }
    this.clear();
    return null;
  }

  save(moment: string, value: T): void {
    storage.set(draftKey(this.roomId), JSON.stringify({ moment, value }));
  }

  clear(): void {
    storage.remove(draftKey(this.roomId));
  }
}
