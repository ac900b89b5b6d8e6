/**
 * The DOM side of the Santa Claus table: every action the canvas offers is
 * also a button here (houses, cards, the order, routes, Santa's choices), so
 * the game is playable by keyboard, by screen reader and on a phone (where
 * these controls stack below the table).
 */
import { h } from '../../util/dom.js';
import { t, listNames } from '../../i18n/index.js';
import { playerColor } from '../colors.js';
import type { HouseId, LogEntry, Route } from '@fireside/shared/games/santa/types';
import { maxSteps } from '@fireside/shared/games/santa/queries';
import { ROUNDS, awaited, cardName, cardText, houseLabel, houseName, myMoves, nameYou, seatName, setupHouses, type Model } from './model.js';
import { currentEntries, describe } from './events.js';
import type { SceneState } from './scene.js';
import { iconEl } from '../../art/icons.js';

export interface ControlActions {
  clickHouse(house: HouseId): void;
  pick(card: number): void;
  chooseRoute(route: Route): void;
  cancelRoute(): void;
  moveInOrder(seat: number, delta: number): void;
  placeInOrder(seat: number, index: number): void;
  confirmOrder(): void;
  clickPlate(seat: number): void;
  openRules(): void;
  showResults(): void;
}

function dot(seat: number): HTMLElement {
  return h('span', { class: 'pdot', style: { background: playerColor(seat) }, 'aria-hidden': 'true' });
}

function who(m: Model, seat: number): HTMLElement {
  return h('span', { class: 'who' }, dot(seat), seat === m.view.santa ? [iconEl('santa'), ' '] : '', nameYou(m, seat));
}

/** What a card does for a role, in words. */
export function howText(card: number, santa: boolean): string {
  if (card >= 11) return santa ? t('santa.move.flight') : t('santa.move.bike');
  return t(santa ? 'santa.move.walkSanta' : 'santa.move.walk', { max: maxSteps(card) });
}

function houseButtons(m: Model, houses: HouseId[], a: ControlActions, prefix: string, s: SceneState): HTMLElement {
  return h(
    'div',
    { class: 'sc-houses', role: 'group' },
    houses.map((id) => {
      const here = m.view.positions.map((p, seat) => (p === id ? seat : -1)).filter((seat) => seat >= 0);
      return h(
        'button',
        {
          class: `btn sc-house-btn${s.routeTarget === id ? ' selected' : ''}`,
          type: 'button',
          testid: `${prefix}-${id}`,
          'aria-label': t('santa.house', { label: m.town.houses[id].label, name: houseName(m.town, id) }),
          onclick: () => a.clickHouse(id),
        },
        h('span', { class: 'sc-house-label' }, houseLabel(m.town, id)),
        m.view.present[id] ? h('span', { class: 'sc-mini', 'aria-hidden': 'true' }, iconEl('gift', 14)) : null,
        m.view.away.includes(id) ? h('span', { class: 'sc-mini', 'aria-hidden': 'true' }, iconEl('luggage', 14)) : null,
        here.map((seat) =>
          h(
            'span',
            { class: 'mark', style: { background: playerColor(seat) }, 'aria-hidden': 'true' },
            seat === m.view.santa ? iconEl('santa', 14) : seatName(m, seat).slice(0, 1).toUpperCase(),
          ),
        ),
      );
    }),
  );
}

function lastOrderBy(m: Model): Extract<LogEntry, { kind: 'order-by' }> | null {
  for (let i = m.view.log.length - 1; i >= 0; i--) {
    const e = m.view.log[i];
    if (e.kind === 'order-by' && e.round === m.view.round) return e;
    if (e.kind === 'reveal') break;
  }
  return null;
}

