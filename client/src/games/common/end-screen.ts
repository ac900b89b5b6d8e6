/**
 * Pieces every game's end screen is built from: the seat names, the winners
 * line, the players' colour dots and legend, the link to the match's replay,
 * and SVG line charts with one
 * line per player over the rounds or turns (the replay link is in replay-link.ts). Each game's end.ts decides what
 * goes in its table and charts.
 */
import { h, type Children } from '../../util/dom.js';
import { t, listNames } from '../../i18n/index.js';
import type { RoomSnapshot } from '../../net/snapshot.js';
import { playerColor } from '../colors.js';
import { niceStep } from './chart-steps.js';
import { iconEl } from '../../art/icons.js';

export { niceStep };

/** Each seat's name (an empty seat's number stands in for it). */
export function seatNames(snap: RoomSnapshot, players: number): string[] {
  return Array.from({ length: players }, (_, i) => snap.seats[i]?.name || `#${i + 1}`);
}

export function winnersLine(names: string[], winners: number[]): HTMLElement {
  return h(
    'p',
    { class: 'winners big', testid: 'end-winners' },
    iconEl('trophy', 26),
    ' ',
    t('game.winner', { count: winners.length, names: listNames(winners.map((w) => names[w])) }),
  );
}

/** A dot in the player's colour, before their name. */
export function playerDot(seat: number): HTMLElement {
  return h('span', { class: 'pdot', style: { background: playerColor(seat) } });
}

/** Which colour is whom, under the charts. */
export function legend(names: string[], label: (name: string, seat: number) => Children = (name) => name): HTMLElement {
  return h(
    'ul',
    { class: 'legend' },
    names.map((n, i) => h('li', null, playerDot(i), label(n, i))),
  );
}

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element (h() makes HTML ones). */
export function svgEl<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
  ...children: (SVGElement | string)[]
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c);
  return el;
}

/** A value axis for all the series: from 0 (or below, for negative values) up to at least 5, on whole steps. */
export function valueAxis(series: number[][], steps: readonly number[]): { min: number; max: number; step: number } {
  const all = series.flat();
  const lo = Math.min(0, ...all);
  const hiRaw = Math.max(5, ...all);
  const step = niceStep(hiRaw - lo, steps);
  return { min: Math.floor(lo / step) * step, max: Math.ceil(hiRaw / step) * step, step };
}

/** Offsets a player's line a little, so that lines with equal values all stay visible. */
export function jitter(seat: number, players: number, spread: number): number {
  return (seat - (players - 1) / 2) * spread;
}

export interface ChartBox {
  W: number;
  H: number;
  /** Margins for the axis labels. */
  m: { l: number; r: number; t: number; b: number };
}

/** A line chart being drawn: x from 0 to `xMax`, y from `yMin` to `yMax`. */
export class LineChart {
  readonly svg: SVGSVGElement;

  constructor(
    private box: ChartBox,
    private xMax: number,
    private yMin: number,
    private yMax: number,
    label: string,
  ) {
    this.svg = svgEl('svg', { viewBox: `0 0 ${box.W} ${box.H}`, class: 'chart', role: 'img', 'aria-label': label });
  }

  x(v: number): number {
    const { W, m } = this.box;
    return m.l + (v / this.xMax) * (W - m.l - m.r);
  }

  y(v: number): number {
    const { H, m } = this.box;
    return H - m.b - ((v - this.yMin) / (this.yMax - this.yMin || 1)) * (H - m.t - m.b);
  }

  /** A horizontal grid line at value `v`, labelled on the left. */
  gridLine(v: number, cls = 'grid'): void {
    const { W, m } = this.box;
    this.svg.append(svgEl('line', { x1: m.l, x2: W - m.r, y1: this.y(v), y2: this.y(v), class: cls }));
    this.svg.append(svgEl('text', { x: m.l - 6, y: this.y(v) + 4, 'text-anchor': 'end', class: 'axis' }, String(v)));
  }

  /** A label under the x axis. */
  xLabel(v: number): void {
    const { H, m } = this.box;
    this.svg.append(svgEl('text', { x: this.x(v), y: H - m.b + 16, 'text-anchor': 'middle', class: 'axis' }, String(v)));
  }

  /** What the x axis counts, at the bottom right, `fromBottom` pixels above the edge. */
  xTitle(text: string, fromBottom: number): void {
    const { W, H, m } = this.box;
    this.svg.append(svgEl('text', { x: W - m.r, y: H - fromBottom, 'text-anchor': 'end', class: 'axis' }, text));
  }

  /** A player's line through (xs[i], values[i]), named on hover. */
  playerLine(seat: number, name: string, xs: number[], values: number[], dy: number): SVGPolylineElement {
    const pts = values.map((v, i) => `${this.x(xs[i]).toFixed(1)},${(this.y(v) + dy).toFixed(1)}`).join(' ');
    const line = svgEl('polyline', {
      points: pts,
      fill: 'none',
      stroke: playerColor(seat),
      'stroke-width': 2.5,
      'stroke-linejoin': 'round',
      'stroke-linecap': 'round',
    });
    line.append(svgEl('title', {}, name));
    this.svg.append(line);
    return line;
  }

  /** A point of a player's line. */
  dot(seat: number, x: number, v: number, dy: number, r: number, strokeWidth: number): void {
    this.svg.append(svgEl('circle', { cx: this.x(x), cy: this.y(v) + dy, r, fill: playerColor(seat), stroke: '#fff4e2', 'stroke-width': strokeWidth }));
  }

  figure(title: string, testid?: string): HTMLElement {
    return h('figure', { class: 'chart-box', testid }, h('figcaption', null, title), this.svg as unknown as HTMLElement);
  }
}
