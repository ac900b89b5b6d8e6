/**
 * What the Gift Trap controls offer in each phase: a map from the phase to a
 * small render function whose elements fill the `phase-<name>` container.
 */
import { h, type Children } from '../../util/dom.js';
import { t } from '../../i18n/index.js';
import { TIERS, type GiftTrapPhase } from '@fireside/shared/games/gifttrap/types';
import { WANT_KINDS, WANT_LABEL, TIER_COLOR, giftAt, others, type Model, type WantKind } from './model.js';
import type { SceneState } from './scene-types.js';
import { iconEl } from '../../art/icons.js';
import { dot, giftLabel, resultLine, slotGrid, type ControlActions } from './controls-parts.js';
import { winnersControls } from '../common/winners.js';

type PhaseControls = (s: SceneState, a: ControlActions) => Children[];

/** The parent chooses a tier, turns cards and confirms; the others wait. */
function layout(s: SceneState, a: ControlActions): Children[] {
  const m = s.model;
  const v = m.view;
  if (m.me !== v.parent) return [h('p', { class: 'lead' }, iconEl('hourglass'), ' ', t('gifttrap.layout.waiting', { name: m.names[v.parent] }))];
  if (!v.tier) {
    return [
      h('p', { class: 'lead' }, t('gifttrap.layout.chooseTier')),
      h(
        'div',
        { class: 'tier-buttons' },
        TIERS.map((tier) =>
          h(
            'button',
            { class: 'btn tier-btn', type: 'button', testid: `tier-${tier}`, style: { '--tier': TIER_COLOR[tier] }, onclick: () => a.chooseTier(tier) },
            h('span', { class: 'tier-swatch', 'aria-hidden': 'true' }),
            t(`gifttrap.tier.${tier}`),
          ),
        ),
      ),
    ];
  }
  const flip = (i: number) =>
    h(
      'button',
      { class: 'btn slot-btn', type: 'button', testid: `flip-${i}`, 'aria-label': t('gifttrap.layout.flipSlot', { n: i + 1 }), onclick: () => a.flip(i) },
      h('span', { class: 'slot-label' }, giftLabel(m, i)),
      h('span', { class: 'slot-flip', 'aria-hidden': 'true' }, '⟲'),
    );
  return [
    h('p', { class: 'lead' }, t('gifttrap.layout.flipHint')),
    h(
      'div',
      { class: 'slot-grid' },
      v.slots.map((_, i) => flip(i)),
    ),
    h(
      'button',
      { class: 'btn btn-primary btn-big', type: 'button', testid: 'confirm-layout', onclick: () => a.confirmLayout() },
      '✓ ',
      t('gifttrap.layout.confirm'),
    ),
  ];
}

/** One chip per other player: pick them, see the gifts chosen for them. */
function recipientChips(s: SceneState, a: ControlActions): HTMLElement {
  const m = s.model;
  return h(
    'div',
    { class: 'chips', role: 'group', 'aria-label': t('gifttrap.give.summary') },
    others(m).map((r) => {
      const slots = s.give.slotsFor(r);
      const sel = s.selected?.kind === 'recipient' && s.selected.seat === r;
      return h(
        'button',
        {
          class: `chip${sel ? ' selected' : ''}`,
          type: 'button',
          testid: `recipient-${r}`,
          'aria-pressed': String(sel),
          onclick: () => a.pickToken({ kind: 'recipient', seat: r }),
        },
        dot(r),
        h('span', { class: 'chip-name' }, t('gifttrap.give.recipient', { name: m.names[r] })),
        h('span', { class: 'chip-value' }, slots.length ? slots.map((sl, k) => [k ? ' · ' : '', giftLabel(m, sl)]) : t('gifttrap.give.noChoice')),
      );
    }),
  );
}

/** Everyone gives each other player a gift (two with double gifts), revisable until all have sent. */
function give(s: SceneState, a: ControlActions): Children[] {
  const m = s.model;
  if (m.me < 0) return [h('p', { class: 'lead' }, t('gifttrap.give.spectator'))];
  const missing = s.give.missing(others(m));
  const sent = m.secret?.myGifts ?? null;
  const unchanged = s.give.same(sent);
  const status = missing > 0 ? t('gifttrap.give.incomplete', { count: missing }) : sent && unchanged ? `✓ ${t('gifttrap.give.submitted')}` : '';
  return [
    h('h3', { class: 'sub' }, s.give.per === 2 ? t('gifttrap.give.titleDouble') : t('gifttrap.give.title')),
    h('p', { class: 'hint' }, t('gifttrap.give.hint')),
    recipientChips(s, a),
    slotGrid(m, s, a),
    h(
      'button',
      { class: 'btn btn-primary btn-big', type: 'button', testid: 'submit-gifts', disabled: missing > 0 || unchanged, onclick: () => a.submitGives() },
      iconEl('gift', 20),
      ' ',
      sent ? t('gifttrap.give.update') : t('gifttrap.give.submit'),
    ),
    h('p', { class: 'hint', testid: 'give-status' }, status),
  ];
}

/** One chip per wish tile: pick it, see the gift it lies on. */
function wantChips(s: SceneState, a: ControlActions): HTMLElement {
  const m = s.model;
  return h(
    'div',
    { class: 'chips want-chips', role: 'group', 'aria-label': t('gifttrap.want.yours') },
    WANT_KINDS.map((k) => {
      const at = s.want.wants[k];
      const sel = s.selected?.kind === 'want' && s.selected.want === k;
      return h(
        'button',
        {
          class: `chip want-chip want-${k}${sel ? ' selected' : ''}`,
          type: 'button',
          testid: `want-${k}`,
          'aria-pressed': String(sel),
          onclick: () => a.pickToken({ kind: 'want', want: k }),
        },
        h('span', { class: 'want-value' }, WANT_LABEL[k]),
        h('span', { class: 'chip-name' }, t(`gifttrap.want.${k}`)),
        h('span', { class: 'chip-value' }, at !== undefined ? giftLabel(m, at) : '—'),
      );
    }),
  );
}

