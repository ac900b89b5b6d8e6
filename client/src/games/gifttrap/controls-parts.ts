/** Pieces the Gift Trap controls share across phases: a player's dot, a gift's label, a result line, the grid of gifts. */
import { h, type Children } from '../../util/dom.js';
import { t } from '../../i18n/index.js';
import { playerColor } from '../colors.js';
import type { Gift, Tier } from '@fireside/shared/games/gifttrap/types';
import { WANT_LABEL, formatValue, giftAt, giftName, type Model } from './model.js';
import type { SceneState, Token } from './scene-types.js';
import { iconEl } from '../../art/icons.js';

export interface ControlActions {
  chooseTier(tier: Tier): void;
  flip(slot: number): void;
  confirmLayout(): void;
  pickToken(token: Token): void;
  clickSlot(slot: number): void;
  submitGives(): void;
  submitWants(): void;
  openFrom(from: number): void;
  showResults(): void;
  openRules(): void;
}

export function dot(seat: number): HTMLElement {
  return h('span', { class: 'pdot', style: { background: playerColor(seat) }, 'aria-hidden': 'true' });
}

/** A gift as the controls show it: its number, picture and name. */
export function giftLabel(m: Model, slot: number): Children {
  const g = giftAt(m.view, slot);
  return [`${slot + 1} `, g ? iconEl(g.icon) : '', ` ${giftName(g)}`];
}

/** Where a translated line says {{gift}} (a character no text has). */
const GIFT_MARK = '\uE000';

/** A translated line with the gift (picture and name; a wrapped gift if unknown) where the text says {{gift}}. */
function withGift(line: (gift: string) => string, g: Gift | null): Children {
  const [before, after] = line(GIFT_MARK).split(GIFT_MARK);
  return [before, g ? [iconEl(g.icon), ' ', giftName(g)] : iconEl('gift'), after ?? ''];
}

/** "Bob gave Carol ⟨gift⟩: +2", with the giver's dot. */
export function resultLine(m: Model, o: { from: number; to: number; value: number }, g: Gift | null): HTMLElement {
  const names = { from: m.names[o.from], to: m.names[o.to], value: formatValue(o.value) };
  return h(
    'li',
    null,
    dot(o.from),
    withGift((gift) => t('gifttrap.reveal.result', { ...names, gift }), g),
  );
}

/** Every laid-out gift as a button (the canvas's cards, for keyboards and screen readers), with what I put on it. */
export function slotGrid(m: Model, s: SceneState, a: ControlActions): HTMLElement {
  const v = m.view;
  return h(
    'div',
    { class: 'slot-grid', role: 'group', 'aria-label': t('gifttrap.give.summary') },
    v.slots.map((_, i) => {
      const marks: HTMLElement[] = [];
      if (v.phase === 'give')
        for (const tl of s.give.tiles.filter((x) => x.slot === i))
          marks.push(h('span', { class: 'mark', style: { background: playerColor(tl.to) } }, m.names[tl.to].slice(0, 1).toUpperCase()));
      if (v.phase === 'want') {
        const k = s.want.kindOn(i);
        if (k) marks.push(h('span', { class: `mark want-value want-${k}` }, WANT_LABEL[k]));
      }
      return h(
        'button',
        { class: `btn slot-btn${marks.length ? ' taken' : ''}`, type: 'button', testid: `slot-${i}`, onclick: () => a.clickSlot(i) },
        h('span', { class: 'slot-label' }, giftLabel(m, i)),
        marks,
      );
    }),
  );
}
