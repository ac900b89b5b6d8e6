/** The seat list of the lobby: who sits where, bots, presence, host, and per-seat actions. */
import { h } from '../util/dom.js';
import { t } from '../i18n/index.js';
import type { RoomSnapshot, SeatSnap } from '../net/snapshot.js';
import { playerColor } from '../games/colors.js';
import { iconEl } from '../art/icons.js';

export interface SeatActions {
  sit(seat: number): void;
  stand(): void;
  addBot(seat: number): void;
  removeBot(seat: number): void;
  /** The host removes (kicks) the member on this seat. */
  remove(memberId: string): void;
}

export function seatBadges(snap: RoomSnapshot, seat: SeatSnap): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (seat.kind === 'empty') return out;
  if (seat.memberId && seat.memberId === snap.hostId)
    out.push(h('span', { class: 'badge badge-host', title: t('lobby.host') }, iconEl('crown', 14), ' ', t('lobby.host')));
  if (seat.kind === 'bot') out.push(h('span', { class: 'badge badge-bot' }, iconEl('robot', 14), ' ', t('lobby.bot')));
  if (seat.index === snap.me.seat) out.push(h('span', { class: 'badge badge-you' }, t('lobby.you')));
  return out;
}

export function presenceDot(seat: SeatSnap): HTMLElement {
  const on = seat.kind === 'bot' || seat.connected;
  return h('span', {
    class: `dot ${on ? 'dot-on' : 'dot-off'}`,
    title: on ? t('lobby.online') : t('lobby.offline'),
    'aria-label': on ? t('lobby.online') : t('lobby.offline'),
    role: 'img',
  });
}

/** A seat's buttons: sit, add or remove a bot (host), stand up (mine), remove the player (host). */
function seatButtons(snap: RoomSnapshot, seat: SeatSnap, actions: SeatActions): HTMLElement[] {
  const isHost = snap.me.isHost;
  const mine = seat.index === snap.me.seat;
  const buttons: HTMLElement[] = [];
  if (seat.kind === 'empty') {
    if (!mine)
      buttons.push(
        h(
          'button',
          {
            class: `btn btn-small${snap.me.seat < 0 ? ' btn-primary' : ''}`,
            type: 'button',
            testid: `take-seat-${seat.index}`,
            onclick: () => actions.sit(seat.index),
          },
          t('lobby.takeSeat'),
        ),
      );
    if (isHost)
      buttons.push(
        h(
          'button',
          { class: 'btn btn-small', type: 'button', testid: `add-bot-${seat.index}`, onclick: () => actions.addBot(seat.index) },
          iconEl('robot', 16),
          ' ',
          t('lobby.addBot'),
        ),
      );
  } else if (seat.kind === 'bot' && isHost) {
    buttons.push(
      h(
        'button',
        { class: 'btn btn-small btn-ghost', type: 'button', testid: `remove-bot-${seat.index}`, onclick: () => actions.removeBot(seat.index) },
        t('lobby.removeBot'),
      ),
    );
  } else if (mine) {
    buttons.push(h('button', { class: 'btn btn-small btn-ghost', type: 'button', testid: 'stand-up', onclick: () => actions.stand() }, t('lobby.standUp')));
  } else if (isHost && seat.kind === 'human') {
    buttons.push(
      h(
        'button',
        { class: 'btn btn-small btn-ghost', type: 'button', testid: `kick-${seat.index}`, onclick: () => actions.remove(seat.memberId) },
        t('lobby.kick'),
      ),
    );
  }
  return buttons;
}

export function renderSeats(snap: RoomSnapshot, actions: SeatActions): HTMLElement {
  const rows = snap.seats.slice(0, snap.players).map((seat) => {
    const mine = seat.index === snap.me.seat;
    const buttons = seatButtons(snap, seat, actions);
    return h(
      'li',
      {
        class: `seat seat--${seat.kind}${mine ? ' seat-mine' : ''}`,
        testid: `seat-${seat.index}`,
        style: { '--seat-color': playerColor(seat.index) } as Partial<CSSStyleDeclaration>,
      },
      h('span', { class: 'seat-num', 'aria-label': t('lobby.seatN', { n: seat.index + 1 }) }, String(seat.index + 1)),
      h(
        'span',
        { class: 'seat-who' },
        seat.kind === 'empty'
          ? h('span', { class: 'seat-empty' }, t('lobby.empty'))
          : [
              presenceDot(seat),
              h('span', { class: 'seat-name', testid: `seat-name-${seat.index}` }, seat.name),
              // Away, and since when (a clock time: the lobby does not tick).
              seat.kind === 'human' && !seat.connected && seat.awaySince > 0
                ? h(
                    'span',
                    { class: 'seat-away', testid: `seat-away-${seat.index}` },
                    t('presence.awaySince', {
                      time: new Date(seat.awaySince).toLocaleTimeString(document.documentElement.lang || undefined, { hour: '2-digit', minute: '2-digit' }),
                    }),
                  )
                : null,
            ],
        seatBadges(snap, seat),
      ),
      h('span', { class: 'seat-actions' }, buttons),
    );
  });
  return h('ol', { class: 'seats', testid: 'seats' }, rows);
}
