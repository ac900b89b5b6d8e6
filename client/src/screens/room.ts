/**
 * A room: joining (with the seat token at once, else after a preview of the
 * table), the lobby, the game table, the end screen, the chat beside them,
 * the connection's health, and leaving (a seat in a running match asks first).
 */
import { PromptBar } from './prompt-bar.js';
import { h, patch } from '../util/dom.js';
import { t } from '../i18n/index.js';
import { RoomSession, type ConnectionStatus, type JoinError } from '../net/session.js';
import type { RoomSnapshot } from '../net/snapshot.js';
import { storage, NICKNAME_KEY, forgetRoom, tokenKey } from '../util/storage.js';
import { clearLeaveGuard, navigate, setLeaveGuard } from '../router.js';
import { fetchTable, isFailure } from '../net/tables.js';
import { roomHeaderInfo } from './room-header.js';
import { gameInfo } from '../games/catalog.js';
import type { GameModule, GameTable } from '../games/types.js';
import { Lobby } from '../lobby/lobby.js';
import { ChatPanel } from '../chat/chat.js';
import { PresenceBar } from '../presence/presence-bar.js';
import { exposeForTests } from '../testing.js';
import { EndScreen } from './room-end.js';
import { confirmLeave, disconnectedBanner, loadingCard, reconnectingBanner } from './connection-banner.js';

type Mode = 'none' | 'lobby' | 'play' | 'end';
const entryCards = () => import('./room-entry.js'); // preview, join errors: a chunk a player at a table never needs

export class RoomScreen {
  readonly el: HTMLElement;
  private session: RoomSession | null = null;
  private game: GameModule | null = null;
  private lobby: Lobby | null = null;
  private chat: ChatPanel | null = null;
  private presence: PresenceBar | null = null;
  private table: GameTable | null = null;
  private tableLoading = false;
  private mode: Mode = 'none';
  private banner = h('div', { class: 'banner-area', testid: 'banner-area' });
  private stage = h('section', { class: 'stage', testid: 'stage' });
  private side = h('aside', { class: 'side' });
  private controls = h('section', { class: 'panel controls', testid: 'controls', 'aria-label': 'controls' });
  private canvasHost = h('div', { class: 'canvas-host', testid: 'canvas-host' });
  private tableFrame = h('div', { class: 'table-frame' }, this.canvasHost);
  private endScreen = new EndScreen();
  /** On a phone, the controls' prompt pinned to the screen's bottom while playing (prompt-bar.ts). */
  private promptBar: PromptBar | null = null;
  private endTimer = 0;
  private showEndFor = -1;
  private disposed = false;
  private joining = false;
  private rejoinTimer: ReturnType<typeof setTimeout> | null = null;
  private unsubs: (() => void)[] = [];
  /** Closes an open "leave the match?" question when the screen goes (Back while it is open). */
  private readonly gone = new AbortController();
  /** Draws what is shown before there is a session (preview, error), again after a language change. */
  private entry: (() => HTMLElement) | null = null;

  constructor(
    readonly roomId: string,
    existing: RoomSession | null,
    private setHeaderInfo: (node: Node | null) => void,
  ) {
    this.el = h('main', { class: 'room', testid: 'room' });
    setLeaveGuard(this.guardLeave);
    if (existing) this.attach(existing);
    else this.start();
  }

  get currentSession(): RoomSession | null {
    return this.session;
  }

  /** Leaving the room screen (back to home, another room). The token stays: coming back reclaims the seat. */
  async dispose(): Promise<void> {
    this.disposed = true;
    this.promptBar?.destroy();
    clearLeaveGuard(this.guardLeave);
    this.gone.abort();
    clearTimeout(this.endTimer);
    if (this.rejoinTimer !== null) clearTimeout(this.rejoinTimer);
    this.unsubs.forEach((u) => u());
    this.presence?.destroy();
    this.chat?.destroy();
    this.table?.destroy();
    this.table = null;
    exposeForTests({ app: null, room: null, table: null });
    await this.session?.leave();
  }

