/** The parts of the Santa controls shown in every phase: where we are and who I am, who the game waits for, what happened, the scores. */
import { h } from '../../../util/dom.js';
import { t } from '../../../i18n/index.js';
import { iconEl } from '../../../art/icons.js';
import { ROUNDS, awaited, cardText, nameYou, type Model } from '../model.js';
import { currentEntries, describe } from '../events.js';
import { dot, who } from './parts.js';
import type { ControlActions } from './types.js';

/** My role, as a line with its picture. */
function role(m: Model): HTMLElement {
  const isSanta = m.me === m.view.santa;
  // A replay shows a seat that is nobody's: its name and role, not "You are …".
  const replayed = m.me >= 0 && m.snap.replay ? [' ', m.names[m.me]] : null;
  return h(
    'p',
    { class: 'sc-role', testid: 'my-role', dataset: { role: m.me < 0 ? 'spectator' : isSanta ? 'santa' : 'kid' } },
    m.me < 0
      ? [iconEl('eyes'), ' ', t('santa.role.watching')]
      : isSanta
        ? [iconEl('santa'), replayed ?? [' ', t('santa.role.youSanta')]]
        : [iconEl('child'), replayed ?? [' ', t('santa.role.youKid')]],
  );
}

/** Where we are, who I am, the rules, and the legend of the town. */
export function head(m: Model, a: ControlActions): HTMLElement {
  const v = m.view;
  const round = v.round === 0 ? t('santa.header.setup') : t('santa.header.round', { n: v.round, total: ROUNDS });
  return h(
    'div',
    { class: 'sc-head' },
    h('h2', { class: 'panel-title', testid: 'phase-title', dataset: { phase: v.phase, round: String(v.round) } }, `${round} · ${t(`santa.phase.${v.phase}`)}`),
    h(
      'div',
      { class: 'sc-role-row' },
      role(m),
      h(
        'button',
        { class: 'btn btn-small', type: 'button', testid: 'santa-rules', onclick: () => a.openRules() },
        iconEl('book', 16),
        ' ',
        t('santa.options.rules'),
      ),
    ),
    h(
      'p',
      { class: 'sc-legend', 'aria-hidden': 'true' },
      h('span', { class: 'sc-lg-street' }),
      t('santa.legend.street'),
      h('span', { class: 'sc-lg-path' }),
      t('santa.legend.path'),
      ' ',
      iconEl('luggage', 16),
      ' ',
      t('santa.legend.away'),
      ' ',
      iconEl('gift', 16),
      ' ',
      t('santa.legend.present'),
    ),
  );
}

/** Who the game waits for (during the picks: who has picked, never which card). */
export function deciding(m: Model): HTMLElement | null {
  const v = m.view;
  if (v.phase === 'over') return null;
  const waiting = awaited(v);
  return h(
    'p',
    { class: 'gt-deciding', testid: 'deciding', 'aria-live': 'polite' },
    v.phase === 'pick'
      ? m.names.map((_, seat) =>
          h(
            'span',
            { class: v.picked[seat] ? 'sc-picked' : 'who', dataset: { seat: String(seat), picked: String(v.picked[seat]) } },
            dot(seat),
            v.picked[seat] ? '✓ ' : '… ',
            nameYou(m, seat),
          ),
        )
      : waiting.length
        ? [h('span', { class: 'muted' }, t('game.deciding')), ' ', waiting.map((seat) => who(m, seat))]
        : t('game.nobodyDeciding'),
  );
}

/** What happened (this round, or the setup): the captions, as text. */
export function events(m: Model): HTMLElement {
  const current = currentEntries(m);
  const entries = current.entries.filter((e) => e.kind !== 'order-by' && e.kind !== 'reveal');
  return h(
    'details',
    { class: 'log-details sc-events', open: true, dataset: { key: 'santa-events' } },
    h('summary', null, `${t('santa.events.title')} · ${current.round === 0 ? t('santa.header.setup') : t('game.round', { n: current.round })}`),
    entries.length
      ? h(
          'ol',
          { class: 'reveal-log', testid: 'santa-events', 'aria-live': 'polite' },
          entries.map((e) => h('li', { class: `ev-${e.kind}${e.kind === 'score' ? ` ev-${e.cause}` : ''}` }, 'seat' in e ? dot(e.seat) : null, describe(e, m))),
        )
      : h('p', { class: 'hint', testid: 'santa-events' }, t('santa.events.none')),
  );
}

/** Scores, for everyone (and for screen readers: the plates as text). */
export function scores(m: Model): HTMLElement {
  const v = m.view;
  const row = (name: string, i: number) =>
    h(
      'tr',
      { class: i === m.me ? 'me' : '' },
      h(
        'td',
        null,
        dot(i),
        i === v.santa ? [iconEl('santa', 16), ' '] : '',
        name,
        v.positions[i] !== null ? h('small', { class: 'muted' }, ` · ${m.town.houses[v.positions[i]!].label}`) : null,
      ),
      h('td', null, v.played[i] !== null ? cardText(v.played[i]!, i) : v.phase === 'pick' && v.picked[i] ? '🂠' : '—'),
      h('td', null, String(v.scores[i])),
    );
  return h(
    'details',
    { class: 'gt-scores', open: true, dataset: { key: 'scores-box' } },
    h('summary', null, t('santa.scores')),
    h(
      'table',
      { class: 'score-table', testid: 'scores' },
      h('thead', null, h('tr', null, h('th', null, ''), h('th', null, t('santa.card')), h('th', null, t('santa.score')))),
      h('tbody', null, m.names.map(row)),
    ),
  );
}
