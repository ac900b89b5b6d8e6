/**
 * The DOM side of the Gift Trap table: every action the canvas offers is also
 * a button here, so the game is playable by keyboard, by screen reader and on
 * a phone (where these controls stack below the table). The table morphs the
 * controls host into what renderControls returns (util/dom.ts), so a button
 * under the pointer is updated in place, never replaced mid-click.
 */
import { h } from '../../util/dom.js';
import { t } from '../../i18n/index.js';
import { TIER_COLOR, deciding, type Model } from './model.js';
import type { SceneState } from './scene-types.js';
import { iconEl } from '../../art/icons.js';
import { dot, type ControlActions } from './controls-parts.js';
import { PHASE_CONTROLS, REPLAY_CONTROLS } from './controls-phases.js';

export type { ControlActions } from './controls-parts.js';

export function renderControls(s: SceneState, a: ControlActions): HTMLElement[] {
  const m = s.model;
  const v = m.view;
  // A replay asks nothing: no phase's prompt or choices.
  const phase = h('div', { class: `gt-phase gt-${v.phase}`, testid: `phase-${v.phase}` }, (m.snap.replay ? REPLAY_CONTROLS : PHASE_CONTROLS)[v.phase](s, a));
  return [head(m, a), ...(v.phase !== 'over' ? [decidingLine(m)] : []), phase, scores(m)];
}

/** Where we are: round and phase, the parent and the tier, the rules. */
function head(m: Model, a: ControlActions): HTMLElement {
  const v = m.view;
  const tierChip = v.tier ? h('span', { class: 'tier-chip', style: { '--tier': TIER_COLOR[v.tier] } }, t(`gifttrap.tierShort.${v.tier}`)) : null;
  return h(
    'div',
    { class: 'gt-head' },
    h(
      'h2',
      { class: 'panel-title', testid: 'phase-title', dataset: { phase: v.phase, round: String(v.round) } },
      `${t('game.round', { n: v.round })} · ${t(`gifttrap.phase.${v.phase}`)}`,
    ),
    h(
      'div',
      { class: 'gt-role-row' },
      h(
        'p',
        { class: 'gt-parent' },
        iconEl('crown'),
        ' ',
        `${t('gifttrap.parent')}: `,
        dot(v.parent),
        ` ${m.names[v.parent]}`,
        tierChip ? ' · ' : '',
        tierChip,
      ),
      h(
        'button',
        { class: 'btn btn-small', type: 'button', testid: 'gifttrap-rules', onclick: () => a.openRules() },
        iconEl('book', 16),
        ' ',
        t('gifttrap.options.rules'),
      ),
    ),
  );
}

/** Who is still deciding. */
function decidingLine(m: Model): HTMLElement {
  const waiting = deciding(m);
  const who = (seat: number) => h('span', { class: 'who' }, dot(seat), m.names[seat], seat === m.me && !m.snap.replay ? ` (${t('lobby.you')})` : '');
  return h(
    'p',
    { class: 'gt-deciding', testid: 'deciding', 'aria-live': 'polite' },
    waiting.length ? [h('span', { class: 'muted' }, t('game.deciding')), ' ', waiting.map(who)] : t('game.nobodyDeciding'),
  );
}

/** Scores, for everyone (and for screen readers: the tracks as text). */
function scores(m: Model): HTMLElement {
  const v = m.view;
  const row = (name: string, i: number) =>
    h(
      'tr',
      { class: i === m.me ? 'me' : '' },
      h('td', null, dot(i), name, i === v.parent ? [' ', iconEl('crown', 16)] : ''),
      h('td', null, String(v.give[i])),
      h('td', null, String(v.get[i])),
    );
  return h(
    'details',
    { class: 'gt-scores', open: true, dataset: { key: 'scores-box' } },
    h('summary', null, t('gifttrap.scores')),
    h(
      'table',
      { class: 'score-table', testid: 'scores' },
      h('thead', null, h('tr', null, h('th', null, ''), h('th', null, t('gifttrap.tracks.give')), h('th', null, t('gifttrap.tracks.get')))),
      h('tbody', null, m.names.map(row)),
    ),
  );
}