  relabel(): void {
    if (!this.session) {
      if (!this.joining && this.entry) this.showEntry(this.entry);
      return;
    }
    this.chat?.relabel();
    this.presence?.relabel();
    this.table?.relabel();
    if (this.session.snapshot) this.render(this.session.snapshot, true);
  }

  // ------------------------------------------------------------ joining

  /** With a token for this room, rejoin at once (the seat comes back); without one, show the table first. */
  private start(): void {
    if (storage.get(tokenKey(this.roomId))) void this.join(storage.get(NICKNAME_KEY) ?? '');
    else void this.preview();
  }

  private showEntry(draw: () => HTMLElement): void {
    this.entry = draw;
    patch(this.el, draw());
  }

  /** The invite preview: a link to a table that is gone says so before asking for anything. */
  private async preview(): Promise<void> {
    patch(this.el, loadingCard(t('room.preview.loading'), 'preview-loading'));
    const [look, { previewCard, chosenSeat }] = await Promise.all([fetchTable(this.roomId), entryCards()]);
    if (this.disposed || this.session) return;
    if (isFailure(look) && look.kind === 'gone') return this.showJoinError({ kind: 'not-found', message: '' }, '');
    this.showEntry(() =>
      previewCard({
        table: isFailure(look) ? null : look,
        failure: isFailure(look) && look.kind === 'failed' ? look.message : undefined,
        // A re-render (language change) keeps what was typed.
        name: this.el.querySelector<HTMLInputElement>('#join-name')?.value ?? storage.get(NICKNAME_KEY) ?? '',
        seat: chosenSeat(this.el),
        onSubmit: (name, seat) => {
          storage.set(NICKNAME_KEY, name);
          void this.join(name, seat);
        },
      }),
    );
  }

  private async join(name: string, seat?: Parameters<typeof RoomSession.join>[2]): Promise<void> {
    if (this.joining) return;
    this.joining = true;
    patch(this.el, loadingCard(t('room.joining')));
    try {
      const session = await RoomSession.join(this.roomId, name, seat);
      if (this.disposed) return void (await session.leave());
      this.entry = null;
      this.attach(session);
      if (session.seating?.why) void entryCards().then((c) => c.announceSeating(session.seating));
    } catch (err) {
      if (this.disposed) return;
      this.showJoinError(err as JoinError, name);
    } finally {
      this.joining = false;
    }
  }

  private showJoinError(err: Pick<JoinError, 'kind' | 'message'>, name: string): void {
    if (err.kind === 'not-found') forgetRoom(this.roomId);
    void entryCards().then(({ joinErrorCard }) => this.disposed || this.showEntry(() => joinErrorCard(err, () => void this.join(name))));
  }

  private attach(session: RoomSession): void {
    this.session = session;
    exposeForTests({ room: session.room, viewJson: () => (session.snapshot?.view ? JSON.stringify(session.snapshot.view) : '') });
    this.chat = new ChatPanel((text) => session.send('chat', { text }));
    this.presence = new PresenceBar({
      standIn: (seat, on) => session.send('standIn', { seat, on }),
      remove: (memberId) => session.send('remove', { memberId }),
    });
    patch(this.el, this.banner, h('div', { class: 'room-layout' }, this.stage, this.side));
    this.unsubs.push(
      session.changed.on((snap) => this.render(snap)),
      session.serverError.on((e) => e.type !== 'shown' && this.chat?.refused(e)), // `shown` of a step just over: nothing to tell
      session.connection.on((status) => this.onConnection(status)),
    );
    if (session.snapshot) this.render(session.snapshot);
  }

  // ------------------------------------------------------------ rendering