export function renderControls(s: SceneState, a: ControlActions): HTMLElement[] {
  const m = s.model;
  const v = m.view;
  const out: HTMLElement[] = [];
  const isSanta = m.me === v.santa;

  // Where we are, and who I am.
  const round = v.round === 0 ? t('santa.header.setup') : t('santa.header.round', { n: v.round, total: ROUNDS });
  out.push(
    h(
      'div',
      { class: 'sc-head' },
      h(
        'h2',
        { class: 'panel-title', testid: 'phase-title', dataset: { phase: v.phase, round: String(v.round) } },
        `${round} · ${t(`santa.phase.${v.phase}`)}`,
      ),
      h(
        'div',
        { class: 'sc-role-row' },
        h(
          'p',
          { class: 'sc-role', testid: 'my-role', dataset: { role: m.me < 0 ? 'spectator' : isSanta ? 'santa' : 'kid' } },
          m.me < 0
            ? [iconEl('eyes'), ' ', t('santa.role.watching')]
            : isSanta
              ? [iconEl('santa'), ' ', t('santa.role.youSanta')]
              : [iconEl('child'), ' ', t('santa.role.youKid')],
        ),
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
    ),
  );

  // Who the game waits for (during the picks: who has picked, never which card).
  if (v.phase !== 'over') {
    const waiting = awaited(v);
    out.push(
      h(
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
      ),
    );
  }

  const phase = h('div', { class: `sc-phase sc-${v.phase}`, testid: `phase-${v.phase}` });
  out.push(phase);

  if (v.phase === 'away') {
    const houses = setupHouses(m);
    if (houses && s.clickable.length) {
      phase.append(
        h('p', { class: 'lead' }, t('santa.away.yours', { count: v.awayLeft })),
        h('p', { class: 'hint' }, t('santa.away.hint')),
        houseButtons(m, houses, a, 'house', s),
      );
    } else if (v.awayPlacer !== null) {
      phase.append(
        h('p', { class: 'lead' }, iconEl('hourglass'), ' ', t('santa.away.waiting', { name: seatName(m, v.awayPlacer), count: v.awayLeft })),
        h('p', { class: 'hint' }, t('santa.away.hint')),
      );
    }
  }

  if (v.phase === 'start' && v.starter !== null) {
    const houses = setupHouses(m);
    if (houses && s.clickable.length) {
      phase.append(h('p', { class: 'lead' }, isSanta ? t('santa.start.yoursSanta') : t('santa.start.yoursKid')), houseButtons(m, houses, a, 'house', s));
    } else phase.append(h('p', { class: 'lead' }, iconEl('hourglass'), ' ', t('santa.start.waiting', { name: seatName(m, v.starter) })));
  }

  if (v.phase === 'pick') {
    if (m.me < 0) phase.append(h('p', { class: 'lead' }, t('santa.pick.spectator')));
    else {
      const hand = new Set(v.hands[m.me] ?? []);
      phase.append(
        h('h3', { class: 'sub' }, t('santa.pick.title')),
        h('p', { class: 'hint' }, t('santa.pick.hint')),
        h(
          'div',
          { class: 'sc-hand', role: 'group', 'aria-label': t('santa.pick.hand') },
          Array.from({ length: 13 }, (_, i) => i + 1).map((card) => {
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
                'aria-label': inHand
                  ? `${t('santa.pick.card', { card: cardName(card) })} — ${howText(card, isSanta)}`
                  : `${cardName(card)} (${t('santa.pick.played')})`,
                onclick: () => a.pick(card),
              },
              cardText(card, m.me),
            );
          }),
        ),
        h(
          'p',
          { class: 'hint', testid: 'pick-status' },
          s.myPick !== null ? `✓ ${t('santa.pick.yourPick', { card: cardName(s.myPick) })} ${howText(s.myPick, isSanta)}.` : t('santa.pick.none'),
        ),
      );
    }
  }

  // The cards of the round, once revealed.
  if (v.played.some((c) => c !== null)) {
    phase.append(
      h(
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
      ),
    );
  }

  if (v.phase === 'chooser') {
    if (isSanta) {
      phase.append(
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
      );
    } else
      phase.append(
        h(
          'p',
          { class: 'lead' },
          iconEl('hourglass'),
          ' ',
          t('santa.chooser.waiting', { name: seatName(m, v.santa), names: listNames(v.candidates.map((c) => seatName(m, c))) }),
        ),
      );
  }

  if (v.phase === 'order' && v.orderBy !== null) {
    const why = lastOrderBy(m);
    if (why) phase.append(h('p', { class: 'hint', testid: 'order-by' }, t(`santa.orderBy.${why.reason}`, { name: seatName(m, why.seat) })));
    if (s.orderDraft) {
      const d = s.orderDraft;
      phase.append(
        h('p', { class: 'lead' }, t('santa.order.yours')),
        h('p', { class: 'hint' }, t('santa.order.hint')),
        h(
          'ol',
          { class: 'sc-order', testid: 'order-list' },
          d.map((seat, i) =>
            h(
              'li',
              {
                class: 'sc-order-item',
                draggable: 'true',
                dataset: { seat: String(seat) },
                ondragstart: (e: DragEvent) => {
                  e.dataTransfer?.setData('text/plain', String(seat));
                  (e.currentTarget as HTMLElement).classList.add('dragging');
                },
                ondragend: (e: DragEvent) => (e.currentTarget as HTMLElement).classList.remove('dragging'),
                ondragover: (e: DragEvent) => {
                  e.preventDefault();
                  (e.currentTarget as HTMLElement).classList.add('over');
                },
                ondragleave: (e: DragEvent) => (e.currentTarget as HTMLElement).classList.remove('over'),
                ondrop: (e: DragEvent) => {
                  e.preventDefault();
                  const from = Number(e.dataTransfer?.getData('text/plain'));
                  if (Number.isInteger(from) && from !== seat) a.placeInOrder(from, i);
                },
              },
              h('span', { class: 'sc-order-num' }, String(i + 1)),
              dot(seat),
              h('span', { class: 'sc-order-name' }, seat === v.santa ? [iconEl('santa'), ' '] : '', nameYou(m, seat)),
              h('span', { class: `sc-card-text${seat % 2 === 1 ? ' red' : ''}` }, v.played[seat] !== null ? cardText(v.played[seat]!, seat) : ''),
              h(
                'button',
                {
                  class: 'btn btn-small sc-arrow',
                  type: 'button',
                  testid: `order-up-${seat}`,
                  disabled: i === 0,
                  'aria-label': t('santa.order.up', { name: seatName(m, seat) }),
                  onclick: () => a.moveInOrder(seat, -1),
                },
                '↑',
              ),
              h(
                'button',
                {
                  class: 'btn btn-small sc-arrow',
                  type: 'button',
                  testid: `order-down-${seat}`,
                  disabled: i === d.length - 1,
                  'aria-label': t('santa.order.down', { name: seatName(m, seat) }),
                  onclick: () => a.moveInOrder(seat, 1),
                },
                '↓',
              ),
            ),
          ),
        ),
        h(
          'button',
          { class: 'btn btn-primary btn-big', type: 'button', testid: 'order-confirm', disabled: s.sent, onclick: () => a.confirmOrder() },
          '✓ ',
          t('santa.order.confirm'),
        ),
      );
    } else phase.append(h('p', { class: 'lead' }, iconEl('hourglass'), ' ', t('santa.order.waiting', { name: seatName(m, v.orderBy) })));
  }

  if ((v.phase === 'move' || v.phase === 'give') && v.order.length) {
    phase.append(
      h(
        'ol',
        { class: 'sc-turns', testid: 'turns', 'aria-label': t('santa.move.order') },
        v.order.map((seat, i) =>
          h(
            'li',
            { class: i < v.turn ? 'done' : i === v.turn ? 'now' : '' },
            dot(seat),
            seatName(m, seat),
            i < v.turn ? ` ✓` : i === v.turn ? ` · ${t('santa.order.now')}` : '',
          ),
        ),
      ),
    );
  }

  if (v.phase === 'move' && v.mover !== null) {
    const moves = myMoves(m);
    const card = v.played[v.mover];
    if (moves && s.clickable.length) {
      phase.append(h('p', { class: 'lead' }, t('santa.move.yours', { card: cardName(moves.card), how: howText(moves.card, isSanta) })));
      if (s.routeTarget !== null && s.routeChoices.length > 1) {
        const from = v.positions[m.me]!;
        phase.append(
          h('p', { class: 'hint' }, t('santa.move.routes', { house: houseLabel(m.town, s.routeTarget) })),
          h(
            'div',
            { class: 'open-buttons', testid: 'routes' },
            s.routeChoices.map((route, k) => {
              const via = route.slice(0, -1);
              return h(
                'button',
                { class: 'btn sc-route-btn', type: 'button', testid: `route-${k}`, onclick: () => a.chooseRoute(route) },
                h('span', { class: 'sc-route-path' }, [from, ...route].map((id) => m.town.houses[id].label).join(' → ')),
                h(
                  'small',
                  { class: 'muted' },
                  via.length ? t('santa.move.via', { houses: via.map((id) => houseLabel(m.town, id)).join(', ') }) : t('santa.move.direct'),
                ),
              );
            }),
          ),
          h('button', { class: 'btn btn-ghost', type: 'button', testid: 'route-cancel', onclick: () => a.cancelRoute() }, t('santa.move.cancel')),
        );
      } else {
        phase.append(
          h('p', { class: 'hint' }, t('santa.move.click')),
          h('h3', { class: 'sub' }, t('santa.move.destinations')),
          houseButtons(m, moves.destinations, a, 'dest', s),
        );
      }
    } else if (m.me >= 0 && card !== null) {
      phase.append(h('p', { class: 'lead' }, iconEl('hourglass'), ' ', t('santa.move.waiting', { name: seatName(m, v.mover), card: cardText(card, v.mover) })));
    } else phase.append(h('p', { class: 'lead' }, t('santa.move.spectator', { name: seatName(m, v.mover) })));
  }

  if (v.phase === 'give' && v.pendingGive) {
    const g = v.pendingGive;
    if (isSanta) {
      phase.append(
        h('p', { class: 'lead' }, t('santa.give.yours', { house: houseLabel(m.town, g.house) })),
        h(
          'div',
          { class: 'open-buttons' },
          g.kids.map((kid) =>
            h(
              'button',
              { class: 'btn btn-primary', type: 'button', testid: `give-${kid}`, onclick: () => a.clickPlate(kid) },
              iconEl('gift'),
              ' ',
              dot(kid),
              t('santa.give.kid', { name: seatName(m, kid) }),
            ),
          ),
        ),
      );
    } else
      phase.append(
        h('p', { class: 'lead' }, iconEl('hourglass'), ' ', t('santa.give.waiting', { name: seatName(m, v.santa), house: houseLabel(m.town, g.house) })),
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
      h('button', { class: 'btn btn-primary btn-big', type: 'button', testid: 'see-results', onclick: () => a.showResults() }, t('santa.phase.over'), ' →'),
    );
  }

  // What happened (this round, or the setup): the captions, as text.
  const current = currentEntries(m);
  const entries = current.entries.filter((e) => e.kind !== 'order-by' && e.kind !== 'reveal');
  out.push(
    h(
      'details',
      { class: 'log-details sc-events', open: true, dataset: { key: 'santa-events' } },
      h('summary', null, `${t('santa.events.title')} · ${current.round === 0 ? t('santa.header.setup') : t('game.round', { n: current.round })}`),
      entries.length
        ? h(
            'ol',
            { class: 'reveal-log', testid: 'santa-events', 'aria-live': 'polite' },
            entries.map((e) =>
              h('li', { class: `ev-${e.kind}${e.kind === 'score' ? ` ev-${e.cause}` : ''}` }, 'seat' in e ? dot(e.seat) : null, describe(e, m)),
            ),
          )
        : h('p', { class: 'hint', testid: 'santa-events' }, t('santa.events.none')),
    ),
  );

  // Scores, for everyone (and for screen readers: the plates as text).
  out.push(
    h(
      'details',
      { class: 'gt-scores', open: true, dataset: { key: 'scores-box' } },
      h('summary', null, t('santa.scores')),
      h(
        'table',
        { class: 'score-table', testid: 'scores' },
        h('thead', null, h('tr', null, h('th', null, ''), h('th', null, t('santa.card')), h('th', null, t('santa.score')))),
        h(
          'tbody',
          null,
          m.names.map((name, i) =>
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
            ),
          ),
        ),
      ),
    ),
  );
  return out;
}
