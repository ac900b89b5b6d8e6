/**
 * What every table's Pixi scene shares: the Application (WebGL preferred, the
 * same canvas attributes the tests and screen readers rely on), drawing on
 * demand, following the host's width, and tearing it all down. Each game's
 * scene extends OnDemandScene and keeps its own layers, drawing and input.
 */
import { Application, Container, Text, type TextStyleOptions } from 'pixi.js';
// Pointer events on the canvas. Pixi's default set (manageImports) also brings the
// accessibility overlay, DOM containers and filters, which no table uses: ~8 KB gzip
// of the table page's budget (issue 10).
import 'pixi.js/events';
// Shader and uniform code without \`new Function\`: the server's Content-Security-Policy
// allows no eval (server/src/http/security-headers.ts), and Pixi refuses to start without either.
import 'pixi.js/unsafe-eval';
import { Tweens, easeOutBack } from './tween.js';
import { Timeline } from './timeline.js';
import { instantMotion } from '../../util/motion.js';
import { loadAtlasTexture } from '../../art/sprites.js';

export const TABLE_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK JP", "Hiragino Sans", sans-serif';
/** The default ink of table texts (every game's palette calls it `cream`). */
const CREAM = 0xfff4e2;

/** Players who ask for less motion get instant moves: no flights, flips or floating captions; so do replays (util/motion.ts). */
export function reducedMotion(): boolean {
  return instantMotion() || (typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches);
}

/** A text on the table, placed on whole pixels (crisper) by its anchor. */
export function tableText(parent: Container, str: string, style: TextStyleOptions, x: number, y: number, anchorX = 0, anchorY = 0): Text {
  const tx = new Text({ text: str, style: { fontFamily: TABLE_FONT, fill: CREAM, ...style } });
  tx.anchor.set(anchorX, anchorY);
  tx.position.set(Math.round(x), Math.round(y));
  parent.addChild(tx);
  return tx;
}

/**
 * The `label` of a text that fitText had to cut: the browser tests look for it
 * (a translation that ends with "…" of its own, like "thinking…", is no cut).
 */
export const ELLIPSIZED = 'ellipsized';

/** Shorten a text (with an ellipsis) until it is at most `max` pixels wide. */
export function fitText(tx: Text, max: number, full: string = tx.text): Text {
  if (tx.width <= max) return tx;
  tx.label = ELLIPSIZED;
  const chars = [...full];
  let lo = 1;
  let hi = chars.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    tx.text = chars.slice(0, mid).join('') + '…';
    if (tx.width <= max) lo = mid;
    else hi = mid - 1;
  }
  tx.text = chars.slice(0, lo).join('') + '…';
  return tx;
}

/**
 * Make a text at most `max` pixels wide: first a smaller font, down to
 * `minSize`, and only then an ellipsis — a long French or Japanese line
 * keeps its words where it can.
 */
export function shrinkToFit(tx: Text, max: number, minSize: number): Text {
  let size = Number(tx.style.fontSize);
  while (tx.width > max && size > minSize) {
    size = Math.max(minSize, size - 1);
    tx.style.fontSize = size;
  }
  return fitText(tx, max);
}

/**
 * Make a text fit a `maxW` × `maxH` box: on one line with a smaller font down
 * to `minSize` first, then broken at spaces onto more lines (from its own
 * size down), and only then cut with an ellipsis. For sentences that run long
 * in French, like an event caption.
 */
export function wrapToFit(tx: Text, maxW: number, maxH: number, minSize: number): Text {
  const size0 = Number(tx.style.fontSize);
  for (let size = size0; tx.width > maxW && size > minSize;) {
    size = Math.max(minSize, size - 1);
    tx.style.fontSize = size;
  }
  if (tx.width <= maxW) return tx;
  tx.style.wordWrap = true;
  tx.style.wordWrapWidth = maxW;
  for (let size = size0; size >= minSize; size--) {
    tx.style.fontSize = size;
    tx.style.lineHeight = Math.round(size * 1.2);
    if (tx.width <= maxW && tx.height <= maxH) return tx;
  }
  tx.style.wordWrap = false;
  return fitText(tx, maxW);
}

/**
 * Cards turning face up together: scale.x grows from almost nothing, with a
 * little overshoot, over 450 ms since the flip began. True once it is over.
 */
export function flipFaceUp(targets: readonly Container[], elapsed: number): boolean {
  const k = Math.min(1, elapsed / 450);
  const s = easeOutBack(k);
  for (const target of targets) if (!target.destroyed) target.scale.x = Math.max(0.02, s);
  return k >= 1;
}

/** The canvas fills its host's width, but never gets narrower than this. */
const MIN_WIDTH = 300;
/** However short the window, a table may be this tall (the page scrolls). */
const MIN_HEIGHT_BUDGET = 420;

export interface TableAppOptions {
  /** The first height: each scene sets its own from its layout on the first update. */
  height: number;
  background: number;
  antialias: boolean;
}

