/**
 * What the controls show everyone: the phase heading and my role, who is
 * deciding, the last revealed act, the winners, what happened lately and the
 * players' counts as a table.
 */
import { h, type Children } from '../../../util/dom.js';
import { t } from '../../../i18n/index.js';
import { iconEl } from '../../../art/icons.js';
import { awaited, awaitedFor, houseStats, seatName, type Model } from '../model.js';
import { planText, recentEntries } from '../events.js';
import type { ControlActions } from '../controls.js';
import { dot, who } from './parts.js';
import { winnersControls } from '../../common/winners.js';

export function head(m: Model, a: ControlActions): HTMLElement {
  const v = m.view;
  const turn = v.turn === 0 ? t('windcity.header.setup') : t('windcity.header.turn', { n: v.turn });
  const role =
    m.me < 0
      ? [iconEl('eyes'), ' ', t('windcity.role.watching')]
      : h(
          'span',
          null,
          dot(m.me),
          // A replay shows a seat that is nobody's: its name, not "You are …".
          m.snap.replay ? seatName(m, m.me) : t('windcity.role.you', { name: seatName(m, m.me) }),
          ' · ',
          iconEl('coin', 16),
          ' ',
          String(v.coins[m.me]),
        );
  return h(
    'div',
    { class: 'wc-head' },
    h(
      'h2',
      { class: 'panel-title', testid: 'phase-title', dataset: { phase: v.phase, turn: String(v.turn), active: String(v.active) } },
      `${turn} · ${t(`windcity.phase.${v.phase}`)}`,
    ),
    h(
      'div',
      { class: 'wc-role-row' },
      h('p', { class: 'wc-role', testid: 'my-role' }, role),
      h(
        'button',
        { class: 'btn btn-small', type: 'button', testid: 'windcity-rules', onclick: () => a.openRules() },
        iconEl('book', 16),
        ' ',
        t('windcity.options.rules'),
      ),
    ),
  );
}

/**
 * Who the game waits for. In the market only the seller knows who is still
 * deciding; everyone else sees who takes part (the public set, fixed for the
 * whole market).
 */
export function deciding(m: Model): Children {
  const v = m.view;
  if (v.phase === 'over') return null;
  const inMarket = v.phase === 'market' && v.market !== null && m.me !== v.market.seller;
  const waiting = inMarket ? awaited(v) : awaitedFor(m);
  const label = inMarket ? t('windcity.market.inMarket') : t('game.deciding');
  return h(
    'p',
    { class: 'gt-deciding', testid: 'deciding', 'aria-live': 'polite' },
    waiting.length ? [h('span', { class: 'muted' }, label), ' ', waiting.map((seat) => who(m, seat))] : t('game.nobodyDeciding'),
  );
}

/** The last revealed act, for everyone (not in the setup). */
export function lastAct(m: Model): Children {
  const v = m.view;
  const act = v.act;
  if (!act || v.phase === 'hurricane' || v.phase === 'placement') return null;
  const destroyed = act.segments.reduce((n, seg) => n + (seg.kind === 'move' ? seg.steps.filter((x) => x.destroyed).length : 0), 0);
  return h(
    'div',
    { class: 'wc-last-act', testid: 'last-act' },
    h('h3', { class: 'sub' }, t('windcity.act.title', { turn: act.turn })),
    h('p', null, dot(act.seat), t('windcity.events.reveal', { name: seatName(m, act.seat), card: act.card, plan: planText(act.card, act.plan) })),
    act.done ? h('p', { class: 'hint' }, t('windcity.act.summary', { paid: act.paid, destroyed })) : null,
  );
}

export function winners(m: Model, a: ControlActions): Children {
  const v = m.view;
  if (v.phase !== 'over' || !v.winners) return null;
  return winnersControls(
    m.names.map((_, seat) => seatName(m, seat)),
    v.winners,
    t('windcity.phase.over'),
    () => a.showResults(),
  );
}

/** What happened lately. */
export function events(m: Model): HTMLElement {
  const entries = recentEntries(m);
  return h(
    'details',
    { class: 'log-details wc-events', open: true, dataset: { key: 'windcity-events' } },
    h('summary', null, t('windcity.events.title')),
    entries.length
      ? h(
          'ol',
          { class: 'reveal-log', testid: 'windcity-events', 'aria-live': 'polite' },
          entries.map((e) => h('li', { class: `ev-${e.kind}` }, e.seat !== null ? dot(e.seat) : null, e.text)),
        )
      : h('p', { class: 'hint', testid: 'windcity-events' }, t('windcity.events.none')),
  );
}

/** The players, as text. */
export function scores(m: Model): HTMLElement {
  const v = m.view;
  const th = (...c: Children[]) => h('th', null, ...c);
  const rows = m.names.map((name, i) => {
    const st = houseStats(v, i);
    return h(
      'tr',
      { class: `${i === m.me ? 'me' : ''}${v.out[i] ? ' out' : ''}`, dataset: { seat: String(i) } },
      h('td', null, dot(i), name, v.out[i] ? h('small', { class: 'muted' }, ` · ${t('windcity.plate.out')}`) : null),
      h('td', null, String(v.coins[i])),
      h('td', { title: t('windcity.col.housesTitle') }, String(st.pieces), st.premium ? h('small', { class: 'muted' }, ` ★${st.premium}`) : null),
      h('td', null, String(st.insured)),
      h('td', null, String(v.points[i])),
    );
  });
  return h(
    'details',
    { class: 'gt-scores', open: true, dataset: { key: 'windcity-scores' } },
    h('summary', null, t('windcity.players')),
    h(
      'table',
      { class: 'score-table', testid: 'scores' },
      h('thead', null, h('tr', null, th(''), th(iconEl('coin', 16)), th(t('windcity.col.houses')), th(iconEl('shield', 16)), th(t('windcity.col.points')))),
      h('tbody', null, rows),
    ),
    h('p', { class: 'hint wc-legend' }, t('windcity.legend')),
  );
}
