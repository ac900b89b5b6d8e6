/** localStorage that never throws (private mode, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: nothing is remembered */
    }
  },
  /** Every key starting with `prefix` (none when storage is unavailable). */
  keys(prefix: string): string[] {
    try {
      const out: string[] = [];
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (key?.startsWith(prefix)) out.push(key);
      }
      return out;
    } catch {
      return [];
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      /* ignore */
    }
  },
};

export const NICKNAME_KEY = 'fireside:nickname';
export const LANG_KEY = 'fireside:lang';
const TOKEN_PREFIX = 'fireside:token:';
const SEEN_PREFIX = 'fireside:seen:';
const SEAT_PREFIX = 'fireside:seat:';
export const tokenKey = (roomId: string) => `${TOKEN_PREFIX}${roomId}`;
/** When this browser was last welcomed at a room (ms since epoch): "Your tables" lists the latest first. */
export const seenKey = (roomId: string) => `${SEEN_PREFIX}${roomId}`;
/** The seat this browser's member last held at a room (not a secret: everyone sees who sits where), for "your turn". */
export const seatKey = (roomId: string) => `${SEAT_PREFIX}${roomId}`;

/** Room ids as the server accepts them (anything else in storage is not asked about). */
const ROOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The rooms this browser holds a member token for, the most recently visited first. */
export function rememberedRooms(): string[] {
  const seen = (id: string) => Number(storage.get(seenKey(id))) || 0;
  return storage
    .keys(TOKEN_PREFIX)
    .map((k) => k.slice(TOKEN_PREFIX.length))
    .filter((id) => ROOM_ID.test(id))
    .sort((a, b) => seen(b) - seen(a) || a.localeCompare(b));
}

/** Forgets a room: its token (the seat can no longer be reclaimed from here), its visit time and seat. */
export function forgetRoom(roomId: string): void {
  storage.remove(tokenKey(roomId));
  storage.remove(seenKey(roomId));
  storage.remove(seatKey(roomId));
  storage.remove(`fireside:draft:${roomId}`); // games/common/drafts.ts
}

// eslint-disable-next-line no-control-regex -- the control characters are what it matches
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;

/** Trim and drop control characters, as the server does; at most 24 characters. */
export function cleanName(raw: string): string {
  return raw.replace(CONTROL_CHARS, '').trim().slice(0, 24);
}
