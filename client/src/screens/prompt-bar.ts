/**
 * The prompt, pinned to the bottom of a narrow screen (BGA's "You must …"
 * bar). On a phone the table's controls sit below the board, a screen or
 * more down the page: this bar always says what the game waits for — the
 * phase and the current prompt of the controls — and, when the move is the
 * player's own, takes them to the controls in one tap. It hides while the
 * controls themselves are in view, and on wide screens (screens/room.css, ui/narrow-screens.css).
 *
 * It reads what every game's controls already render (controls.ts of each
 * game): the `phase-title` heading, and in the `phase-<name>` container its
 * first prompt (a `.lead` line or a `.sub` heading) and its buttons.
 */
import { t } from '../i18n/index.js';
import { h } from '../util/dom.js';

export class PromptBar {
  readonly el: HTMLElement;
  private readonly title = h('span', { class: 'prompt-bar-title', testid: 'prompt-bar-title' });
  private readonly text = h('span', { class: 'prompt-bar-text', testid: 'prompt-bar-text' });
  private readonly go: HTMLButtonElement;
  private readonly mutations: MutationObserver;
  private readonly visibility: IntersectionObserver;
  /** The width below which ui/narrow-screens.css pins the controls to the bottom of the screen. */
  private readonly pinned = matchMedia('(max-width: 900px)');
  private controlsInView = false;

  constructor(private readonly controls: HTMLElement) {
    this.go = h('button', { class: 'btn btn-small prompt-bar-go', type: 'button', testid: 'prompt-bar-go', onclick: () => this.showControls() });
    this.el = h(
      'div',
      { class: 'prompt-bar', testid: 'prompt-bar', role: 'status', 'aria-live': 'polite' },
      h('div', { class: 'prompt-bar-words' }, this.title, this.text),
      this.go,
    );
    this.mutations = new MutationObserver(() => this.refresh());
    this.mutations.observe(controls, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['disabled'] });
    this.visibility = new IntersectionObserver((entries) => {
      for (const e of entries) this.controlsInView = e.isIntersecting;
      this.refresh();
    });
    this.visibility.observe(controls);
    this.pinned.addEventListener('change', this.onPinnedChange);
    this.refresh();
  }

  destroy(): void {
    this.mutations.disconnect();
    this.visibility.disconnect();
    this.pinned.removeEventListener('change', this.onPinnedChange);
    this.el.remove();
  }

  private refresh(): void {
    const heading = this.controls.querySelector('[data-testid="phase-title"]');
    const phase = this.phase();
    const lead = phase?.querySelector('.lead, .sub') ?? null;
    const yourMove = !!phase?.querySelector('button:not([disabled])');
    this.title.textContent = heading?.textContent ?? '';
    this.text.textContent = lead?.textContent ?? this.controls.querySelector('[data-testid="deciding"]')?.textContent ?? '';
    this.go.textContent = yourMove ? t('room.promptBar.yourMove') : t('room.promptBar.show');
    this.el.classList.toggle('prompt-bar-yours', yourMove);
    this.el.hidden = !heading || this.controlsInView;
    const step = `${phase?.getAttribute('data-testid') ?? ''}:${heading?.textContent ?? ''}`;
    if (yourMove && phase && (!this.wasYours || step !== this.lastStep)) this.openAtMove(phase);
    this.wasYours = yourMove;
    this.lastStep = step;
  }

  /** The game's controls of the current phase (`phase-<name>`, not the heading). */
  private phase(): HTMLElement | null {
    return this.controls.querySelector<HTMLElement>('[data-testid^="phase-"]:not([data-testid="phase-title"])');
  }

  private wasYours = false;
  private lastStep = '';

  /** A phone turned sideways and back, a window made narrow: the controls just got pinned, open them at the move. */
  private readonly onPinnedChange = (): void => {
    const phase = this.phase();
    if (this.wasYours && phase) requestAnimationFrame(() => this.openAtMove(phase));
  };

  /**
   * On a narrow screen the controls are pinned to the bottom and scroll inside
   * (ui/narrow-screens.css): when a move becomes the player's, they open at the move
   * itself (its prompt and its buttons), not at the round's heading above it.
   */
  private openAtMove(phase: HTMLElement): void {
    const c = this.controls;
    if (getComputedStyle(c).position !== 'fixed' || c.scrollHeight <= c.clientHeight) return;
    c.scrollTop = phase.getBoundingClientRect().top - c.getBoundingClientRect().top + c.scrollTop - 6;
  }

  private showControls(): void {
    const phase = this.phase() ?? this.controls;
    phase.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }
}
