/**
 * The end of a round (Gift Trap, Santa) or of an act (Wind City), told in one
 * card over the table: what happened and who scored. It stays until the
 * player continues or a few seconds pass (the countdown pauses while the
 * pointer or the keyboard focus is on the card, and stops once it is touched
 * or clicked, so a reader is never cut off).
 * The last round's summary comes before the end screen: the room waits for it
 * (`RoundSummaries.holdsResults`).
 *
 * Each game only says *what* to show (`SummaryContent`, from its public view);
 * when to show it is decided here, once for the three games.
 */
import { h } from '../../util/dom.js';
import { t } from '../../i18n/index.js';

export interface SummaryContent {
  /** Identifies the round or act (e.g. `3:r2`): each one is shown once. */
  key: string;
  title: string;
  body: HTMLElement;
  /** The match's last round: closing it shows the results. */
  final: boolean;
}

/** How long a summary stays if nobody continues. */
export const SUMMARY_MS = 9000;
export const FINAL_SUMMARY_MS = 12000;
/** A summary waits for the board's animations at most this long (a backlog of bots' moves can take minutes). */
export const MAX_WAIT_MS = 4000;

export class RoundSummaries {
  readonly el: HTMLElement;
  private shownKey: string | null = null;
  private open: SummaryContent | null = null;
  private first = true;
  private timer = 0;
  private left = 0;
  private lastTick = 0;
  private paused = false;
  /** The card was touched or clicked: no countdown for it. */
  private held = false;
  private bar: HTMLElement | null = null;
  /** The open card's parts that a refresh changes. */
  private parts: { title: HTMLElement; body: HTMLElement; go: HTMLElement } | null = null;
  /** A summary waiting for the board's animations to end. */
  private pending: SummaryContent | null = null;
  private busy: () => boolean = () => false;
  private pendingSince = 0;

  /**
   * @param host where the card goes (the table's frame, over the canvas)
   * @param onFinalClosed called when the last round's summary closes (show the results)
   */
  constructor(
    host: HTMLElement,
    private onFinalClosed: () => void,
  ) {
    this.el = h('div', { class: 'round-summary-layer', hidden: true });
    this.el.addEventListener('pointerenter', () => (this.paused = true));
    this.el.addEventListener('pointerleave', () => (this.paused = false));
    this.el.addEventListener('focusin', () => (this.paused = true));
    this.el.addEventListener('focusout', () => (this.paused = false));
    // A touch screen has no hover: a tap on the card keeps it until Continue (so does a click).
    this.el.addEventListener('pointerdown', () => (this.held = true));
    this.el.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') this.close();
    });
    host.append(this.el);
  }

  /** The last round's summary is up: the results wait for it. */
  get holdsResults(): boolean {
    return this.final;
  }

  /**
   * Called on every state update with what the state would summarize (null
   * when it is mid-round). A summary shows when its round ends while the table
   * is watched; a table opened after that (a reload, a late spectator) starts
   * quietly: the round is in the log already.
   */
  offer(content: SummaryContent | null, busy: () => boolean = () => false): void {
    const first = this.first;
    this.first = false;
    if (!content) return;
    if (content.key === this.shownKey) {
      // Same round, newer state (a chat line, a language change): refresh the text.
      if (this.pending) this.pending = content;
      else if (this.open?.key === content.key) this.render(content);
      return;
    }
    this.shownKey = content.key;
    if (first) return;
    this.busy = busy;
    if (!this.timer) this.startTicking();
    // The round's last move is still being animated on the board: let it land
    // first (the card of the round before stays up meanwhile).
    if (busy()) {
      if (!this.pending) this.pendingSince = performance.now();
      this.pending = content;
    } else {
      this.pending = null;
      this.show(content);
    }
  }

  /** Close the card (Continue, Escape, or the countdown); a summary waiting for the board still comes. */
  close(): void {
    const was = this.open;
    this.open = null;
    this.el.hidden = true;
    this.el.replaceChildren();
    this.parts = null;
    if (!this.pending) {
      clearInterval(this.timer);
      this.timer = 0;
    }
    if (was?.final) this.onFinalClosed();
  }

  destroy(): void {
    clearInterval(this.timer);
    this.el.remove();
  }

  /** The last round's summary is up or about to be. */
  private get final(): boolean {
    return !!(this.open?.final || this.pending?.final);
  }

  private startTicking(): void {
    this.lastTick = performance.now();
    clearInterval(this.timer);
    this.timer = window.setInterval(() => this.tick(), 100);
  }

  private show(content: SummaryContent): void {
    this.left = content.final ? FINAL_SUMMARY_MS : SUMMARY_MS;
    this.held = false;
    this.parts = null; // another round: a card of its own
    this.render(content);
    this.el.hidden = false;
    // No pointerleave comes when a card is hidden under the pointer (Continue): ask again.
    this.paused = this.el.matches(':hover') || this.el.contains(document.activeElement);
  }

  /**
   * Draw the card, or refresh the one up (same round, newer text) in place: the
   * Continue button is never replaced under a pointer about to click it.
   */
  private render(content: SummaryContent): void {
    this.open = content;
    const card = this.el.firstElementChild as HTMLElement | null;
    if (card && this.parts) {
      this.parts.title.textContent = content.title;
      this.parts.body.replaceWith(content.body);
      this.parts.body = content.body;
      this.parts.go.textContent = this.continueLabel(content);
      card.dataset.key = content.key;
      card.dataset.final = String(content.final);
      return;
    }
    const total = content.final ? FINAL_SUMMARY_MS : SUMMARY_MS;
    this.bar = h('div', { class: 'round-summary-bar', style: { transform: `scaleX(${this.left / total})` } });
    const title = h('h2', { class: 'round-summary-title', id: 'round-summary-title' }, content.title);
    const go = h(
      'button',
      { class: 'btn btn-primary', type: 'button', testid: 'round-summary-continue', onclick: () => this.close() },
      this.continueLabel(content),
    );
    this.parts = { title, body: content.body, go };
    this.el.replaceChildren(
      h(
        'section',
        {
          class: 'round-summary',
          role: 'dialog',
          'aria-modal': 'false',
          'aria-labelledby': 'round-summary-title',
          testid: 'round-summary',
          dataset: { key: content.key, final: String(content.final) },
        },
        // The text scrolls inside the card when it is taller than the table; the
        // countdown bar stays outside the scroller, along the card's bottom edge.
        h('div', { class: 'round-summary-scroll' }, title, content.body, h('div', { class: 'round-summary-foot' }, go)),
        this.bar,
      ),
    );
  }

  private continueLabel(content: SummaryContent): string {
    return t(content.final ? 'game.summary.results' : 'game.summary.continue');
  }

  private tick(): void {
    const now = performance.now();
    const dt = now - this.lastTick;
    this.lastTick = now;
    if (this.pending && (!this.busy() || now - this.pendingSince > MAX_WAIT_MS)) {
      const content = this.pending;
      this.pending = null;
      this.show(content);
      return;
    }
    if (this.paused || this.held || !this.open) return;
    this.left -= dt;
    const total = this.open.final ? FINAL_SUMMARY_MS : SUMMARY_MS;
    if (this.bar) this.bar.style.transform = `scaleX(${Math.max(0, this.left / total)})`;
    if (this.left <= 0) this.close();
  }
}