  private render(snap: RoomSnapshot, force = false): void {
    if (this.disposed) return;
    this.ensureGame(snap);
    this.chat?.update(snap);
    this.setHeaderInfo(roomHeaderInfo(snap, () => this.leave()));

    let mode: Mode = snap.status === 'lobby' ? 'lobby' : snap.status === 'playing' ? 'play' : 'end';
    if (mode === 'end') {
      // Let the last reveal play out on the table before the results (whose code loads meanwhile).
      if (this.showEndFor !== snap.matchNo) {
        void this.game?.loadEnd();
        if (this.table && !this.endTimer) this.endTimer = window.setTimeout(() => this.showEndUnlessHeld(), 3500);
        if (this.table) mode = 'play';
        else this.showEndFor = snap.matchNo;
      }
    } else {
      clearTimeout(this.endTimer);
      this.endTimer = 0;
    }
    if (!this.game) mode = snap.status === 'lobby' ? 'lobby' : 'none';

    if (mode !== this.mode || force) this.layoutFor(mode);
    this.mode = mode;

    if (mode === 'lobby') {
      this.lobby ??= new Lobby(this.session!, this.game);
      if (this.game) this.lobby.setGame(this.game);
      this.lobby.update(snap);
    }
    if (mode === 'play') {
      this.presence?.update(snap);
      void this.updateTable(snap).then(() => this.table && this.session?.tableDrawn(this.session.snapshot ?? snap));
    }
    if (mode === 'end') this.renderEnd(snap);
  }

  /** The last reveal has played out; the table may still hold the results behind its last round's summary (it calls showEnd). */
  private showEndUnlessHeld(): void {
    this.endTimer = 0;
    if (this.table?.holdsResults) return;
    this.showEnd();
  }

  private showEnd(): void {
    this.endTimer = 0;
    const snap = this.session?.snapshot;
    if (!snap || snap.status !== 'ended') return;
    this.showEndFor = snap.matchNo;
    this.render(snap);
  }

  private ensureGame(snap: RoomSnapshot): void {
    if (this.game || !snap.game) return;
    const info = gameInfo(snap.game);
    if (!info) return;
    void info.load().then((g) => {
      this.game = g;
      g.preloadTable?.();
      const s = this.session?.snapshot;
      if (s) this.render(s, true);
    });
  }

  // ------------------------------------------------------------ leaving

  /** Leaving now would hand this member's seat in a running match to a stand-in bot until they come back. */
  get holdsSeatInMatch(): boolean {
    const snap = this.session?.snapshot;
    return !this.disposed && snap?.status === 'playing' && snap.me.seat >= 0;
  }

  /** The router asks before an in-app link leaves the room; a seat in a running match asks the player first. */
  private readonly guardLeave = (go: () => void): boolean => {
    if (!this.holdsSeatInMatch) return false;
    void confirmLeave(this.gone.signal).then((yes) => yes && !this.disposed && go());
    return true;
  };

  /** Home (`to`: another page of it, e.g. the create form with a game chosen), past the leave guard of a running match. */
  private leave(to = '/'): void {
    const go = () => navigate(to);
    if (!this.guardLeave(go)) go();
  }

  private layoutFor(mode: Mode): void {
    this.el.dataset.mode = mode;
    if (mode === 'play' && !this.promptBar) {
      this.promptBar = new PromptBar(this.controls);
      this.el.append(this.promptBar.el);
      // The match starts at the top of the page (a phone scrolled down to the lobby's Start would begin below the board).
      window.scrollTo(0, 0);
    } else if (mode !== 'play') {
      this.promptBar?.destroy();
      this.promptBar = null;
    }
    if (mode !== 'play' && this.table) {
      this.table.destroy();
      this.table = null;
      exposeForTests({ app: null, table: null });
    }
    if (mode !== 'lobby') this.lobby = null;
    const chatEl = this.chat ? this.chat.el : null;
    if (mode === 'lobby' && this.session) {
      this.lobby = new Lobby(this.session, this.game);
      patch(this.stage, this.lobby.el);
      patch(this.side, chatEl);
    } else if (mode === 'play') {
      patch(this.stage, this.tableFrame);
      patch(this.side, this.presence?.el, this.controls, chatEl);
    } else if (mode === 'end') {
      patch(this.side, chatEl);
    } else {
      patch(this.stage, h('div', { class: 'loading-card', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), t('room.joining')));
      patch(this.side, chatEl);
    }
  }

