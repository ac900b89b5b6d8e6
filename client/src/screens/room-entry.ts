/**
 * What the room screen shows before it has a session: a spinner, the invite
 * preview (the table as GET /api/tables/<id> describes it, then the nickname
 * form), and the card that says why a room could not be entered.
 */
import { botDisplayName } from '../util/bot-name.js';
import { h } from '../util/dom.js';
import { listNames, t } from '../i18n/index.js';
import { gameInfo } from '../games/catalog.js';
import { playerColor } from '../games/colors.js';
import type { TableSummary } from '../net/tables.js';
import type { JoinError } from '../net/session.js';
import { joinFailureText } from './join-failure.js';
import { cleanName } from '../util/storage.js';
import { iconEl } from '../art/icons.js';
import { freeSeatsOf, seatChoiceField, type SeatChoice } from './seat-choice.js';

export { announceSeating, chosenSeat, type SeatChoice } from './seat-choice.js';
export { loadingCard } from './connection-banner.js';

/** What a newcomer will be at this table: a player in the lobby, or a spectator. */
function outlook(x: TableSummary): string {
  if (x.status === 'playing') return t('room.preview.playing');
  if (x.status === 'ended') return t('room.preview.ended');
  return x.freeSeats > 0 ? t('room.preview.freeSeats', { count: x.freeSeats }) : t('room.preview.full');
}

function seatList(x: TableSummary): HTMLElement {
  return h(
    'ul',
    { class: 'seats preview-seats', testid: 'preview-seats' },
    x.seats.map((s, i) =>
      h(
        'li',
        { class: `seat seat--${s.kind}`, testid: `preview-seat-${i}`, style: { '--seat-color': playerColor(i) } as Partial<CSSStyleDeclaration> },
        h('span', { class: 'seat-num' }, String(i + 1)),
        h(
          'span',
          { class: 'seat-who' },
          s.kind === 'empty'
            ? h('span', { class: 'seat-empty' }, t('room.preview.freeSeat'))
            : [
                h('span', {
                  class: `dot ${s.connected ? 'dot-on' : 'dot-off'}`,
                  role: 'img',
                  'aria-label': s.connected ? t('lobby.online') : t('lobby.offline'),
                  title: s.connected ? t('lobby.online') : t('lobby.offline'),
                }),
                h('span', { class: 'seat-name' }, s.kind === 'bot' ? botDisplayName(s.name) : s.name),
                // Names are unique at a table (server names.ts), so the host's seat is the one with the host's name.
                s.kind === 'human' && s.name === x.host ? h('span', { class: 'badge badge-host' }, iconEl('crown', 14), ' ', t('lobby.host')) : null,
                s.kind === 'bot' ? h('span', { class: 'badge badge-bot' }, iconEl('robot', 14), ' ', t('lobby.bot')) : null,
              ],
        ),
      ),
    ),
  );
}

function tableDetails(x: TableSummary): HTMLElement {
  const info = gameInfo(x.game);
  return h(
    'div',
    { class: 'preview', testid: 'room-preview', dataset: { status: x.status } },
    h(
      'div',
      { class: 'preview-head' },
      h('span', { class: 'game-icon', 'aria-hidden': 'true' }, iconEl(info?.icon ?? 'dice', 40)),
      h('span', { class: 'game-name', testid: 'preview-game' }, info ? t(`games.${x.game}.name`) : x.game),
      h('span', { class: `status-chip status-${x.status}`, testid: 'preview-status' }, t(`room.status.${x.status}`)),
    ),
    h('p', { class: 'hint', testid: 'preview-host' }, x.host ? t('room.preview.host', { name: x.host }) : t('room.preview.noHost')),
    seatList(x),
    x.awaiting.length > 0 ? h('p', { class: 'hint' }, iconEl('hourglass'), ' ', t('home.tables.waitingFor', { names: listNames(x.awaiting) })) : null,
    h('p', { class: 'lead', testid: 'preview-outlook' }, outlook(x)),
  );
}

export interface PreviewOptions {
  /** The table, or null when it could not be looked at (then `failure` says why, and joining may still work). */
  table: TableSummary | null;
  failure?: string;
  /** The nickname to offer (the remembered one, or what was typed before a re-render). */
  name: string;
  /** The seat chosen before a re-render (language change). */
  seat?: SeatChoice;
  /** `seat`: the seat chosen (or watching); undefined when no choice was offered (the table could not be looked at). */
  onSubmit(name: string, seat: SeatChoice | undefined): void;
}

/** The invite preview: the table first, then the nickname, where to sit (a lobby with free seats), then Join (or Watch). */
export function previewCard(opts: PreviewOptions): HTMLElement {
  const free = freeSeatsOf(opts.table);
  const choice = free.length > 0 ? seatChoiceField(free, opts.seat) : null;
  // A running or ended match, or a full table: joining is watching, and the button says so.
  const watchOnly = opts.table !== null && !choice;
  const input = h('input', {
    id: 'join-name',
    class: 'input',
    testid: 'join-name',
    maxlength: '24',
    autocomplete: 'nickname',
    placeholder: t('home.nicknamePlaceholder'),
    value: opts.name,
  });
  const error = h('p', { class: 'form-error', role: 'alert' });
  setTimeout(() => input.isConnected && input.focus(), 0);
  return h(
    'form',
    {
      class: 'card join-card',
      onsubmit: (e: Event) => {
        e.preventDefault();
        const name = cleanName(input.value);
        if (!name) {
          error.textContent = t('home.nicknameRequired');
          input.focus();
          return;
        }
        opts.onSubmit(name, choice ? choice.read() : watchOnly ? 'watch' : undefined);
      },
    },
    h('h2', { class: 'card-title' }, t('room.joinTitle')),
    opts.table
      ? tableDetails(opts.table)
      : h('p', { class: 'hint', testid: 'preview-unavailable' }, t('room.preview.unavailable', { message: opts.failure ?? '' })),
    h('label', { class: 'field-label', for: 'join-name' }, t('home.nickname')),
    input,
    h('p', { class: 'hint' }, t('home.nicknameHint')),
    choice?.el,
    h('button', { class: 'btn btn-primary btn-big', type: 'submit', testid: 'join-submit' }, watchOnly ? t('room.seatChoice.watchButton') : t('room.join')),
    error,
  );
}

/** Why the room could not be entered; a room that does not exist offers only the way home. */
export function joinErrorCard(err: Pick<JoinError, 'kind' | 'message'>, retry: () => void): HTMLElement {
  const notFound = err.kind === 'not-found';
  const text = notFound
    ? t('errors.notFound')
    : err.kind === 'unreachable'
      ? t('errors.unreachable')
      : err.kind === 'full'
        ? t('errors.full')
        : err.kind === 'locked'
          ? t('errors.locked')
          : err.kind === 'kicked'
            ? t('errors.kicked')
            : joinFailureText(err);
  return h(
    'div',
    { class: 'card error-card', testid: notFound ? 'room-not-found' : 'join-error', role: 'alert' },
    h('div', { class: 'error-icon', 'aria-hidden': 'true' }, iconEl(notFound ? 'candle' : 'plug', 48)),
    h('p', null, text),
    h(
      'div',
      { class: 'row row-center' },
      notFound
        ? null
        : h(
            'button',
            { class: 'btn', type: 'button', testid: 'retry-join', onclick: retry },
            err.kind === 'kicked' ? t('errors.joinAgain') : t('errors.retry'),
          ),
      h('a', { class: 'btn btn-primary', href: '/', 'data-link': true, testid: 'back-home' }, t('errors.backHome')),
    ),
  );
}
