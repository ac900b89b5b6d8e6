/**
 * The DOM side of the Wind City table: every action the canvas offers is
 * also a button here (squares, the card's actions and their order, houses to
 * insure, the market's answers), so the game is playable by keyboard, by
 * screen reader and on a phone (where these controls stack below the table).
 */
import { h } from '../../util/dom.js';
import { t, listNames } from '../../i18n/index.js';
import { playerColor } from '../colors.js';
import type { SquareId } from '@fireside/shared/games/windcity/types';
import { isBeach, isObservatory, rowOf, sectionOf, BEACH_ROW } from '@fireside/shared/games/windcity/board';
import {
  actionText,
  awaited,
  awaitedFor,
  colName,
  houseStats,
  housesOf,
  iDecide,
  marketPrice,
  myCard,
  myKauf,
  myPlacements,
  nameYou,
  renewPrice,
  renewableOf,
  seatName,
  squareName,
  type Model,
} from './model.js';
import { planText, recentEntries } from './events.js';
import type { SceneState } from './scene.js';
import { iconEl } from '../../art/icons.js';

export interface ControlActions {
  clickSquare(sq: SquareId): void;
  hurricane(col: number): void;
  toggleAction(i: number): void;
  movePlan(i: number, delta: number): void;
  confirmPlan(): void;
  toggleSquare(sq: SquareId): void;
  confirmRenew(): void;
  ask(): void;
  pass(): void;
  answer(buyer: number, accept: boolean): void;
  clearSelection(): void;
  openRules(): void;
  showResults(): void;
}

function dot(seat: number): HTMLElement {
  return h('span', { class: 'pdot', style: { background: playerColor(seat) }, 'aria-hidden': 'true' });
}

function who(m: Model, seat: number): HTMLElement {
  return h('span', { class: 'who' }, dot(seat), nameYou(m, seat));
}

/** "C4 · beach", "E9 · double". */
function squareLabel(m: Model, sq: SquareId): string {
  const house = m.view.houses[sq];
  const tags: string[] = [];
  if (isBeach(sq)) tags.push(t('windcity.square.beach'));
  if (house?.count === 2) tags.push(t('windcity.square.double'));
  if (house?.insured) tags.push(t('windcity.square.insured'));
  return tags.length ? `${squareName(sq)} · ${tags.join(' · ')}` : squareName(sq);
}

function squareButtons(
  m: Model,
  squares: SquareId[],
  prefix: string,
  onClick: (sq: SquareId) => void,
  opts: { selected?: SquareId[]; price?: (sq: SquareId) => number; disabled?: boolean } = {},
): HTMLElement {
  const sel = new Set(opts.selected ?? []);
  return h(
    'div',
    { class: 'wc-squares', role: 'group' },
    squares.map((sq) => {
      const on = sel.has(sq);
      const price = opts.price?.(sq);
      return h(
        'button',
        {
          class: `btn wc-sq-btn${on ? ' selected' : ''}${isBeach(sq) ? ' beach' : ''}`,
          type: 'button',
          testid: `${prefix}-${sq}`,
          disabled: opts.disabled,
          'aria-pressed': opts.selected ? String(on) : undefined,
          onclick: () => onClick(sq),
        },
        opts.selected ? h('span', { class: 'wc-check', 'aria-hidden': 'true' }, on ? '☑' : '☐') : null,
        h('span', { class: 'wc-sq-label' }, squareLabel(m, sq)),
        price !== undefined ? h('span', { class: 'wc-price' }, iconEl('coin', 14), String(price)) : null,
      );
    }),
  );
}

/** Per section in play: my houses there and the quota; beach houses. */
function quotaLine(m: Model): HTMLElement {
  const v = m.view;
  const mine = housesOf(v, m.me);
  const parts = v.sections.map((s) => t('windcity.placement.section', { s, n: mine.filter((sq) => sectionOf(sq) === s).length, q: v.quota }));
  const beach = mine.filter((sq) => rowOf(sq) === BEACH_ROW).length;
  parts.push(t('windcity.placement.beach', { n: beach, max: v.beachMax }));
  return h('p', { class: 'hint', testid: 'quota' }, parts.join(' · '));
}

