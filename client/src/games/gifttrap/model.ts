/** Gift Trap client model: typed access to the room snapshot and small derived facts. */
import type { RoomSnapshot } from '../../net/snapshot.js';
import type { Gift, GiftTrapPublicView, GiftTrapSeatView, LaidSlot, Wants, Tier } from '@fireside/shared/games/gifttrap/types';
import { giftOnSlot } from '@fireside/shared/games/gifttrap/catalogue';
import { lang } from '../../i18n/index.js';

export type { GiftTrapPublicView, GiftTrapSeatView, Wants, Tier };
export const WANT_KINDS = ['great', 'good', 'ok', 'noWay'] as const;
export type WantKind = (typeof WANT_KINDS)[number];
export const WANT_LABEL: Record<WantKind, string> = { great: '+3', good: '+2', ok: '+1', noWay: '−4' };
export const WANT_COLOR: Record<WantKind, string> = { great: '#1f9d55', good: '#4cb86b', ok: '#8fbf4a', noWay: '#c0392b' };

export const TIER_COLOR: Record<Tier, string> = { black: '#26211e', blue: '#2f6fd6', red: '#cf3b34', yellow: '#f2c230' };
export const TIER_INK: Record<Tier, string> = { black: '#fff6e6', blue: '#ffffff', red: '#ffffff', yellow: '#3a2a10' };

export interface Model {
  snap: RoomSnapshot;
  view: GiftTrapPublicView;
  me: number; // my seat, -1 for spectators
  secret: GiftTrapSeatView | null;
  names: string[];
  n: number;
}

export function toModel(snap: RoomSnapshot): Model | null {
  const view = snap.view as GiftTrapPublicView | null;
  if (!view || view.game !== 'gifttrap') return null;
  const me = snap.me.seat;
  const secret = me >= 0 ? ((snap.seats[me]?.secret as GiftTrapSeatView | null) ?? null) : null;
  const names = Array.from({ length: view.players }, (_, i) => snap.seats[i]?.name || `#${i + 1}`);
  return { snap, view, me, secret, names, n: view.players };
}

export function giftAt(view: GiftTrapPublicView, slot: number): Gift | null {
  return giftOf(view.slots[slot]);
}

/** The gift showing on a laid card, or null for an unknown or missing card. */
export function giftOf(laid: LaidSlot | undefined): Gift | null {
  if (!laid) return null;
  try {
    return giftOnSlot(laid);
  } catch {
    return null;
  }
}

export function giftName(gift: Gift | null): string {
  return gift ? gift.name[lang()] : '?';
}

export function perRecipient(view: GiftTrapPublicView): number {
  return view.options.doubleGifts ? 2 : 1;
}

export function others(m: Model): number[] {
  return Array.from({ length: m.n }, (_, i) => i).filter((i) => i !== m.me);
}

/** Seats the game is waiting for: unsent gifts or wishes, else the parent or revealer (or the server's flags). */
export function deciding(m: Model): number[] {
  const v = m.view;
  const out: number[] = [];
  for (let i = 0; i < m.n; i++) {
    const awaiting = !!m.snap.seats[i]?.awaiting;
    if (v.phase === 'give') {
      if (!v.giveSubmitted[i]) out.push(i);
    } else if (v.phase === 'want') {
      if (!v.wantSubmitted[i]) out.push(i);
    } else if (v.phase === 'layout') {
      if (i === v.parent || awaiting) out.push(i);
    } else if (v.phase === 'reveal') {
      if (i === v.revealer || awaiting) out.push(i);
    }
  }
  return out;
}

export function formatValue(v: number): string {
  return v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0';
}
