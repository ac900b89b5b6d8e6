/** Small pieces the Wind City controls share: player dots and names, square buttons, the waiting line, the plan's path in words. */
import { h } from '../../../util/dom.js';
import { t } from '../../../i18n/index.js';
import { playerColor } from '../../colors.js';
import { iconEl } from '../../../art/icons.js';
import type { SquareId, WindCityPublicView } from '@fireside/shared/games/windcity/types';
import { isBeach } from '@fireside/shared/games/windcity/board';
import { nameYou, seatName, squareName, type Model } from '../model.js';
import type { SceneState } from '../scene.js';
import type { ControlActions } from '../controls.js';

/** What every phase's render function is given. */
export interface PhaseCtx {
  s: SceneState;
  a: ControlActions;
  m: Model;
  v: WindCityPublicView;
  /** The market's countdown, when it runs. */
  secondsLeft: number | null;
}

export function dot(seat: number): HTMLElement {
  return h('span', { class: 'pdot', style: { background: playerColor(seat) }, 'aria-hidden': 'true' });
}

export function who(m: Model, seat: number): HTMLElement {
  return h('span', { class: 'who' }, dot(seat), nameYou(m, seat));
}

/** "⌛ Waiting for Alice to …". */
export function waitLead(m: Model, key: string, seat: number): HTMLElement {
  return h('p', { class: 'lead' }, iconEl('hourglass'), ' ', t(key, { name: seatName(m, seat) }));
}

/** "C4 · beach", "E9 · double". */
export function squareLabel(m: Model, sq: SquareId): string {
  const house = m.view.houses[sq];
  const tags: string[] = [];
  if (isBeach(sq)) tags.push(t('windcity.square.beach'));
  if (house?.count === 2) tags.push(t('windcity.square.double'));
  if (house?.insured) tags.push(t('windcity.square.insured'));
  return tags.length ? `${squareName(sq)} · ${tags.join(' · ')}` : squareName(sq);
}

export function squareButtons(
  m: Model,
  squares: SquareId[],
  prefix: string,
  onClick: (sq: SquareId) => void,
  opts: { selected?: SquareId[]; price?: (sq: SquareId) => number; disabled?: boolean } = {},
): HTMLElement {
  const sel = new Set(opts.selected ?? []);
  return h(
    'div',
    { class: 'wc-squares', role: 'group' },
    squares.map((sq) => {
      const on = sel.has(sq);
      const price = opts.price?.(sq);
      return h(
        'button',
        {
          class: `btn wc-sq-btn${on ? ' selected' : ''}${isBeach(sq) ? ' beach' : ''}`,
          type: 'button',
          testid: `${prefix}-${sq}`,
          disabled: opts.disabled,
          'aria-pressed': opts.selected ? String(on) : undefined,
          onclick: () => onClick(sq),
        },
        opts.selected ? h('span', { class: 'wc-check', 'aria-hidden': 'true' }, on ? '☑' : '☐') : null,
        h('span', { class: 'wc-sq-label' }, squareLabel(m, sq)),
        price !== undefined ? h('span', { class: 'wc-price' }, iconEl('coin', 14), String(price)) : null,
      );
    }),
  );
}

/** The plan's path in words: where the hurricane would stop, and which houses it would blow away. */
export function previewText(s: SceneState): HTMLElement | null {
  const p = s.preview;
  if (!p) return null;
  const m = s.model;
  const lost = p.destroyed.map((sq) => {
    const owner = m.view.houses[sq]?.owner;
    return `${squareName(sq)}${owner !== undefined ? ` (${seatName(m, owner)})` : ''}`;
  });
  const parts: string[] = [];
  parts.push(p.exited ? t('windcity.preview.exit') : p.end !== null ? t('windcity.preview.end', { sq: squareName(p.end) }) : '');
  parts.push(lost.length ? t('windcity.preview.destroys', { houses: lost.join(', ') }) : t('windcity.preview.destroysNone'));
  const obs = p.segments.filter((x) => x.observatory).length;
  if (obs) parts.push(t('windcity.preview.observatory', { n: obs * 5 }));
  return h('p', { class: 'hint wc-preview', testid: 'plan-preview' }, iconEl('cyclone'), ' ', parts.filter(Boolean).join(' '));
}

/** "Price 6 · your coins 40", red when over. */
export function totalLine(testid: string, over: boolean, text: string): HTMLElement {
  return h('p', { class: `wc-total${over ? ' over' : ''}`, testid }, text);
}
