/** Gift Trap settings in the lobby: track length, the double-gifts variant (3–4 players), and the rules. */
import { h } from '../../util/dom.js';
import { t } from '../../i18n/index.js';
import type { RoomSnapshot } from '../../net/snapshot.js';
import type { GiftTrapOptions } from '@fireside/shared/games/gifttrap/types';
import { rules } from './rules-lazy.js';
import { iconEl } from '../../art/icons.js';

export function readOptions(snap: RoomSnapshot): GiftTrapOptions {
  const o = snap.options as Partial<GiftTrapOptions>;
  const goal = o.goal === 20 || o.goal === 40 ? o.goal : 30;
  return { goal, doubleGifts: !!o.doubleGifts };
}

export function renderOptions(snap: RoomSnapshot, canEdit: boolean, configure: (msg: { options: GiftTrapOptions }) => void): HTMLElement {
  const opts = readOptions(snap);
  const doubleAllowed = snap.players >= 3 && snap.players <= 4;
  const goal = h(
    'select',
    {
      class: 'input',
      testid: 'option-goal',
      disabled: !canEdit,
      onchange: (e: Event) => configure({ options: { ...opts, goal: Number((e.target as HTMLSelectElement).value) as GiftTrapOptions['goal'] } }),
    },
    ([20, 30, 40] as const).map((g) => h('option', { value: String(g), selected: g === opts.goal }, t(`gifttrap.options.goal${g}`))),
  );
  const dbl = h('input', {
    type: 'checkbox',
    testid: 'option-double',
    checked: opts.doubleGifts && doubleAllowed,
    disabled: !canEdit || !doubleAllowed,
    onchange: (e: Event) => configure({ options: { ...opts, doubleGifts: (e.target as HTMLInputElement).checked } }),
  });
  return h(
    'div',
    { class: 'options gt-options' },
    h('label', { class: 'field' }, h('span', { class: 'field-label' }, t('gifttrap.options.goal')), goal),
    h(
      'label',
      { class: `check${doubleAllowed ? '' : ' disabled'}` },
      dbl,
      h('span', null, t('gifttrap.options.doubleGifts'), h('small', { class: 'hint' }, ' ', t('gifttrap.options.doubleGiftsHint'))),
    ),
    h(
      'button',
      { class: 'btn btn-small', type: 'button', testid: 'gifttrap-rules-lobby', onclick: () => rules.open(opts, snap.players) },
      iconEl('book', 16),
      ' ',
      t('gifttrap.options.rules'),
    ),
  );
}
