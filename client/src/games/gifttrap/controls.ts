/**
 * The DOM side of the Gift Trap table: every action the canvas offers is also
 * a button here, so the game is playable by keyboard, by screen reader and on
 * a phone (where these controls stack below the table).
 */
import { h, type Children } from '../../util/dom.js';
import { t, listNames } from '../../i18n/index.js';
import { playerColor } from '../colors.js';
import { TIERS, type Gift, type Tier } from '@fireside/shared/games/gifttrap/types';
import { WANT_KINDS, WANT_LABEL, TIER_COLOR, deciding, formatValue, giftAt, giftName, others, type Model, type WantKind } from './model.js';
import type { SceneState, Token } from './scene.js';
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

function dot(seat: number): HTMLElement {
  return h('span', { class: 'pdot', style: { background: playerColor(seat) }, 'aria-hidden': 'true' });
}

/** A gift as the controls show it: its number, picture and name. */
function giftLabel(m: Model, slot: number): Children {
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

export function renderControls(s: SceneState, a: ControlActions): HTMLElement[] {
  const m = s.model;
  const v = m.view;
  const out: HTMLElement[] = [];

  // Where we are.
  const tierChip = v.tier ? h('span', { class: 'tier-chip', style: { '--tier': TIER_COLOR[v.tier] } }, t(`gifttrap.tierShort.${v.tier}`)) : null;
  out.push(
    h(
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
    ),
  );

  // Who is still deciding.
  const waiting = deciding(m);
  if (v.phase !== 'over') {
    out.push(
      h(
        'p',
        { class: 'gt-deciding', testid: 'deciding', 'aria-live': 'polite' },
        waiting.length
          ? [
              h('span', { class: 'muted' }, t('game.deciding')),
              ' ',
              waiting.map((seat) => h('span', { class: 'who' }, dot(seat), m.names[seat], seat === m.me ? ` (${t('lobby.you')})` : '')),
            ]
          : t('game.nobodyDeciding'),
      ),
    );
  }

  const phase = h('div', { class: `gt-phase gt-${v.phase}`, testid: `phase-${v.phase}` });
  out.push(phase);

  if (v.phase === 'layout') {
    if (m.me === v.parent && !v.tier) {
      phase.append(
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
      );
    } else if (m.me === v.parent) {
      phase.append(
        h('p', { class: 'lead' }, t('gifttrap.layout.flipHint')),
        h(
          'div',
          { class: 'slot-grid' },
          v.slots.map((_, i) =>
            h(
              'button',
              {
                class: 'btn slot-btn',
                type: 'button',
                testid: `flip-${i}`,
                'aria-label': t('gifttrap.layout.flipSlot', { n: i + 1 }),
                onclick: () => a.flip(i),
              },
              h('span', { class: 'slot-label' }, giftLabel(m, i)),
              h('span', { class: 'slot-flip', 'aria-hidden': 'true' }, '⟲'),
            ),
          ),
        ),
        h(
          'button',
          { class: 'btn btn-primary btn-big', type: 'button', testid: 'confirm-layout', onclick: () => a.confirmLayout() },
          '✓ ',
          t('gifttrap.layout.confirm'),
        ),
      );
    } else {
      phase.append(h('p', { class: 'lead' }, iconEl('hourglass'), ' ', t('gifttrap.layout.waiting', { name: m.names[v.parent] })));
    }
  }

  if (v.phase === 'give') {
    if (m.me < 0) phase.append(h('p', { class: 'lead' }, t('gifttrap.give.spectator')));
    else {
      const recips = others(m);
      const missing = s.give.missing(recips);
      const sent = m.secret?.myGifts ?? null;
      const unchanged = s.give.same(sent);
      phase.append(
        h('h3', { class: 'sub' }, s.give.per === 2 ? t('gifttrap.give.titleDouble') : t('gifttrap.give.title')),
        h('p', { class: 'hint' }, t('gifttrap.give.hint')),
        h(
          'div',
          { class: 'chips', role: 'group', 'aria-label': t('gifttrap.give.summary') },
          recips.map((r) => {
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
        ),
        slotGrid(m, s, a),
        h(
          'button',
          { class: 'btn btn-primary btn-big', type: 'button', testid: 'submit-gifts', disabled: missing > 0 || unchanged, onclick: () => a.submitGives() },
          iconEl('gift', 20),
          ' ',
          sent ? t('gifttrap.give.update') : t('gifttrap.give.submit'),
        ),
        h(
          'p',
          { class: 'hint', testid: 'give-status' },
          missing > 0 ? t('gifttrap.give.incomplete', { count: missing }) : sent && unchanged ? `✓ ${t('gifttrap.give.submitted')}` : '',
        ),
      );
    }
  }

  if (v.phase === 'want') {
    if (m.me < 0) phase.append(h('p', { class: 'lead' }, t('gifttrap.want.spectator')));
    else {
      const sent = m.secret?.myWants ?? null;
      const done = s.want.complete();
      const unchanged = s.want.same(sent);
      phase.append(
        h('h3', { class: 'sub' }, t('gifttrap.want.title')),
        h('p', { class: 'hint' }, t('gifttrap.want.hint')),
        h(
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
        ),
        slotGrid(m, s, a),
        h(
          'button',
          { class: 'btn btn-primary btn-big', type: 'button', testid: 'submit-wants', disabled: !done || unchanged, onclick: () => a.submitWants() },
          '✓ ',
          sent ? t('gifttrap.want.update') : t('gifttrap.want.submit'),
        ),
        h('p', { class: 'hint', testid: 'want-status' }, !done ? t('gifttrap.want.incomplete') : sent && unchanged ? `✓ ${t('gifttrap.want.submitted')}` : ''),
      );
    }
  }

  if (v.phase === 'reveal' && v.revealer !== null) {
    const rv = v.revealer;
    const wants = v.revealedWants[rv];
    phase.append(h('p', { class: 'lead' }, rv === m.me ? t('gifttrap.reveal.yourTurn') : t('gifttrap.reveal.opening', { name: m.names[rv] })));
    if (wants) {
      phase.append(
        h('h3', { class: 'sub' }, t('gifttrap.reveal.wantsOf', { name: m.names[rv] })),
        h(
          'ul',
          { class: 'wants-list', testid: 'revealed-wants' },
          WANT_KINDS.map((k: WantKind) => h('li', null, h('span', { class: `want-value want-${k}` }, WANT_LABEL[k]), ' ', giftLabel(m, wants[k]))),
        ),
      );
    }
    if (s.canOpen) {
      const boxes = v.closed.filter((c) => c.to === m.me);
      phase.append(
        h(
          'div',
          { class: 'open-buttons' },
          boxes.map((b) =>
            h(
              'button',
              { class: 'btn btn-primary', type: 'button', testid: `open-${b.from}`, onclick: () => a.openFrom(b.from) },
              iconEl('gift'),
              ' ',
              dot(b.from),
              t('gifttrap.reveal.open', { name: m.names[b.from] }),
            ),
          ),
        ),
      );
    }
  }

  if (v.phase === 'reveal' || v.phase === 'over') {
    const line = (o: { from: number; to: number; slot: number; value: number }) => {
      const g = o.slot >= 0 ? giftAt(v, o.slot) : null;
      return h(
        'li',
        null,
        dot(o.from),
        withGift((gift) => t('gifttrap.reveal.result', { from: m.names[o.from], to: m.names[o.to], gift, value: formatValue(o.value) }), g),
      );
    };
    const current = v.revealer !== null ? v.opened.filter((o) => o.to === v.revealer) : [];
    if (current.length) phase.append(h('ol', { class: 'reveal-log current', testid: 'reveal-current' }, current.map(line)));
    if (v.opened.length) {
      phase.append(
        h(
          'details',
          { class: 'log-details', dataset: { key: 'opened-log' } },
          h('summary', null, `${t('gifttrap.reveal.log')} (${v.opened.length})`),
          h('ol', { class: 'reveal-log', testid: 'reveal-log' }, v.opened.map(line)),
        ),
      );
    } else phase.append(h('p', { class: 'hint' }, t('gifttrap.reveal.noneYet')));
  }

  // The previous round, whose last gift was opened as this one began.
  if (s.recap && (v.phase === 'layout' || v.phase === 'give' || v.phase === 'want')) {
    const r = s.recap;
    phase.append(
      h(
        'details',
        { class: 'log-details recap', testid: 'round-recap' },
        h('summary', null, t('gifttrap.reveal.recap', { n: r.round })),
        h(
          'ol',
          { class: 'reveal-log' },
          r.opened.map((o) => {
            const g = r.slotsGift[o.slot] ?? null;
            return h(
              'li',
              null,
              dot(o.from),
              withGift((gift) => t('gifttrap.reveal.result', { from: m.names[o.from], to: m.names[o.to], gift, value: formatValue(o.value) }), g),
            );
          }),
        ),
      ),
    );
  }

  if (v.phase === 'over' && v.winners) {
    phase.prepend(
      h(
        'p',
        { class: 'winners', testid: 'winners' },
        iconEl('trophy', 22),
        ' ',
        t('game.winner', { count: v.winners.length, names: listNames(v.winners.map((w) => m.names[w])) }),
      ),
      h('button', { class: 'btn btn-primary btn-big', type: 'button', testid: 'see-results', onclick: () => a.showResults() }, t('gifttrap.end.show'), ' →'),
    );
  }

  // Scores, for everyone (and for screen readers: the tracks as text).
  out.push(
    h(
      'details',
      { class: 'gt-scores', open: true, dataset: { key: 'scores-box' } },
      h('summary', null, t('gifttrap.scores')),
      h(
        'table',
        { class: 'score-table', testid: 'scores' },
        h('thead', null, h('tr', null, h('th', null, ''), h('th', null, t('gifttrap.tracks.give')), h('th', null, t('gifttrap.tracks.get')))),
        h(
          'tbody',
          null,
          m.names.map((name, i) =>
            h(
              'tr',
              { class: i === m.me ? 'me' : '' },
              h('td', null, dot(i), name, i === v.parent ? [' ', iconEl('crown', 16)] : ''),
              h('td', null, String(v.give[i])),
              h('td', null, String(v.get[i])),
            ),
          ),
        ),
      ),
    ),
  );
  return out;
}

function slotGrid(m: Model, s: SceneState, a: ControlActions): HTMLElement {
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
