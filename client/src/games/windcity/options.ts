/** Wind City settings in the lobby: how long the insurance market stays open, and the rules. */
import { h } from '../../util/dom.js';
import { t } from '../../i18n/index.js';
import type { RoomSnapshot } from '../../net/snapshot.js';
import type { WindCityOptions } from '@fireside/shared/games/windcity/types';
import { DEFAULT_MARKET_SECONDS as MARKET_SECONDS } from './stats.js';
import { rules } from './rules-lazy.js';
import { iconEl } from '../../art/icons.js';

export const MARKET_CHOICES = [20, 30, 45, 60, 90, 120];

export function readOptions(snap: RoomSnapshot): WindCityOptions {
  const o = snap.options as Partial<WindCityOptions>;
  const s =
    typeof o.marketSeconds === 'number' && Number.isInteger(o.marketSeconds) && o.marketSeconds >= 10 && o.marketSeconds <= 600
      ? o.marketSeconds
      : MARKET_SECONDS;
  return { marketSeconds: s };
}

export function renderOptions(snap: RoomSnapshot, canEdit: boolean, configure: (msg: { options: WindCityOptions }) => void): HTMLElement {
  const opts = readOptions(snap);
  const choices = MARKET_CHOICES.includes(opts.marketSeconds) ? MARKET_CHOICES : [...MARKET_CHOICES, opts.marketSeconds].sort((a, b) => a - b);
  return h(
    'div',
    { class: 'options wc-options' },
    h(
      'label',
      { class: 'field' },
      h('span', { class: 'field-label' }, t('windcity.options.marketSeconds')),
      h(
        'select',
        {
          class: 'input',
          testid: 'option-market',
          disabled: !canEdit,
          onchange: (e: Event) => configure({ options: { ...opts, marketSeconds: Number((e.target as HTMLSelectElement).value) } }),
        },
        choices.map((s) =>
          h(
            'option',
            { value: String(s), selected: s === opts.marketSeconds },
            s === MARKET_SECONDS ? t('windcity.options.secondsDefault', { n: s }) : t('windcity.options.seconds', { n: s }),
          ),
        ),
      ),
    ),
    h('p', { class: 'hint' }, t('windcity.options.sections')),
    h(
      'button',
      { class: 'btn btn-small', type: 'button', testid: 'windcity-rules-lobby', onclick: () => rules.open(opts, snap.players) },
      iconEl('book', 16),
      ' ',
      t('windcity.options.rules'),
    ),
  );
}