  private async updateTable(snap: RoomSnapshot): Promise<void> {
    if (this.table) {
      this.table.update(snap);
      return;
    }
    if (this.tableLoading || !this.game || !this.session) return;
    this.tableLoading = true;
    try {
      const table = await this.game.createTable({ canvas: this.canvasHost, controls: this.controls, frame: this.tableFrame }, this.session, snap, () =>
        this.showEnd(),
      );
      if (this.disposed || this.mode !== 'play') {
        table.destroy();
        return;
      }
      this.table = table;
      exposeForTests({ app: table.app, table });
      const latest = this.session.snapshot;
      if (latest) table.update(latest);
    } catch (err) {
      console.error(err);
      patch(this.stage, h('div', { class: 'card error-card', role: 'alert' }, t('errors.generic', { message: (err as Error).message })));
    } finally {
      this.tableLoading = false;
    }
  }

  private renderEnd(snap: RoomSnapshot): void {
    patch(
      this.stage,
      this.endScreen.render(snap, this.game, {
        again: () => this.session?.send('again'),
        leave: (to) => this.leave(to),
        redraw: () => !this.disposed && this.mode === 'end' && this.session?.snapshot && this.renderEnd(this.session.snapshot),
      }),
    );
  }

  // ------------------------------------------------------------ events

  private onConnection(status: ConnectionStatus): void {
    if (this.disposed) return;
    if (status === 'open') patch(this.banner);
    else if (status === 'reconnecting') patch(this.banner, reconnectingBanner(t('errors.reconnecting')));
    else if (status === 'restarting' || status === 'closed') {
      // The server restarted (or the room was unloaded): the room comes back
      // from the store under the same id, and our token takes our seat back.
      patch(this.banner, reconnectingBanner(status === 'restarting' ? t('errors.restarting') : t('errors.reconnecting')));
      this.scheduleRejoin(0);
    } else if (status === 'kicked') {
      // The host removed us: the table is no longer ours to show; joining again makes us a newcomer.
      this.teardown();
      this.showJoinError({ kind: 'kicked', message: '' }, storage.get(NICKNAME_KEY) ?? '');
    } else
      patch(
        this.banner,
        disconnectedBanner(status, () => this.rejoin()),
      );
  }

  /** Tries again and again (0.5 s, 1 s, 2 s … at most 5 s apart) until the room answers, with no click. */
  private scheduleRejoin(attempt: number): void {
    if (this.rejoinTimer !== null) return;
    const delay = Math.min(500 * 2 ** attempt, 5000);
    this.rejoinTimer = setTimeout(() => {
      this.rejoinTimer = null;
      void this.autoRejoin(attempt);
    }, delay);
  }

  private async autoRejoin(attempt: number): Promise<void> {
    if (this.disposed) return;
    try {
      const session = await RoomSession.join(this.roomId, storage.get(NICKNAME_KEY) ?? '');
      if (this.disposed) return void (await session.leave());
      this.teardown();
      this.attach(session);
      patch(this.banner);
    } catch (err) {
      if (this.disposed) return;
      // While the old server shuts down it may still answer "locked" or "not found": keep trying for a while.
      if ((err as JoinError).kind === 'not-found' && attempt >= 8) {
        this.teardown();
        this.showJoinError(err as JoinError, storage.get(NICKNAME_KEY) ?? '');
      } else this.scheduleRejoin(attempt + 1);
    }
  }

  /** Forgets the current session and table (before a rejoin). */
  private teardown(): void {
    this.unsubs.forEach((u) => u());
    this.unsubs = [];
    this.presence?.destroy(); // its ticker, and the tab's "your turn" title
    this.chat?.destroy();
    void this.session?.leave();
    this.table?.destroy();
    this.table = null;
    this.lobby = null;
    this.mode = 'none';
    this.session = null;
  }

  private rejoin(): void {
    this.teardown();
    patch(this.banner);
    this.start();
  }
}
