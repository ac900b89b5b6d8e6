/**
 * The replay of a finished match (`/replay/<matchId>`): the log from the
 * server, every step rebuilt by the game's own engine in the browser
 * (replay-model.ts), drawn by the game's own table. Controls: first, back,
 * play/pause, forward, last, a slider, ←/→, and whose seat the table shows.
 *
 * The tables are made for playing: here they get a session whose sends do
 * nothing, and their canvas and controls take no input, so a replay can
 * never act in a room (it has no connection at all). The snapshots say
 * `replay`, so the tables show no prompt, button or "(you)"; motion is
 * instant (util/motion.ts), so the board always shows the selected step.
 */
import { h, patch, type Children } from '../util/dom.js';
import { lang, t } from '../i18n/index.js';
import { gameInfo } from '../games/catalog.js';
import type { DescribeStep, GameModule, GameTable } from '../games/types.js';
import { setInstantMotion } from '../util/motion.js';
import type { RoomSession } from '../net/session.js';
import type { RoomSnapshot } from '../net/snapshot.js';
import { Emitter } from '../util/emitter.js';
import { roomPath } from '../router.js';
import { exposeForTests } from '../testing.js';
import { fetchLog, ReplayModel } from './replay-model.js';
import { iconEl } from '../art/icons.js';

/** One step per this many ms while playing. */
const PLAY_MS = 800;

/** A session-shaped object that sends nothing (the tables only ever send through it). */
function silentSession(snapshot: RoomSnapshot): RoomSession {
  const nothing = () => {};
  return {
    changed: new Emitter(),
    serverError: new Emitter(),
    connection: new Emitter(),
    memberId: snapshot.me.memberId,
    snapshot,
    status: 'open',
    roomId: snapshot.roomId,
    room: { roomId: snapshot.roomId, state: {}, send: nothing },
    send: nothing,
    intent: nothing,
    ready: async () => {},
    leave: async () => {},
  } as unknown as RoomSession;
}

export class ReplayScreen {
  readonly el = h('main', { class: 'room replay', testid: 'replay' });
  private model: ReplayModel | null = null;
  private game: GameModule | null = null;
  private describeStep: DescribeStep | null = null;
  private table: GameTable | null = null;
  private step = 0;
  private seat = 0;
  private timer = 0;
  private disposed = false;
  private canvasHost = h('div', { class: 'canvas-host replay-canvas', testid: 'canvas-host' });
  private controlsHost = h('section', { class: 'panel controls replay-table-controls', testid: 'controls', inert: true });
  private bar = h('section', { class: 'panel replay-bar', testid: 'replay-bar' });
  private onKey = (e: KeyboardEvent) => this.key(e);

  constructor(readonly matchId: string) {
    this.showStatus('loading');
    setInstantMotion(true);
    void this.load();
    document.addEventListener('keydown', this.onKey);
  }

  dispose(): void {
    this.disposed = true;
    setInstantMotion(false);
    this.pause();
    document.removeEventListener('keydown', this.onKey);
    this.table?.destroy();
    this.table = null;
    exposeForTests({ app: null, table: null });
  }

  relabel(): void {
    if (!this.model) return this.showStatus('loading');
    this.table?.relabel();
    this.drawBar();
  }

  private showStatus(kind: 'loading' | 'not-found' | 'failed', message = ''): void {
    if (kind === 'loading') {
      patch(
        this.el,
        h(
          'div',
          { class: 'loading-card', role: 'status', testid: 'replay-loading' },
          h('span', { class: 'spinner', 'aria-hidden': 'true' }),
          t('replay.loading'),
        ),
      );
      return;
    }
    patch(
      this.el,
      h(
        'div',
        { class: 'card error-card', role: 'alert', testid: kind === 'not-found' ? 'replay-not-found' : 'replay-error' },
        h('div', { class: 'error-icon', 'aria-hidden': 'true' }, iconEl('candle', 48)),
        h('p', null, kind === 'not-found' ? t('replay.notFound') : t('replay.failed', { message })),
        h('div', { class: 'row' }, h('a', { class: 'btn btn-primary', href: '/', 'data-link': true, testid: 'back-home' }, t('errors.backHome'))),
      ),
    );
  }

  private async load(): Promise<void> {
    const log = await fetchLog(this.matchId);
    if (this.disposed) return;
    if ('kind' in log) return this.showStatus(log.kind, log.kind === 'failed' ? log.message : '');
    const info = gameInfo(log.setup.game);
    if (!info) return this.showStatus('failed', log.setup.game);
    try {
      const [engine, game] = await Promise.all([info.engine(), info.load()]);
      const describeStep = await game.loadReplayLabels();
      if (this.disposed) return;
      this.describeStep = describeStep;
      this.model = new ReplayModel(log, engine);
      this.game = game;
      this.step = 0;
      patch(
        this.el,
        this.bar,
        h(
          'div',
          { class: 'room-layout' },
          h('section', { class: 'stage' }, h('div', { class: 'table-frame' }, this.canvasHost)),
          h('aside', { class: 'side' }, this.controlsHost),
        ),
      );
      this.drawBar();
      const snap = this.model.snapshotAt(this.step, this.seat);
      const table = await game.createTable({ canvas: this.canvasHost, controls: this.controlsHost }, silentSession(snap), snap, () => {});
      if (this.disposed) return table.destroy();
      this.table = table;
      exposeForTests({ app: table.app, table, room: null });
      this.show();
    } catch (e) {
      console.error(e);
      if (!this.disposed) this.showStatus('failed', (e as Error).message);
    }
  }

