/**
 * Who is at the table during a match, for every game: each seat's player
 * online or away (and for how long), the countdown to a bot stand-in, a bot
 * playing an away player's seat, each awaited seat's clock, and who is
 * watching, by name. The host can hand a seat to a bot, give it back, and
 * remove a member who has gone; a player can take their own seat back.
 *
 * Times are the server's (ms since epoch) read against this browser's clock.
 */
import { h, patch } from '../util/dom.js';
import { t } from '../i18n/index.js';
import type { RoomSnapshot, SeatSnap } from '../net/snapshot.js';
import { playerColor } from '../games/colors.js';
import { clockText } from './time.js';
import { clockLeft } from '@fireside/shared/protocol/room-state';
import { iconEl } from '../art/icons.js';
import { TurnSignal } from '../turn/turn-signal.js';

/** A member away this long may be removed by the host (the server's reconnection window, docs/protocol.md). */
const REMOVABLE_AFTER_MS = 60_000;

export interface PresenceActions {
  standIn(seat: number, on: boolean): void;
  remove(memberId: string): void;
}

export class PresenceBar {
  readonly el = h('section', { class: 'panel presence', testid: 'presence', 'aria-label': 'presence' });
  private snap: RoomSnapshot | null = null;
  private ticker = 0;
  /** "Your turn" in the tab's title, a chime, a notification (turn/turn-signal.ts); its toggles are drawn here. */
  private readonly turn = new TurnSignal(() => (this.snap ? t(`games.${this.snap.game}.name`) : ''));

  constructor(private readonly actions: PresenceActions) {
    // Countdowns and "away for" tick once a second while a match runs.
    this.ticker = window.setInterval(() => this.render(), 1000);
  }

  update(snap: RoomSnapshot): void {
    this.snap = snap;
    this.turn.update(snap);
    this.render();
  }

  relabel(): void {
    this.render();
  }

  destroy(): void {
    clearInterval(this.ticker);
    this.turn.destroy();
  }

  private render(): void {
    const snap = this.snap;
    if (!snap) return;
    const now = Date.now();
    const rows = snap.seats.slice(0, snap.players).map((seat) => this.row(snap, seat, now));
    const watchers = Object.values(snap.members)
      .filter((m) => m.seat < 0 && m.connected)
      .map((m) => m.name);
    patch(
      this.el,
      h('h2', { class: 'panel-title' }, t('presence.title')),
      h('ol', { class: 'presence-seats' }, rows),
      h(
        'p',
        { class: 'presence-watchers', testid: 'watchers' },
        watchers.length ? t('presence.watching', { names: watchers.join(', ') }) : t('presence.nobodyWatching'),
      ),
      snap.me.seat >= 0 ? this.turnToggles() : null,
    );
  }

  /** A player's own say in how they hear of their turn (spectators have none). */
  private turnToggles(): HTMLElement {
    const sound = this.turn.soundOn;
    return h(
      'p',
      { class: 'presence-turn row' },
      h(
        'button',
        {
          class: 'btn btn-small btn-ghost',
          type: 'button',
          testid: 'turn-sound',
          'aria-pressed': String(sound),
          onclick: () => (this.turn.setSound(!sound), this.render()),
        },
        iconEl(sound ? 'bell' : 'bellOff', 14),
        ' ',
        sound ? t('turn.soundOn') : t('turn.soundOff'),
      ),
      this.turn.canAskNotifications
        ? h(
            'button',
            {
              class: 'btn btn-small btn-ghost',
              type: 'button',
              testid: 'turn-notify',
              onclick: () => void this.turn.askNotifications().then(() => this.render()),
            },
            t('turn.notify'),
          )
        : null,
    );
  }

  private row(snap: RoomSnapshot, seat: SeatSnap, now: number): HTMLElement {
    const away = seat.kind === 'human' && !seat.connected;
    const status = this.status(seat, now);
    const left = clockLeft(seat, now);
    const clock =
      seat.deadline > 0
        ? h('span', { class: `presence-clock${left < 10_000 ? ' urgent' : ''}`, testid: `clock-${seat.index}` }, iconEl('stopwatch', 14), ' ', clockText(left))
        : null;
    return h(
      'li',
      {
        class: `presence-seat${away ? ' away' : ''}${seat.standIn ? ' stand-in' : ''}${seat.awaiting ? ' awaiting' : ''}`,
        testid: `presence-${seat.index}`,
        style: { '--seat-color': playerColor(seat.index) } as Partial<CSSStyleDeclaration>,
      },
      // The seat's number in its colour: the colour is not the only cue (colour-blind players, games/colors.ts).
      h('span', { class: 'presence-num', 'aria-hidden': 'true', testid: `presence-num-${seat.index}` }, String(seat.index + 1)),
      h('span', { class: `dot ${away ? 'dot-off' : 'dot-on'}`, role: 'img', 'aria-label': away ? t('lobby.offline') : t('lobby.online') }),
      h('span', { class: 'presence-name' }, seat.name, seat.index === snap.me.seat ? ` (${t('lobby.you')})` : ''),
      h('span', { class: 'presence-status', testid: `presence-status-${seat.index}` }, seat.standIn ? [iconEl('robot', 14), ' '] : null, status),
      clock,
      h('span', { class: 'presence-actions' }, this.buttons(snap, seat, now)),
    );
  }

  private status(seat: SeatSnap, now: number): string {
    if (seat.kind === 'bot') return t('presence.bot');
    if (seat.standIn) return seat.connected ? t('presence.botPlayingHere') : t('presence.botPlaying');
    if (seat.connected) return t('presence.online');
    if (seat.standInAt > 0) return t('presence.standInIn', { time: clockText(seat.standInAt - now) });
    return t('presence.awayFor', { time: clockText(now - seat.awaySince) });
  }

  private buttons(snap: RoomSnapshot, seat: SeatSnap, now: number): HTMLElement[] {
    if (seat.kind !== 'human' || snap.status !== 'playing') return [];
    const mine = seat.index === snap.me.seat;
    const out: HTMLElement[] = [];
    const button = (label: string, testid: string, onclick: () => void) =>
      h('button', { class: 'btn btn-small btn-ghost', type: 'button', testid, onclick }, label);
    if (mine && seat.standIn) out.push(button(t('presence.takeBack'), 'take-back', () => this.actions.standIn(seat.index, false)));
    if (!mine && snap.me.isHost) {
      // Removal waits out the reconnection window (the server's default 60 s; it refuses earlier with a reason).
      // It comes first: the row's buttons are right-aligned, so "Let a bot play" keeps the same place on every row.
      if (!seat.connected && seat.awaySince > 0 && now - seat.awaySince >= REMOVABLE_AFTER_MS)
        out.push(button(t('presence.remove'), `remove-${seat.index}`, () => this.actions.remove(seat.memberId)));
      // A player who is here decides for their own seat; the host steps in only for one who is away.
      if (seat.standIn) out.push(button(t('presence.giveBack'), `give-back-${seat.index}`, () => this.actions.standIn(seat.index, false)));
      else if (!seat.connected) out.push(button(t('presence.handToBot'), `hand-to-bot-${seat.index}`, () => this.actions.standIn(seat.index, true)));
    }
    return out;
  }
}
