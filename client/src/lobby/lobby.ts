/** The lobby: invite link, seats, host settings and Start. */
import { CLOCK_PACES, type ClockPace } from '@fireside/shared/engine/contract';
import { h, morph } from '../util/dom.js';
import { t } from '../i18n/index.js';
import type { RoomSnapshot } from '../net/snapshot.js';
import type { RoomSession } from '../net/session.js';
import type { GameModule } from '../games/types.js';
import { renderInvite } from './invite.js';
import { renderSeats } from './seats.js';
import { replayLink } from '../games/common/replay-link.js';
import { iconEl } from '../art/icons.js';
import { gameInfo } from '../games/catalog.js';

export class Lobby {
  readonly el: HTMLElement;
  private watching = false;

  constructor(
    private session: RoomSession,
    private game: GameModule | null,
  ) {
    this.el = h('div', { class: 'lobby', testid: 'lobby' });
  }

  setGame(game: GameModule): void {
    this.game = game;
  }

  update(snap: RoomSnapshot): void {
    const s = this.session;
    morph(
      this.el,
      this.watchBanner(snap),
      h(
        'div',
        { class: 'lobby-grid' },
        h(
          'section',
          { class: 'panel lobby-main' },
          renderInvite(snap.roomId),
          replayLink(snap.lastMatchId),
          h(
            'div',
            { class: 'seats-head' },
            h('h2', { class: 'panel-title' }, t('lobby.seats')),
            h(
              'span',
              { class: 'spectators', testid: 'spectator-count', title: watcherNames(snap) },
              iconEl('eyes', 16),
              ' ',
              snap.spectators > 0 ? `${t('lobby.spectators', { count: snap.spectators })}: ${watcherNames(snap)}` : t('lobby.spectatorsNone'),
            ),
          ),
          renderSeats(snap, {
            sit: (seat) => s.send('sit', { seat }),
            stand: () => {
              this.watching = true;
              s.send('stand');
            },
            addBot: (seat) => s.send('addBot', { seat }),
            removeBot: (seat) => s.send('removeBot', { seat }),
            remove: (memberId) => s.send('remove', { memberId }),
          }),
        ),
        this.settings(snap),
      ),
    );
  }

  /** A member with no seat: take the first free one, or just watch. */
  private watchBanner(snap: RoomSnapshot): HTMLElement | null {
    if (snap.me.seat >= 0 || this.watching) return null;
    const s = this.session;
    const firstEmpty = snap.seats.slice(0, snap.players).find((x) => x.kind === 'empty');
    return h(
      'div',
      { class: 'banner banner-info', testid: 'watch-banner' },
      h('span', null, t('lobby.watchingBanner')),
      h(
        'span',
        { class: 'banner-actions' },
        firstEmpty
          ? h(
              'button',
              { class: 'btn btn-primary', type: 'button', testid: 'take-first-seat', onclick: () => s.send('sit', { seat: firstEmpty.index }) },
              t('lobby.takeSeat'),
            )
          : null,
        h(
          'button',
          { class: 'btn btn-ghost', type: 'button', testid: 'watch', onclick: () => ((this.watching = true), this.update(snap)) },
          iconEl('eyes'),
          ' ',
          t('lobby.watch'),
        ),
      ),
    );
  }

  /** Players, clock and the game's options; the host's buttons (bots, start), or who the table waits for. */
  private settings(snap: RoomSnapshot): HTMLElement {
    const s = this.session;
    const isHost = snap.me.isHost;
    const filled = snap.seats.slice(0, snap.players).every((x) => x.kind !== 'empty');
    const host = snap.members[snap.hostId];
    return h(
      'section',
      { class: 'panel lobby-settings', testid: 'lobby-settings' },
      h('h2', { class: 'panel-title' }, t('lobby.settings')),
      this.game ? this.playerCount(snap, isHost) : null,
      this.clockChoice(snap, isHost),
      this.game ? this.game.renderOptions(snap, isHost, (msg) => s.send('configure', msg)) : null,
      isHost
        ? h(
            'div',
            { class: 'host-actions' },
            h(
              'button',
              { class: 'btn', type: 'button', testid: 'fill-bots', disabled: filled, onclick: () => s.send('fillBots') },
              iconEl('robot'),
              ' ',
              t('lobby.fillBots'),
            ),
            h(
              'button',
              { class: 'btn btn-primary btn-big', type: 'button', testid: 'start-game', disabled: !filled, onclick: () => s.send('start') },
              '▶ ',
              t('lobby.start'),
            ),
            filled ? null : h('p', { class: 'hint', testid: 'start-hint' }, t('lobby.startDisabled')),
            lockToggle(snap, (locked) => s.send('lock', { locked })),
          )
        : h(
            'p',
            { class: 'hint waiting-host', testid: 'waiting-host' },
            iconEl('hourglass'),
            ' ',
            t('lobby.waitingHost', { name: host ? (host.connected ? host.name : `${host.name} (${t('lobby.offline')})`) : '…' }),
          ),
    );
  }

  /** The table's clock pace (room option `clock`), the host's to choose. */
  private clockChoice(snap: RoomSnapshot, isHost: boolean): HTMLElement {
    return h(
      'label',
      { class: 'field' },
      h('span', { class: 'field-label' }, iconEl('stopwatch', 16), ' ', t('presence.clockLabel')),
      h(
        'select',
        {
          class: 'input',
          testid: 'clock',
          disabled: !isHost, // The select offers only CLOCK_PACES; the server checks again.
          onchange: (e: Event) => this.session.send('configure', { clock: (e.target as HTMLSelectElement).value as ClockPace }),
        },
        CLOCK_PACES.map((p) => h('option', { value: p, selected: p === snap.clock }, t(`presence.clocks.${p}`))),
      ),
      h('span', { class: 'hint' }, t('presence.clockHint')),
    );
  }

  private playerCount(snap: RoomSnapshot, isHost: boolean): HTMLElement {
    // The player counts come from the game's meta (via the catalogue), the same numbers the server checks.
    const g = this.game!;
    const { minPlayers, maxPlayers } = gameInfo(g.id)!;
    const options: HTMLOptionElement[] = [];
    for (let n = minPlayers; n <= maxPlayers; n++) options.push(h('option', { value: String(n), selected: n === snap.players }, String(n)));
    return h(
      'label',
      { class: 'field' },
      h('span', { class: 'field-label' }, t('lobby.players')),
      h(
        'select',
        {
          class: 'input',
          testid: 'player-count',
          disabled: !isHost,
          onchange: (e: Event) => {
            const players = Number((e.target as HTMLSelectElement).value);
            const options = g.optionsForPlayers?.(snap, players);
            this.session.send('configure', options ? { players, options } : { players });
          },
        },
        options,
      ),
    );
  }
}

/** The host closes the table to newcomers (friends already in keep their places and tokens). */
function lockToggle(snap: RoomSnapshot, send: (locked: boolean) => void): HTMLElement {
  return h(
    'label',
    { class: 'check lock-toggle' },
    h('input', { type: 'checkbox', testid: 'lock-table', checked: snap.locked, onchange: (e: Event) => send((e.target as HTMLInputElement).checked) }),
    h('span', null, t('lobby.lock'), h('small', { class: 'hint' }, ' ', t('lobby.lockHint'))),
  );
}

/** The names of the connected members without a seat. */
function watcherNames(snap: RoomSnapshot): string {
  return Object.values(snap.members)
    .filter((m) => m.seat < 0 && m.connected)
    .map((m) => m.name)
    .join(', ');
}