  // ------------------------------------------------------------ stepping

  private go(k: number): void {
    const m = this.model;
    if (!m) return;
    const next = Math.max(0, Math.min(m.last, k));
    if (next === this.step) return;
    this.step = next;
    this.show();
  }

  private show(): void {
    if (!this.model) return;
    this.table?.update(this.model.snapshotAt(this.step, this.seat));
    this.drawBar();
  }

  private play(): void {
    const m = this.model;
    if (!m || this.timer) return;
    if (this.step >= m.last) this.step = 0;
    this.timer = window.setInterval(() => {
      if (!this.model || this.step >= this.model.last) return this.pause();
      this.go(this.step + 1);
    }, PLAY_MS);
    this.show();
  }

  private pause(): void {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = 0;
    this.drawBar();
  }

  private key(e: KeyboardEvent): void {
    // The slider and the seat list handle their own arrow keys.
    const target = e.target as HTMLElement | null;
    if (!this.model || e.altKey || e.ctrlKey || e.metaKey || target?.closest('input, select, textarea')) return;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      this.pause();
      this.go(this.step + (e.key === 'ArrowLeft' ? -1 : 1));
    }
  }

  // ------------------------------------------------------------ the bar

  private stepLabel(): Children {
    const m = this.model!;
    const ev = m.eventAt(this.step);
    if (!ev) return t('replay.setup');
    if (ev.kind === 'expire') return [iconEl('alarm'), ' ', t('replay.timeUp')];
    return (this.describeStep && m.describe(this.step, this.describeStep, t, lang())) ?? m.name(ev.seat);
  }

  private drawBar(): void {
    const m = this.model;
    if (!m) return;
    const info = gameInfo(m.log.setup.game);
    const btn = (testid: string, label: string, text: string, onclick: () => void, disabled: boolean) =>
      h('button', { class: 'btn btn-small', type: 'button', testid, title: label, 'aria-label': label, disabled, onclick }, text);
    const stepTo = (k: number) => () => (this.pause(), this.go(k));
    const atStart = this.step === 0;
    const atEnd = this.step >= m.last;
    patch(
      this.bar,
      h(
        'div',
        { class: 'replay-head' },
        h(
          'h2',
          { class: 'panel-title' },
          info ? [iconEl(info.icon, 22), ' ', `${t(`games.${m.log.setup.game}.name`)} · `] : '',
          t('replay.heading', { n: m.log.setup.matchNo }),
        ),
        h('a', { class: 'btn btn-ghost btn-small', href: roomPath(m.log.setup.roomId), 'data-link': true, testid: 'replay-room' }, t('replay.backToRoom')),
      ),
      h(
        'div',
        { class: 'replay-controls row' },
        // Glyphs every font has (the media-control emoji are missing from many).
        btn('replay-first', t('replay.first'), '|◀', stepTo(0), atStart),
        btn('replay-back', t('replay.back'), '◀', stepTo(this.step - 1), atStart),
        this.timer
          ? btn('replay-pause', t('replay.pause'), `❚❚ ${t('replay.pause')}`, () => this.pause(), false)
          : btn('replay-play', t('replay.play'), `▶ ${t('replay.play')}`, () => this.play(), false),
        btn('replay-forward', t('replay.forward'), '▶', stepTo(this.step + 1), atEnd),
        btn('replay-last', t('replay.last'), '▶|', stepTo(m.last), atEnd),
        h('input', {
          class: 'replay-slider',
          type: 'range',
          min: '0',
          max: String(m.last),
          value: String(this.step),
          testid: 'replay-slider',
          'aria-label': t('replay.step', { k: this.step, n: m.last }),
          oninput: (e: Event) => (this.pause(), this.go(Number((e.target as HTMLInputElement).value))),
        }),
        h(
          'span',
          { class: 'replay-step', testid: 'replay-step', 'data-step': String(this.step), 'data-last': String(m.last) },
          t('replay.step', { k: this.step, n: m.last }),
          ' — ',
          h('strong', { testid: 'replay-event' }, this.stepLabel()),
        ),
      ),
      h(
        'label',
        { class: 'replay-seat row' },
        h('span', { class: 'field-label' }, t('replay.seenBy')),
        h(
          'select',
          {
            class: 'input',
            testid: 'replay-seat',
            onchange: (e: Event) => {
              this.seat = Number((e.target as HTMLSelectElement).value);
              this.show();
            },
          },
          Array.from({ length: m.players }, (_, i) => h('option', { value: String(i), selected: i === this.seat }, m.name(i))),
        ),
        h('span', { class: 'hint' }, t('replay.keys')),
      ),
    );
  }
}
