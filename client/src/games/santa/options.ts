/** Santa Claus settings in the lobby: the two variants, who plays Santa, and the rules. */
import { h } from '../../util/dom.js';
import { t } from '../../i18n/index.js';
import type { RoomSnapshot } from '../../net/snapshot.js';
import type { AwayMarkersVariant, SantaOptions, TieBreakVariant } from '@fireside/shared/games/santa/types';
import { rules } from './rules-lazy.js';
import { iconEl } from '../../art/icons.js';

export function readOptions(snap: RoomSnapshot): Required<SantaOptions> {
  const o = snap.options as Partial<SantaOptions>;
  const seat = typeof o.santaSeat === 'number' && o.santaSeat >= 0 && o.santaSeat < snap.players ? o.santaSeat : null;
  return { awayMarkers: o.awayMarkers === 'six' ? 'six' : 'round', tieBreak: o.tieBreak === 'lowest-score' ? 'lowest-score' : 'lowest-card', santaSeat: seat };
}

/** A new seat count: drop a Santa seat that no longer exists. */
export function optionsForPlayers(snap: RoomSnapshot, players: number): Required<SantaOptions> | undefined {
  const o = readOptions(snap);
  return o.santaSeat !== null && o.santaSeat >= players ? { ...o, santaSeat: null } : undefined;
}

export function renderOptions(snap: RoomSnapshot, canEdit: boolean, configure: (msg: { options: SantaOptions }) => void): HTMLElement {
  const opts = readOptions(snap);
  const set = (patch: Partial<SantaOptions>) => configure({ options: { ...opts, ...patch } });
  const select = (testid: string, value: string, choices: [string, string][], onchange: (v: string) => void) =>
    h(
      'select',
      { class: 'input', testid, disabled: !canEdit, onchange: (e: Event) => onchange((e.target as HTMLSelectElement).value) },
      choices.map(([v, label]) => h('option', { value: v, selected: v === value }, label)),
    );
  const seats: [string, string][] = [['random', t('santa.options.santaRandom')]];
  for (let i = 0; i < snap.players; i++) {
    const name = snap.seats[i]?.name;
    seats.push([String(i), name ? t('santa.options.santaSeatNamed', { n: i + 1, name }) : t('santa.options.santaSeatN', { n: i + 1 })]);
  }
  return h(
    'div',
    { class: 'options sc-options' },
    h(
      'label',
      { class: 'field' },
      h('span', { class: 'field-label' }, t('santa.options.santaSeat')),
      select('option-santa', opts.santaSeat === null ? 'random' : String(opts.santaSeat), seats, (v) => set({ santaSeat: v === 'random' ? null : Number(v) })),
    ),
    h(
      'label',
      { class: 'field' },
      h('span', { class: 'field-label' }, t('santa.options.awayMarkers')),
      select(
        'option-away',
        opts.awayMarkers,
        [
          ['round', t('santa.options.awayRound')],
          ['six', t('santa.options.awaySix')],
        ],
        (v) => set({ awayMarkers: v as AwayMarkersVariant }),
      ),
    ),
    h(
      'label',
      { class: 'field' },
      h('span', { class: 'field-label' }, t('santa.options.tieBreak')),
      select(
        'option-tiebreak',
        opts.tieBreak,
        [
          ['lowest-card', t('santa.options.tieLowestCard')],
          ['lowest-score', t('santa.options.tieLowestScore')],
        ],
        (v) => set({ tieBreak: v as TieBreakVariant }),
      ),
    ),
    h(
      'button',
      { class: 'btn btn-small', type: 'button', testid: 'santa-rules-lobby', onclick: () => rules.open(opts) },
      iconEl('book', 16),
      ' ',
      t('santa.options.rules'),
    ),
  );
}
