/**
 * "Your tables" on the home page: every room this browser holds a member
 * token for (a seat it can take back), as the server sees it now — game,
 * who plays, status, whose turn — with a Rejoin button. One batch request
 * (GET /api/tables?ids=…); a table the server no longer knows is shown as
 * gone, with a Forget button; a list that cannot be fetched says so and
 * offers to try again. Nothing here imports a game or Pixi.
 */
import { h, patch } from '../util/dom.js';
import { listNames, t } from '../i18n/index.js';
import { gameInfo } from '../games/catalog.js';
import { fetchTables, isFailure, MAX_TABLES, type TableSummary } from '../net/tables.js';
import { forgetRoom, rememberedRooms, seatKey, storage, tokenKey } from '../util/storage.js';
import { navigate, roomPath } from '../router.js';
import { iconEl } from '../art/icons.js';

/** How often a visible "Your tables" asks the server again. */
const REFRESH_MS = 15_000;

export class YourTables {
  /** Empty (and hidden) when this browser holds no token. */
  readonly el = h('section', { class: 'card your-tables', testid: 'your-tables', 'aria-labelledby': 'your-tables-title', hidden: true });
  private readonly ids = rememberedRooms().slice(0, MAX_TABLES);
  private timer = 0;
  private loading = false;
  private readonly onVisible = () => this.refresh();

  constructor() {
    if (this.ids.length === 0) return;
    void this.load();
    // While the page is visible, the list follows the tables by itself ("your turn" appears without a reload).
    this.timer = window.setInterval(() => this.refresh(), REFRESH_MS);
    document.addEventListener('visibilitychange', this.onVisible);
  }

  /** A quiet reload (no spinner), only while this list is on a visible page; it stops once the list is gone. */
  private refresh(): void {
    if (!this.el.isConnected) {
      clearInterval(this.timer);
      document.removeEventListener('visibilitychange', this.onVisible);
      return;
    }
    if (document.visibilityState === 'visible' && !this.loading) void this.load(true);
  }

  private async load(quiet = false): Promise<void> {
    this.el.hidden = false;
    if (!quiet)
      this.draw(
        h(
          'p',
          { class: 'hint', role: 'status', testid: 'tables-loading' },
          h('span', { class: 'spinner', 'aria-hidden': 'true' }),
          ' ',
          t('home.tables.loading'),
        ),
      );
    this.loading = true;
    const answer = await fetchTables(this.ids).finally(() => (this.loading = false));
    if (isFailure(answer)) {
      if (quiet) return; // keep what is shown; the next refresh tries again
      this.draw(
        h('p', { class: 'form-error', role: 'alert', testid: 'tables-error' }, t('home.tables.failed')),
        h('button', { class: 'btn btn-small', type: 'button', testid: 'tables-retry', onclick: () => void this.load() }, t('home.tables.retry')),
      );
      return;
    }
    const byId = new Map(answer.tables.map((x) => [x.roomId, x]));
    // The server's answer in this browser's order (latest visit first); gone tables last.
    const rows = this.ids.filter((id) => byId.has(id) && this.kept(id)).map((id) => this.row(byId.get(id)!));
    const gone = this.ids.filter((id) => answer.missing.includes(id) && this.kept(id)).map((id) => this.goneRow(id));
    this.draw(h('ul', { class: 'table-list' }, rows, gone));
  }

  /** Still remembered (not forgotten from this list meanwhile). */
  private kept(roomId: string): boolean {
    return storage.get(tokenKey(roomId)) !== null;
  }

  private draw(...body: (Node | Node[])[]): void {
    patch(this.el, h('h2', { class: 'card-title', id: 'your-tables-title' }, t('home.tables.title')), body);
  }

  private row(x: TableSummary): HTMLElement {
    const info = gameInfo(x.game);
    const seated = x.seats.filter((s) => s.kind !== 'empty').map((s) => s.name);
    const details = [seated.length ? listNames(seated) : t('home.tables.noOne')];
    if (x.freeSeats > 0) details.push(t('home.tables.freeSeats', { count: x.freeSeats }));
    return h(
      'li',
      { class: 'table-row', testid: `table-${x.roomId}`, dataset: { status: x.status } },
      h('span', { class: 'table-icon', 'aria-hidden': 'true' }, iconEl(info?.icon ?? 'dice', 28)),
      h(
        'span',
        { class: 'table-text' },
        h(
          'span',
          { class: 'table-head' },
          h('span', { class: 'table-game' }, info ? t(`games.${x.game}.name`) : x.game),
          h('span', { class: `status-chip status-${x.status}`, testid: 'table-status' }, t(`room.status.${x.status}`)),
          x.matchNo > 1 ? h('span', { class: 'muted table-match' }, t('home.tables.match', { n: x.matchNo })) : null,
        ),
        h('span', { class: 'table-players', testid: 'table-players' }, details.join(' · ')),
        this.turn(x),
      ),
      h(
        'span',
        { class: 'table-actions' },
        // A finished table may be forgotten too; a running one never from here (it would give the seat up).
        x.status === 'ended' ? this.forgetButton(x.roomId) : null,
        h('button', { class: 'btn btn-primary', type: 'button', testid: 'table-rejoin', onclick: () => navigate(roomPath(x.roomId)) }, t('home.tables.rejoin')),
      ),
    );
  }

  /** Whose turn it is; "your turn" when the game waits for the seat this browser holds there. */
  private turn(x: TableSummary): HTMLElement | null {
    if (x.awaiting.length === 0) return null;
    const seat = Number(storage.get(seatKey(x.roomId)) ?? -1);
    const mine = x.seats[seat]?.kind === 'human' && x.awaiting.includes(x.seats[seat].name);
    return mine
      ? h('span', { class: 'table-turn table-turn-mine', testid: 'table-turn' }, iconEl('pointRight'), ' ', t('home.tables.yourTurn'))
      : h('span', { class: 'table-turn', testid: 'table-turn' }, iconEl('hourglass'), ' ', t('home.tables.waitingFor', { names: listNames(x.awaiting) }));
  }

  private goneRow(roomId: string): HTMLElement {
    return h(
      'li',
      { class: 'table-row table-gone', testid: `table-${roomId}`, dataset: { status: 'gone' } },
      h('span', { class: 'table-icon', 'aria-hidden': 'true' }, iconEl('candle', 28)),
      h('span', { class: 'table-text' }, h('span', { class: 'table-players' }, t('home.tables.gone')), h('span', { class: 'muted table-id' }, roomId)),
      h('span', { class: 'table-actions' }, this.forgetButton(roomId)),
    );
  }

  private forgetButton(roomId: string): HTMLElement {
    const button: HTMLButtonElement = h(
      'button',
      {
        class: 'btn btn-ghost',
        type: 'button',
        testid: 'table-forget',
        onclick: () => {
          forgetRoom(roomId);
          button.closest('li')?.remove();
          if (!this.el.querySelector('.table-row')) this.el.hidden = true;
        },
      },
      t('home.tables.forget'),
    );
    return button;
  }
}
