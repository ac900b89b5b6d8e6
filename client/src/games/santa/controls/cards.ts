/** The Santa controls around the cards: my pick, the cards of the round once revealed, and Santa naming who orders a tie. */
import { h } from '../../../util/dom.js';
import { t, listNames } from '../../../i18n/index.js';
import { cardName, cardText, nameYou, seatName, type Model } from '../model.js';
import type { SceneState } from '../scene-state.js';
import { dot, howText, waitingLead } from './parts.js';
import type { ControlActions, Part } from './types.js';

/** One card of my hand as a button (disabled once played). */
function cardButton(s: SceneState, a: ControlActions, card: number, hand: Set<number>): HTMLElement {
  const m = s.model;
  const isSanta = m.me === m.view.santa;
  const inHand = hand.has(card);
  const chosen = s.myPick === card;
  return h(
    'button',
    {
      class: `btn sc-card-btn${chosen ? ' selected' : ''}${inHand ? '' : ' played'}${m.me % 2 === 1 ? ' red' : ''}`,
      type: 'button',
      testid: `card-${card}`,
      disabled: !inHand,
      'aria-pressed': String(chosen),
      title: inHand ? t('santa.pick.steps', { card: cardName(card), how: howText(card, isSanta) }) : t('santa.pick.played'),
      'aria-label': inHand ? `${t('santa.pick.card', { card: cardName(card) })} — ${howText(card, isSanta)}` : `${cardName(card)} (${t('santa.pick.played')})`,
      onclick: () => a.pick(card),
    },
    cardText(card, m.me),
  );
}

export const pick: Part = (s, a) => {
  const m = s.model;
  const v = m.view;
  if (m.me < 0) return h('p', { class: 'lead' }, t('santa.pick.spectator'));
  const hand = new Set(v.hands[m.me] ?? []);
  const isSanta = m.me === v.santa;
  return [
    h('h3', { class: 'sub' }, t('santa.pick.title')),
    h('p', { class: 'hint' }, t('santa.pick.hint')),
    h(
      'div',
      { class: 'sc-hand', role: 'group', 'aria-label': t('santa.pick.hand') },
      Array.from({ length: 13 }, (_, i) => cardButton(s, a, i + 1, hand)),
    ),
    h(
      'p',
      { class: 'hint', testid: 'pick-status' },
      s.myPick !== null ? `✓ ${t('santa.pick.yourPick', { card: cardName(s.myPick) })} ${howText(s.myPick, isSanta)}.` : t('santa.pick.none'),
    ),
  ];
};

/** The cards of the round, once revealed. */
export const revealed: Part = (s) => {
  const m: Model = s.model;
  const v = m.view;
  if (!v.played.some((c) => c !== null)) return null;
  return h(
    'ul',
    { class: 'sc-revealed', testid: 'revealed' },
    v.played.map((c, seat) =>
      h(
        'li',
        { class: v.tied.includes(seat) && v.tied.length > 1 ? 'tied' : '' },
        dot(seat),
        seatName(m, seat),
        ' ',
        h('strong', { class: `sc-card-text${seat % 2 === 1 ? ' red' : ''}` }, c === null ? '—' : cardText(c, seat)),
      ),
    ),
  );
};

/** A tie still tied: Santa names who orders the round. */
export const chooser: Part = (s, a) => {
  const m = s.model;
  const v = m.view;
  if (m.me !== v.santa) {
    return waitingLead(t('santa.chooser.waiting', { name: seatName(m, v.santa), names: listNames(v.candidates.map((c) => seatName(m, c))) }));
  }
  return [
    h('p', { class: 'lead' }, t('santa.chooser.yours')),
    h(
      'div',
      { class: 'open-buttons' },
      v.candidates.map((seat) =>
        h(
          'button',
          { class: 'btn btn-primary', type: 'button', testid: `chooser-${seat}`, onclick: () => a.clickPlate(seat) },
          dot(seat),
          t('santa.chooser.choose', { name: nameYou(m, seat) }),
        ),
      ),
    ),
  ];
};
