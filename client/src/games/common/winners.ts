/** The controls' last word when a match is over: who won, and the way to the results. */
import { h } from '../../util/dom.js';
import { listNames, t } from '../../i18n/index.js';
import { iconEl } from '../../art/icons.js';

export function winnersControls(names: string[], winners: number[], resultsLabel: string, showResults: () => void): HTMLElement[] {
  return [
    h(
      'p',
      { class: 'winners', testid: 'winners' },
      iconEl('trophy', 22),
      ' ',
      t('game.winner', { count: winners.length, names: listNames(winners.map((w) => names[w])) }),
    ),
    h('button', { class: 'btn btn-primary btn-big', type: 'button', testid: 'see-results', onclick: showResults }, resultsLabel, ' →'),
  ];
}
