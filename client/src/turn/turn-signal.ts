/**
 * "Your turn", wherever the player is looking: when the match starts waiting
 * on this browser's seat, the tab's title and icon change ("● Your turn —
 * Gift Trap"), a short chime plays (a toggle, remembered; never while the tab
 * has focus and the player has just acted), a browser notification appears
 * while the tab is hidden (permission is asked only from a button the player
 * clicks), and a phone that allows it vibrates. Spectators hold no seat: they
 * get none of it.
 *
 * The signal fires on the change from "not waiting on me" to "waiting on
 * me"; the title and icon stay while it waits, and come back when it stops.
 */
import { t } from '../i18n/index.js';
import type { RoomSnapshot } from '../net/snapshot.js';
import { storage } from '../util/storage.js';
import { Chime } from './chime.js';
import { markedFavicon } from './favicon.js';

export const SOUND_KEY = 'fireside:turn-sound';
/** A key or a tap this recent (ms), with the tab focused, means the player is right here: no chime. */
const JUST_ACTED_MS = 4000;

/** The match waits on this browser's own seat (not on a bot standing in for it). */
export function isMyTurn(snap: RoomSnapshot): boolean {
  if (snap.status !== 'playing' || snap.me.seat < 0) return false;
  const seat = snap.seats[snap.me.seat];
  return !!seat && seat.awaiting && !seat.standIn;
}

export class TurnSignal {
  private mine = false;
  private savedTitle: string | null = null;
  private savedIcon: string | null = null;
  private lastInputAt = 0;
  private readonly chime = new Chime();
  private readonly onInput = () => {
    this.lastInputAt = Date.now();
    this.chime.unlock(); // browsers let a page make sound only after a gesture
  };

  constructor(private readonly gameName: () => string) {
    window.addEventListener('pointerdown', this.onInput, true);
    window.addEventListener('keydown', this.onInput, true);
  }

  get soundOn(): boolean {
    return storage.get(SOUND_KEY) !== 'off';
  }

  setSound(on: boolean): void {
    storage.set(SOUND_KEY, on ? 'on' : 'off');
    if (on) this.chime.unlock();
  }

  /** Browser notifications can be offered (supported, not yet decided by the player). */
  get canAskNotifications(): boolean {
    return 'Notification' in window && Notification.permission === 'default';
  }

  get notificationsOn(): boolean {
    return 'Notification' in window && Notification.permission === 'granted';
  }

  /** From the player's click only (never on load). */
  async askNotifications(): Promise<void> {
    if (!('Notification' in window)) return;
    await Notification.requestPermission();
  }

  update(snap: RoomSnapshot): void {
    const mine = isMyTurn(snap);
    if (mine === this.mine) return;
    this.mine = mine;
    if (mine) this.started();
    else this.restore();
  }

  private started(): void {
    const title = `● ${t('turn.yourTurn')} — ${this.gameName()}`;
    this.savedTitle ??= document.title;
    document.title = title;
    void this.markIcon();
    const hidden = document.visibilityState === 'hidden';
    const here = !hidden && document.hasFocus() && Date.now() - this.lastInputAt < JUST_ACTED_MS;
    if (this.soundOn && !here) this.chime.play();
    if (hidden && this.notificationsOn) this.notify(title);
    if (!here && typeof navigator.vibrate === 'function' && matchMedia('(pointer: coarse)').matches) navigator.vibrate([120, 80, 120]);
  }

  private notify(title: string): void {
    try {
      const n = new Notification(title, { body: t('turn.notifyBody'), tag: 'fireside-turn', icon: this.savedIcon ?? undefined });
      n.onclick = () => {
        window.focus();
        n.close();
      };
    } catch {
      /* some browsers allow notifications only from a service worker: the title and the chime remain */
    }
  }

  private async markIcon(): Promise<void> {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) return;
    this.savedIcon ??= link.href;
    const marked = await markedFavicon(this.savedIcon);
    if (marked && this.mine) link.href = marked;
  }

  private restore(): void {
    if (this.savedTitle !== null) document.title = this.savedTitle;
    this.savedTitle = null;
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link && this.savedIcon) link.href = this.savedIcon;
  }

  destroy(): void {
    this.mine = false;
    this.restore();
    window.removeEventListener('pointerdown', this.onInput, true);
    window.removeEventListener('keydown', this.onInput, true);
    this.chime.close();
  }
}