/** Everyone lays their four wish tiles on four gifts, revisable until all have sent. */
function want(s: SceneState, a: ControlActions): Children[] {
  const m = s.model;
  if (m.me < 0) return [h('p', { class: 'lead' }, t('gifttrap.want.spectator'))];
  const sent = m.secret?.myWants ?? null;
  const done = s.want.complete();
  const unchanged = s.want.same(sent);
  return [
    h('h3', { class: 'sub' }, t('gifttrap.want.title')),
    h('p', { class: 'hint' }, t('gifttrap.want.hint')),
    wantChips(s, a),
    slotGrid(m, s, a),
    h(
      'button',
      { class: 'btn btn-primary btn-big', type: 'button', testid: 'submit-wants', disabled: !done || unchanged, onclick: () => a.submitWants() },
      '✓ ',
      sent ? t('gifttrap.want.update') : t('gifttrap.want.submit'),
    ),
    h('p', { class: 'hint', testid: 'want-status' }, !done ? t('gifttrap.want.incomplete') : sent && unchanged ? `✓ ${t('gifttrap.want.submitted')}` : ''),
  ];
}

/** The revealer's turn: their wishes, and (for them) a button per wrapped gift. */
function reveal(s: SceneState, a: ControlActions): Children[] {
  const m = s.model;
  const v = m.view;
  const rv = v.revealer;
  if (rv === null) return openedLog(m);
  const wants = v.revealedWants[rv];
  const out: Children[] = [
    // In a replay a fact ("Cleo is opening gifts"), not a prompt.
    h(
      'p',
      { class: m.snap.replay ? 'gt-revealing' : 'lead' },
      rv === m.me && !m.snap.replay ? t('gifttrap.reveal.yourTurn') : t('gifttrap.reveal.opening', { name: m.names[rv] }),
    ),
  ];
  if (wants) {
    out.push(
      h('h3', { class: 'sub' }, t('gifttrap.reveal.wantsOf', { name: m.names[rv] })),
      h(
        'ul',
        { class: 'wants-list', testid: 'revealed-wants' },
        WANT_KINDS.map((k: WantKind) => h('li', null, h('span', { class: `want-value want-${k}` }, WANT_LABEL[k]), ' ', giftLabel(m, wants[k]))),
      ),
    );
  }
  if (s.canOpen) {
    const open = (from: number) =>
      h(
        'button',
        { class: 'btn btn-primary', type: 'button', testid: `open-${from}`, onclick: () => a.openFrom(from) },
        iconEl('gift'),
        ' ',
        dot(from),
        t('gifttrap.reveal.open', { name: m.names[from] }),
      );
    out.push(
      h(
        'div',
        { class: 'open-buttons' },
        v.closed.filter((c) => c.to === m.me).map((b) => open(b.from)),
      ),
    );
  }
  return [...out, ...openedLog(m)];
}

/** The gifts opened this round: the revealer's so far, then all of them (folded). */
function openedLog(m: Model): Children[] {
  const v = m.view;
  const line = (o: { from: number; to: number; slot: number; value: number }) => resultLine(m, o, o.slot >= 0 ? giftAt(v, o.slot) : null);
  const current = v.revealer !== null ? v.opened.filter((o) => o.to === v.revealer) : [];
  const out: Children[] = [];
  if (current.length) out.push(h('ol', { class: 'reveal-log current', testid: 'reveal-current' }, current.map(line)));
  if (!v.opened.length) return [...out, h('p', { class: 'hint' }, t('gifttrap.reveal.noneYet'))];
  const log = h(
    'details',
    { class: 'log-details', dataset: { key: 'opened-log' } },
    h('summary', null, `${t('gifttrap.reveal.log')} (${v.opened.length})`),
    h('ol', { class: 'reveal-log', testid: 'reveal-log' }, v.opened.map(line)),
  );
  return [...out, log];
}

/** The previous round, whose last gift was opened as this one began (folded). */
function recap(s: SceneState): Children {
  const r = s.recap;
  if (!r) return null;
  return h(
    'details',
    { class: 'log-details recap', testid: 'round-recap' },
    h('summary', null, t('gifttrap.reveal.recap', { n: r.round })),
    h(
      'ol',
      { class: 'reveal-log' },
      r.opened.map((o) => resultLine(s.model, o, r.slotsGift[o.slot] ?? null)),
    ),
  );
}

/** The match is over: who won, the way to the results, and the last round's log. */
function over(s: SceneState, a: ControlActions): Children[] {
  const m = s.model;
  const winners = m.view.winners;
  const head = winners ? winnersControls(m.names, winners, t('gifttrap.end.show'), () => a.showResults()) : [];
  return [...head, ...openedLog(m)];
}

/** In a replay: what happened only, never a prompt or a choice. */
export const REPLAY_CONTROLS: Record<GiftTrapPhase, PhaseControls> = {
  layout: (s) => [recap(s)],
  give: (s) => [recap(s)],
  want: (s) => [recap(s)],
  reveal,
  over,
};

/** The contents of the `phase-<name>` container, by phase. */
export const PHASE_CONTROLS: Record<GiftTrapPhase, PhaseControls> = {
  layout: (s, a) => [...layout(s, a), recap(s)],
  give: (s, a) => [...give(s, a), recap(s)],
  want: (s, a) => [...want(s, a), recap(s)],
  reveal,
  over,
};
