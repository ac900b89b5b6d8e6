/**
 * The insurance market's controls: the countdown; for the seller the
 * requests to accept or decline and who is still deciding; for a buyer the
 * houses to ask insurance for, or pass; for everyone else only public facts.
 */
import { h, type Children } from '../../../util/dom.js';
import { t, listNames } from '../../../i18n/index.js';
import { iconEl } from '../../../art/icons.js';
import { housesOf, iDecide, marketPrice, seatName, squareName } from '../model.js';
import { dot, squareButtons, squareLabel, totalLine, who, type PhaseCtx } from './parts.js';

function timer(secondsLeft: number | null): Children {
  if (secondsLeft === null) return null;
  return h(
    'p',
    { class: `wc-timer${secondsLeft <= 10 ? ' urgent' : ''}`, testid: 'market-timer', dataset: { left: String(secondsLeft) }, 'aria-live': 'off' },
    iconEl('stopwatch'),
    ' ',
    t('windcity.market.timer'),
    ' ',
    h('strong', { class: 'wc-timer-num' }, String(secondsLeft)),
    ' s',
  );
}

/** A request's answer buttons while it waits for me, else how it was answered. */
function answerRow({ s, a }: PhaseCtx, r: { buyer: number; price: number; answer: 'accepted' | 'declined' | null }): HTMLElement {
  if (r.answer === null && s.requests.some((x) => x.buyer === r.buyer)) {
    return h(
      'div',
      { class: 'row' },
      h(
        'button',
        { class: 'btn btn-primary', type: 'button', testid: `accept-${r.buyer}`, onclick: () => a.answer(r.buyer, true) },
        '✓ ',
        t('windcity.market.accept', { price: r.price }),
      ),
      h('button', { class: 'btn', type: 'button', testid: `decline-${r.buyer}`, onclick: () => a.answer(r.buyer, false) }, '✕ ', t('windcity.market.decline')),
    );
  }
  const said = r.answer === 'accepted' ? `✓ ${t('windcity.market.accepted')}` : r.answer === 'declined' ? `✕ ${t('windcity.market.declined')}` : '…';
  return h('div', { class: 'wc-answer' }, said);
}

function sellerView(c: PhaseCtx): Children {
  const { m } = c;
  const reqs = m.secret?.requests ?? [];
  // The seller's own view lists who has neither asked nor passed (WindCitySeatView.undecided).
  const still = m.secret?.undecided ?? [];
  // The requests right under the prompt: on a phone the controls open at the prompt, and the first answer must be in sight.
  return [
    h('p', { class: 'lead' }, t('windcity.market.seller')),
    reqs.length
      ? h(
          'ul',
          { class: 'wc-requests', testid: 'requests' },
          reqs.map((r) =>
            h(
              'li',
              { class: `wc-request ${r.answer ?? 'open'}`, dataset: { buyer: String(r.buyer) } },
              h('div', null, who(m, r.buyer), ' ', t('windcity.market.asks', { count: r.squares.length, price: r.price })),
              h('div', { class: 'wc-req-squares' }, r.squares.map((sq) => squareLabel(m, sq)).join(', ')),
              answerRow(c, r),
            ),
          ),
        )
      : null,
    h('p', { class: 'hint' }, t('windcity.market.sellerHint')),
    h(
      'p',
      { class: 'hint', testid: 'market-deciding' },
      still.length ? t('windcity.market.stillDeciding', { names: listNames(still.map((x) => seatName(m, x))) }) : t('windcity.market.allDecided'),
    ),
  ];
}

function buyerView({ s, a, m, v }: PhaseCtx, seller: number): Children {
  const mine = housesOf(v, m.me).filter((sq) => !v.houses[sq]!.insured);
  const price = s.selected.reduce((sum, sq) => sum + marketPrice(sq, v.houses[sq]!), 0);
  const over = price > v.coins[m.me];
  return [
    h('p', { class: 'lead' }, t('windcity.market.buyer', { name: seatName(m, seller) })),
    h('p', { class: 'hint' }, t('windcity.market.buyerHint')),
    squareButtons(m, mine, 'ask', (sq) => a.toggleSquare(sq), { selected: s.selected, price: (sq) => marketPrice(sq, v.houses[sq]!), disabled: s.sent }),
    totalLine('ask-total', over, t('windcity.market.total', { price, coins: v.coins[m.me] })),
    h(
      'div',
      { class: 'row action-row' },
      h(
        'button',
        { class: 'btn btn-primary', type: 'button', testid: 'ask-confirm', disabled: s.sent || !s.selected.length || over, onclick: () => a.ask() },
        iconEl('shield'),
        ' ',
        s.selected.length ? t('windcity.market.ask', { count: s.selected.length, price }) : t('windcity.market.askNone'),
      ),
      h('button', { class: 'btn', type: 'button', testid: 'pass', disabled: s.sent, onclick: () => a.pass() }, t('windcity.market.pass')),
    ),
  ];
}

/** Anyone else: my own request and its answer, or why I do not buy; then the public facts. */
function otherView({ m }: PhaseCtx, mk: { seller: number; buyers: number[] }): Children {
  const mine = m.secret?.myRequest;
  let lead: Children = null;
  if (mine) {
    lead = h(
      'p',
      { class: 'lead', testid: 'my-request', dataset: { answer: mine.answer ?? 'open' } },
      mine.answer === 'accepted'
        ? t('windcity.market.mineAccepted', { count: mine.squares.length, price: mine.price })
        : mine.answer === 'declined'
          ? t('windcity.market.mineDeclined')
          : t('windcity.market.mineOpen', { count: mine.squares.length, price: mine.price, name: seatName(m, mk.seller) }),
    );
  } else if (m.me >= 0) lead = h('p', { class: 'lead' }, t(mk.buyers.includes(m.me) ? 'windcity.market.passed' : 'windcity.market.cannotBuy'));
  // Onlookers see only public facts: who may buy, from whom, and (below) the insurance accepted.
  const names = listNames(mk.buyers.map((x) => seatName(m, x)));
  return [
    lead,
    h('p', { class: 'hint', testid: 'market-public' }, t('windcity.market.public', { count: mk.buyers.length, names, seller: seatName(m, mk.seller) })),
  ];
}

export function marketPhase(c: PhaseCtx): Children {
  const { m, v } = c;
  const mk = v.market;
  if (!mk) return null;
  const role = m.me === mk.seller ? sellerView(c) : iDecide(m) ? buyerView(c, mk.seller) : otherView(c, mk);
  const accepted = mk.accepted.length
    ? h(
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
      )
    : null;
  return [timer(c.secondsLeft), role, accepted];
}