/** A Pixi Application for a table, its canvas appended to `host`; `width` is the canvas width it starts with. */
export async function createTableApp(host: HTMLElement, opts: TableAppOptions): Promise<{ app: Application; width: number }> {
  const app = new Application();
  const width = Math.max(MIN_WIDTH, Math.floor(host.clientWidth || 800));
  // The art atlas loads while the renderer starts: a scene never draws a card before its picture is there.
  const atlas = loadAtlasTexture();
  await app.init({
    preference: 'webgl',
    manageImports: false,
    width,
    height: opts.height,
    background: opts.background,
    antialias: opts.antialias,
    autoDensity: true,
    resolution: Math.min(2, window.devicePixelRatio || 1),
    preserveDrawingBuffer: false,
    // Render on demand (see requestRender): an idle table costs no CPU, which matters on phones.
    autoStart: false,
    sharedTicker: false,
  });
  await atlas;
  // Let the page scroll on phones when a finger moves over the table.
  app.renderer.events.autoPreventDefault = false;
  const canvas = app.canvas as HTMLCanvasElement;
  canvas.setAttribute('role', 'img');
  canvas.dataset.testid = 'table-canvas';
  canvas.style.touchAction = 'pan-y';
  host.append(canvas);
  return { app, width };
}

/**
 * Resize the scene when its host changes size, at most once an animation
 * frame (a window being dragged wider fires many observations). Disconnect the
 * returned observer when the table goes.
 */
export function followHostSize(host: HTMLElement, resize: () => void): ResizeObserver {
  let pending = 0;
  const observer = new ResizeObserver(() => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(resize);
  });
  observer.observe(host);
  return observer;
}

/**
 * A table scene drawn on demand: nothing runs while the table is idle; a
 * change calls requestRender, and frames keep coming only while tweens run,
 * beats are on the timeline, or the scene says it is `animating`.
 */
export abstract class OnDemandScene {
  readonly app: Application;
  /** Everything the scene draws hangs below this. */
  protected readonly root = new Container();
  protected readonly tweens = new Tweens();
  /** The scene's animations that come one after another (timeline.ts), on the same clock as the tweens. */
  protected readonly timeline = new Timeline(this.tweens, () => this.requestRender());
  /** The canvas width the layout is computed for. */
  protected width: number;
  /**
   * The tallest the canvas may be and still fit in the window below its own
   * top (see fitHeight); a layout that can shrink its board uses it.
   */
  protected heightBudget: number;
  protected destroyed = false;
  /** Animation time in ms: it advances only while frames are drawn. */
  protected clock = 0;
  private frame = 0;
  private lastFrame = 0;

  constructor(
    app: Application,
    protected readonly host: HTMLElement,
    width: number,
  ) {
    this.app = app;
    this.width = width;
    this.heightBudget = this.fitHeight();
    app.stage.addChild(this.root);
    // The host's ResizeObserver sees widths; the window's height matters too.
    window.addEventListener('resize', this.onWindowResize);
  }

  /** Is an animation queued or running on the timeline (tests and the round summary wait for the table to settle)? */
  get busy(): boolean {
    return this.timeline.busy;
  }

  destroy(): void {
    this.destroyed = true;
    this.timeline.flush();
    window.removeEventListener('resize', this.onWindowResize);
    cancelAnimationFrame(this.frame);
    this.beforeDestroy();
    this.app.destroy(true, { children: true, texture: true });
  }

  /** The container or the window changed size. */
  resize(): void {
    const w = Math.max(MIN_WIDTH, Math.floor(this.host.clientWidth));
    const h = this.fitHeight();
    if (w === this.width && h === this.heightBudget) return;
    this.width = w;
    this.heightBudget = h;
    this.relayout();
  }

  private onWindowResize = (): void => {
    cancelAnimationFrame(this.resizeFrame);
    this.resizeFrame = requestAnimationFrame(() => this.resize());
  };
  private resizeFrame = 0;

  /**
   * The window's height less the canvas's distance from the top of the page
   * (at most a third of the window: below that, the page scrolls to it), so
   * that a board drawn within it is seen whole from the first screen.
   */
  private fitHeight(): number {
    const top = this.host.getBoundingClientRect().top + window.scrollY;
    return Math.max(MIN_HEIGHT_BUDGET, Math.floor(window.innerHeight - Math.min(Math.max(0, top), window.innerHeight / 3) - 16));
  }

  /** Redraw everything for the new `width`. */
  protected abstract relayout(): void;

  /** Let go of what lives outside the canvas (e.g. a drag in progress) before the Application goes. */
  protected beforeDestroy(): void {}

  /** Advance the scene's own time-based effects by `dt` ms (after the clock and the tweens). */
  protected animate(_dt: number): void {}

  /** Something besides the tweens is moving: keep drawing frames. */
  protected get animating(): boolean {
    return false;
  }

  /** Draw on the next animation frame; keep drawing while something moves. */
  protected requestRender(): void {
    if (!this.frame && !this.destroyed) this.frame = requestAnimationFrame(this.loop);
  }

  private loop = (now: number): void => {
    this.frame = 0;
    if (this.destroyed) return;
    const dt = this.lastFrame ? Math.min(100, now - this.lastFrame) : 16;
    this.lastFrame = now;
    this.clock += dt;
    this.tweens.tick(dt);
    this.animate(dt);
    this.app.render();
    if (this.tweens.busy || this.timeline.busy || this.animating) this.requestRender();
    else this.lastFrame = 0;
  };
}
