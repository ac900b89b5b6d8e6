/** The room's part of the top bar: game, status, watching, and the way out. */
import { h } from '../util/dom.js';
import { t } from '../i18n/index.js';
import { gameInfo } from '../games/catalog.js';
import type { RoomSnapshot } from '../net/snapshot.js';
import { iconEl } from '../art/icons.js';

export function roomHeaderInfo(snap: RoomSnapshot, onLeave: () => void): Node {
  const info = gameInfo(snap.game);
  return h(
    'span',
    { class: 'room-info' },
    info ? h('span', { class: 'room-game' }, iconEl(info.icon), ' ', t(`games.${snap.game}.name`)) : null,
    h('span', { class: `status-chip status-${snap.status}`, testid: 'room-status' }, t(`room.status.${snap.status}`)),
    snap.me.seat < 0 ? h('span', { class: 'status-chip status-watch' }, iconEl('eyes', 14), ' ', t('room.spectating')) : null,
    // How many are watching, for players and spectators alike (the lobby shows it beside the seats).
    snap.status !== 'lobby' && snap.spectators > 0
      ? h(
          'span',
          { class: 'status-chip status-watchers', testid: 'watcher-count', title: t('lobby.spectators', { count: snap.spectators }) },
          iconEl('eyes', 14),
          ' ',
          String(snap.spectators),
        )
      : null,
    // From a seat in a running match this asks first (screens/room.ts, leave()).
    h('button', { class: 'btn btn-small btn-ghost room-leave', type: 'button', testid: 'room-leave', onclick: onLeave }, t('room.leave')),
  );
}