export function renderControls(s: SceneState, a: ControlActions, secondsLeft: number | null): HTMLElement[] {
  const m = s.model;
  const v = m.view;
  const out: HTMLElement[] = [];
  const turn = v.turn === 0 ? t('windcity.header.setup') : t('windcity.header.turn', { n: v.turn });

  out.push(
    h(
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
        h(
          'p',
          { class: 'wc-role', testid: 'my-role' },
          m.me < 0
            ? [iconEl('eyes'), ' ', t('windcity.role.watching')]
            : h('span', null, dot(m.me), t('windcity.role.you', { name: seatName(m, m.me) }), ' · ', iconEl('coin', 16), ' ', String(v.coins[m.me])),
        ),
        h(
          'button',
          { class: 'btn btn-small', type: 'button', testid: 'windcity-rules', onclick: () => a.openRules() },
          iconEl('book', 16),
          ' ',
          t('windcity.options.rules'),
        ),
      ),
    ),
  );

  if (v.phase !== 'over') {
    // In the market only the seller knows who is still deciding; everyone else
    // sees who takes part (the public set, fixed for the whole market).
    const inMarket = v.phase === 'market' && v.market !== null && m.me !== v.market.seller;
    const waiting = inMarket ? awaited(v) : awaitedFor(m);
    const label = inMarket ? t('windcity.market.inMarket') : t('game.deciding');
    out.push(
      h(
        'p',
        { class: 'gt-deciding', testid: 'deciding', 'aria-live': 'polite' },
        waiting.length ? [h('span', { class: 'muted' }, label), ' ', waiting.map((seat) => who(m, seat))] : t('game.nobodyDeciding'),
      ),
    );
  }

  const phase = h('div', { class: `wc-phase wc-${v.phase}`, testid: `phase-${v.phase}` });
  out.push(phase);
  const waitFor = (key: string, seat: number) => phase.append(h('p', { class: 'lead' }, iconEl('hourglass'), ' ', t(key, { name: seatName(m, seat) })));

  if (v.phase === 'hurricane' && v.placer !== null) {
    if (m.me === v.placer && !s.sent) {
      phase.append(
        h('p', { class: 'lead' }, t('windcity.hurricane.yours')),
        h('p', { class: 'hint' }, t('windcity.hurricane.hint')),
        h(
          'div',
          { class: 'wc-cols', role: 'group' },
          Array.from({ length: 8 }, (_, col) =>
            h(
              'button',
              {
                class: 'btn wc-col-btn',
                type: 'button',
                testid: `col-${col}`,
                'aria-label': t('windcity.hurricane.col', { sq: squareName(col) }),
                onclick: () => a.hurricane(col),
              },
              colName(col),
              isObservatory(col) ? [' ', iconEl('telescope', 14)] : '',
            ),
          ),
        ),
      );
    } else waitFor('windcity.hurricane.waiting', v.placer);
  }

  if (v.phase === 'placement' && v.placer !== null) {
    const legal = myPlacements(m);
    if (legal && !s.sent) {
      const left = 12 - housesOf(v, m.me).length;
      phase.append(
        h('p', { class: 'lead' }, t('windcity.placement.yours', { count: left })),
        h('p', { class: 'hint' }, t('windcity.placement.hint', { quota: v.quota, max: v.beachMax })),
        quotaLine(m),
        squareButtons(m, legal, 'square', (sq) => a.clickSquare(sq)),
      );
    } else {
      waitFor('windcity.placement.waiting', v.placer);
      if (m.me >= 0) phase.append(quotaLine(m));
    }
  }

  if (v.phase === 'plan') {
    const card = myCard(m);
    if (card && s.canPlan) {
      const coins = v.coins[m.me];
      phase.append(
        h('p', { class: 'lead' }, t('windcity.plan.yours', { n: card.id })),
        h('p', { class: 'hint' }, t('windcity.plan.hint')),
        h(
          'div',
          { class: 'wc-actions', role: 'group', 'aria-label': t('windcity.plan.card', { n: card.id }) },
          card.actions.map((act, i) => {
            const k = s.plan.indexOf(i);
            return h(
              'button',
              {
                class: `btn wc-action-btn${k >= 0 ? ' selected' : ''}`,
                type: 'button',
                testid: `action-${i}`,
                'aria-pressed': String(k >= 0),
                disabled: s.sent || (k < 0 && s.plan.length >= 3),
                onclick: () => a.toggleAction(i),
              },
              h('span', { class: 'wc-action-num' }, k >= 0 ? `${k + 1}.` : `(${i + 1})`),
              h('span', { class: 'wc-action-text' }, actionText(act)),
              h('span', { class: 'wc-price' }, iconEl('coin', 14), String(act.cost)),
            );
          }),
        ),
      );
      if (s.plan.length) {
        phase.append(
          h('h3', { class: 'sub' }, t('windcity.plan.order')),
          h(
            'ol',
            { class: 'wc-plan', testid: 'plan-list' },
            s.plan.map((i, k) =>
              h(
                'li',
                { class: 'wc-plan-item' },
                h(
                  'span',
                  { class: 'wc-plan-text' },
                  actionText(card.actions[i]),
                  h('small', { class: 'muted' }, ' ', iconEl('coin', 13), String(card.actions[i].cost)),
                ),
                h(
                  'button',
                  {
                    class: 'btn btn-small',
                    type: 'button',
                    testid: `plan-up-${i}`,
                    disabled: k === 0,
                    'aria-label': t('windcity.plan.up', { action: actionText(card.actions[i]) }),
                    onclick: () => a.movePlan(i, -1),
                  },
                  '↑',
                ),
                h(
                  'button',
                  {
                    class: 'btn btn-small',
                    type: 'button',
                    testid: `plan-down-${i}`,
                    disabled: k === s.plan.length - 1,
                    'aria-label': t('windcity.plan.down', { action: actionText(card.actions[i]) }),
                    onclick: () => a.movePlan(i, 1),
                  },
                  '↓',
                ),
                h(
                  'button',
                  {
                    class: 'btn btn-small',
                    type: 'button',
                    testid: `plan-remove-${i}`,
                    'aria-label': t('windcity.plan.remove', { action: actionText(card.actions[i]) }),
                    onclick: () => a.toggleAction(i),
                  },
                  '✕',
                ),
              ),
            ),
          ),
        );
      }
      const over = s.planCost > coins;
      phase.append(
        h('p', { class: `wc-total${over ? ' over' : ''}`, testid: 'plan-total' }, t('windcity.card.total', { cost: s.planCost, coins })),
        previewText(s) ?? '',
        h(
          'button',
          {
            class: 'btn btn-primary btn-big',
            type: 'button',
            testid: 'plan-confirm',
            disabled: s.sent || !s.plan.length || over,
            onclick: () => a.confirmPlan(),
          },
          '✓ ',
          t('windcity.plan.confirm'),
        ),
      );
    } else waitFor('windcity.plan.waiting', v.active);
  }

  if (v.phase === 'renew') {
    if (m.me === v.active && myCard(m)) {
      const card = myCard(m)!;
      // Only the insurance that expired as this turn began may be renewed; no new house can be insured.
      const mine = renewableOf(v, m.me);
      const cost = s.selected.reduce((sum, sq) => sum + renewPrice(sq, v.houses[sq]!), 0);
      const spare = v.coins[m.me] - s.planCost;
      const over = cost > spare;
      phase.append(
        h('p', { class: 'lead' }, t('windcity.renew.yours')),
        h('p', { class: 'hint' }, t('windcity.renew.plan', { plan: planText(card.id, s.plan), cost: s.planCost })),
        previewText(s) ?? '',
        h('p', { class: 'hint' }, t('windcity.renew.hint')),
        mine.length
          ? squareButtons(m, mine, 'renew', (sq) => a.toggleSquare(sq), {
              selected: s.selected,
              price: (sq) => renewPrice(sq, v.houses[sq]!),
              disabled: s.sent,
            })
          : h('p', { class: 'hint' }, t('windcity.renew.none')),
        h('p', { class: `wc-total${over ? ' over' : ''}`, testid: 'renew-total' }, t('windcity.renew.total', { cost, spare })),
        h(
          'button',
          { class: 'btn btn-primary btn-big', type: 'button', testid: 'renew-confirm', disabled: s.sent || over, onclick: () => a.confirmRenew() },
          '✓ ',
          s.selected.length ? t('windcity.renew.confirm', { count: s.selected.length, cost }) : t('windcity.renew.skip'),
        ),
      );
    } else waitFor('windcity.renew.waiting', v.active);
  }

  if (v.phase === 'market' && v.market) {
    const mk = v.market;
    if (secondsLeft !== null) {
      phase.append(
        h(
          'p',
          { class: `wc-timer${secondsLeft <= 10 ? ' urgent' : ''}`, testid: 'market-timer', dataset: { left: String(secondsLeft) }, 'aria-live': 'off' },
          iconEl('stopwatch'),
          ' ',
          t('windcity.market.timer'),
          ' ',
          h('strong', { class: 'wc-timer-num' }, String(secondsLeft)),
          ' s',
        ),
      );
    }
    if (m.me === mk.seller) {
      const reqs = m.secret?.requests ?? [];
      phase.append(h('p', { class: 'lead' }, t('windcity.market.seller')), h('p', { class: 'hint' }, t('windcity.market.sellerHint')));
      if (reqs.length) {
        phase.append(
          h(
            'ul',
            { class: 'wc-requests', testid: 'requests' },
            reqs.map((r) =>
              h(
                'li',
                { class: `wc-request ${r.answer ?? 'open'}`, dataset: { buyer: String(r.buyer) } },
                h('div', null, who(m, r.buyer), ' ', t('windcity.market.asks', { count: r.squares.length, price: r.price })),
                h('div', { class: 'wc-req-squares' }, r.squares.map((sq) => squareLabel(m, sq)).join(', ')),
                r.answer === null && s.requests.some((x) => x.buyer === r.buyer)
                  ? h(
                      'div',
                      { class: 'row' },
                      h(
                        'button',
                        { class: 'btn btn-primary', type: 'button', testid: `accept-${r.buyer}`, onclick: () => a.answer(r.buyer, true) },
                        '✓ ',
                        t('windcity.market.accept', { price: r.price }),
                      ),
                      h(
                        'button',
                        { class: 'btn', type: 'button', testid: `decline-${r.buyer}`, onclick: () => a.answer(r.buyer, false) },
                        '✕ ',
                        t('windcity.market.decline'),
                      ),
                    )
                  : h(
                      'div',
                      { class: 'wc-answer' },
                      r.answer === 'accepted' ? `✓ ${t('windcity.market.accepted')}` : r.answer === 'declined' ? `✕ ${t('windcity.market.declined')}` : '…',
                    ),
              ),
            ),
          ),
        );
      }
      // The seller's own view lists who has neither asked nor passed (WindCitySeatView.undecided).
      const still = m.secret?.undecided ?? [];
      phase.append(
        h(
          'p',
          { class: 'hint', testid: 'market-deciding' },
          still.length ? t('windcity.market.stillDeciding', { names: listNames(still.map((x) => seatName(m, x))) }) : t('windcity.market.allDecided'),
        ),
      );
    } else if (iDecide(m)) {
      const mine = housesOf(v, m.me).filter((sq) => !v.houses[sq]!.insured);
      const price = s.selected.reduce((sum, sq) => sum + marketPrice(sq, v.houses[sq]!), 0);
      const over = price > v.coins[m.me];
      phase.append(
        h('p', { class: 'lead' }, t('windcity.market.buyer', { name: seatName(m, mk.seller) })),
        h('p', { class: 'hint' }, t('windcity.market.buyerHint')),
        squareButtons(m, mine, 'ask', (sq) => a.toggleSquare(sq), { selected: s.selected, price: (sq) => marketPrice(sq, v.houses[sq]!), disabled: s.sent }),
        h('p', { class: `wc-total${over ? ' over' : ''}`, testid: 'ask-total' }, t('windcity.market.total', { price, coins: v.coins[m.me] })),
        h(
          'div',
          { class: 'row' },
          h(
            'button',
            { class: 'btn btn-primary', type: 'button', testid: 'ask-confirm', disabled: s.sent || !s.selected.length || over, onclick: () => a.ask() },
            iconEl('shield'),
            ' ',
            s.selected.length ? t('windcity.market.ask', { count: s.selected.length, price }) : t('windcity.market.askNone'),
          ),
          h('button', { class: 'btn', type: 'button', testid: 'pass', disabled: s.sent, onclick: () => a.pass() }, t('windcity.market.pass')),
        ),
      );
    } else {
      const mine = m.secret?.myRequest;
      if (mine) {
        phase.append(
          h(
            'p',
            { class: 'lead', testid: 'my-request', dataset: { answer: mine.answer ?? 'open' } },
            mine.answer === 'accepted'
              ? t('windcity.market.mineAccepted', { count: mine.squares.length, price: mine.price })
              : mine.answer === 'declined'
                ? t('windcity.market.mineDeclined')
                : t('windcity.market.mineOpen', { count: mine.squares.length, price: mine.price, name: seatName(m, mk.seller) }),
          ),
        );
      } else if (m.me >= 0) phase.append(h('p', { class: 'lead' }, t(mk.buyers.includes(m.me) ? 'windcity.market.passed' : 'windcity.market.cannotBuy')));
      // Onlookers see only public facts: who may buy, from whom, and (below) the insurance accepted.
      phase.append(
        h(
          'p',
          { class: 'hint', testid: 'market-public' },
          t('windcity.market.public', { count: mk.buyers.length, names: listNames(mk.buyers.map((x) => seatName(m, x))), seller: seatName(m, mk.seller) }),
        ),
      );
    }
    if (mk.accepted.length) {
      phase.append(
        h(
          'ul',
          { class: 'wc-accepted', testid: 'accepted' },
          mk.accepted.map((x) =>
            h(
              'li',
              null,
              dot(x.buyer),
              t('windcity.events.insured', {
                seller: seatName(m, mk.seller),
                buyer: seatName(m, x.buyer),
                count: x.squares.length,
                price: x.price,
                squares: x.squares.map(squareName).join(' '),
              }),
            ),
          ),
        ),
      );
    }
  }

  if (v.phase === 'kauf') {
    const ks = myKauf(m);
    if (ks && !s.sent) {
      phase.append(
        h('p', { class: 'lead' }, t('windcity.kauf.yours')),
        h('p', { class: 'hint' }, t('windcity.kauf.hint')),
        squareButtons(m, ks, 'kauf', (sq) => a.clickSquare(sq)),
      );
    } else waitFor('windcity.kauf.waiting', v.active);
  }

  // The last revealed act, for everyone.
  if (v.act && v.phase !== 'hurricane' && v.phase !== 'placement') {
    const act = v.act;
    phase.append(
      h(
        'div',
        { class: 'wc-last-act', testid: 'last-act' },
        h('h3', { class: 'sub' }, t('windcity.act.title', { turn: act.turn })),
        h('p', null, dot(act.seat), t('windcity.events.reveal', { name: seatName(m, act.seat), card: act.card, plan: planText(act.card, act.plan) })),
        act.done
          ? h(
              'p',
              { class: 'hint' },
              t('windcity.act.summary', {
                paid: act.paid,
                destroyed: act.segments.reduce((n, seg) => n + (seg.kind === 'move' ? seg.steps.filter((x) => x.destroyed).length : 0), 0),
              }),
            )
          : null,
      ),
    );
  }

  if (v.phase === 'over' && v.winners) {
    phase.append(
      h(
        'p',
        { class: 'winners', testid: 'winners' },
        iconEl('trophy', 22),
        ' ',
        t('game.winner', { count: v.winners.length, names: listNames(v.winners.map((w) => seatName(m, w))) }),
      ),
      h('button', { class: 'btn btn-primary btn-big', type: 'button', testid: 'see-results', onclick: () => a.showResults() }, t('windcity.phase.over'), ' →'),
    );
  }

  // What happened lately.
  const entries = recentEntries(m);
  out.push(
    h(
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
    ),
  );

  // The players, as text.
  out.push(
    h(
      'details',
      { class: 'gt-scores', open: true, dataset: { key: 'windcity-scores' } },
      h('summary', null, t('windcity.players')),
      h(
        'table',
        { class: 'score-table', testid: 'scores' },
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            h('th', null, ''),
            h('th', null, iconEl('coin', 16)),
            h('th', null, t('windcity.col.houses')),
            h('th', null, iconEl('shield', 16)),
            h('th', null, t('windcity.col.points')),
          ),
        ),
        h(
          'tbody',
          null,
          m.names.map((name, i) => {
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
          }),
        ),
      ),
      h('p', { class: 'hint wc-legend' }, t('windcity.legend')),
    ),
  );
  return out;
}

/** The plan's path in words: where the hurricane would stop, and which houses it would blow away. */
function previewText(s: SceneState): HTMLElement | null {
  const p = s.preview;
  if (!p) return null;
  const m = s.model;
  const lost = p.destroyed.map((sq) => {
    const owner = m.view.houses[sq]?.owner;
    return `${squareName(sq)}${owner !== undefined ? ` (${seatName(m, owner)})` : ''}`;
  });
  const parts: string[] = [];
  parts.push(p.exited ? t('windcity.preview.exit') : p.end !== null ? t('windcity.preview.end', { sq: squareName(p.end) }) : '');
  parts.push(lost.length ? t('windcity.preview.destroys', { houses: lost.join(', ') }) : t('windcity.preview.destroysNone'));
  const obs = p.segments.filter((x) => x.observatory).length;
  if (obs) parts.push(t('windcity.preview.observatory', { n: obs * 5 }));
  return h('p', { class: 'hint wc-preview', testid: 'plan-preview' }, iconEl('cyclone'), ' ', parts.filter(Boolean).join(' '));
}
