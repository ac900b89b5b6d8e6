/**
 * What each widget of the table shows, worked out from the scene's state and
 * layout (pure: no Pixi). The scene hands every widget its look; a widget
 * changes in place what differs from the last one.
 */
import { t } from '../../i18n/index.js';
import type { HouseId } from '@fireside/shared/games/santa/types';
import { awaited, houseName } from './model.js';
import type { SantaLayout } from './layout.js';
import { moveKind } from './town-geometry.js';
import type { SceneState } from './scene-state.js';
import type { CardLook, HandCardLook, HouseLook, HouseMark, PlateLook, RouteChoiceLook } from './widgets/look-types.js';
import type { Pt } from '../common/geometry.js';
import { C } from './widgets/colors.js';

/** How each house is marked: my destinations and setup choices, the chosen target and the houses on its routes' way. */
export function houseMarks(s: SceneState): (id: HouseId) => HouseMark {
  const clickable = new Set(s.clickable);
  const via = new Set<HouseId>();
  if (s.routeTarget !== null && s.routeChoices.length > 1) for (const r of s.routeChoices) for (const h of r.slice(0, -1)) via.add(h);
  return (id) => {
    if (!clickable.has(id) && !via.has(id)) return null;
    return s.routeTarget === id ? 'target' : via.has(id) ? 'via' : 'click';
  };
}

export function houseLooks(s: SceneState, L: SantaLayout, at: (id: HouseId) => Pt): HouseLook[] {
  const m = s.model;
  const mark = houseMarks(s);
  const away = new Set(m.view.away);
  return m.town.houses.map((house) => ({
    at: at(house.id),
    w: L.houseW,
    cell: L.cell,
    label: house.label,
    name: L.showNames ? houseName(m.town, house.id) : null,
    away: away.has(house.id),
    mark: mark(house.id),
    dim: s.clickMode !== null,
  }));
}

/** The routes still open to the house I chose, when there are several; else null. */
export function routeChoiceLook(s: SceneState): RouteChoiceLook | null {
  const m = s.model;
  const v = m.view;
  if (s.routeTarget === null || s.routeChoices.length <= 1 || m.me < 0) return null;
  const from = v.positions[m.me];
  if (from === null) return null;
  return { seat: m.me, from, how: moveKind(v.played[m.me] ?? 0, m.me === v.santa), routes: s.routeChoices };
}

/** This round's card on a plate: face up once revealed, my own pick face up to me, a back once picked, else an empty slot. */
function plateCard(s: SceneState, seat: number): CardLook {
  const v = s.model.view;
  const played = v.played[seat];
  if (played !== null) return { kind: 'face', card: played, seat, secret: false };
  if (seat === s.model.me && s.myPick !== null && v.phase === 'pick') return { kind: 'face', card: s.myPick, seat, secret: true };
  if (v.phase === 'pick' && v.picked[seat]) return { kind: 'back' };
  return { kind: 'slot' };
}

/** What a player is doing now: picked or thinking during the picks, thinking when the game waits for them; nothing for a winner. */
function plateStatus(s: SceneState, seat: number, waiting: boolean, winner: boolean): { status: string; statusColor: number } {
  const v = s.model.view;
  if (!winner && v.phase === 'pick') {
    return v.picked[seat] ? { status: `✓ ${t('santa.pick.picked')}`, statusColor: C.good } : { status: t('game.thinking'), statusColor: C.gold };
  }
  if (!winner && waiting) return { status: t('game.thinking'), statusColor: C.gold };
  return { status: '', statusColor: C.muted };
}

export function plateLook(s: SceneState, L: SantaLayout, seat: number): PlateLook {
  const m = s.model;
  const v = m.view;
  const waiting = awaited(v).includes(seat);
  const winner = !!v.winners?.includes(seat);
  // Order of play this round (or my draft while I name it).
  const order = s.orderDraft ?? (v.order.length ? v.order : null);
  const index = order ? order.indexOf(seat) : -1;
  return {
    rect: L.plates[seat],
    cardRect: L.plateCards[seat],
    name: m.names[seat],
    me: seat === m.me,
    you: seat === m.me && !m.snap.replay,
    santa: seat === v.santa,
    score: v.scores[seat],
    cardsLeft: v.hands[seat]?.length ?? 0,
    ring: s.plateChoice.includes(seat) ? 'choose' : v.mover === seat || (waiting && v.phase !== 'pick') ? 'waiting' : null,
    order: order ? { index, done: !s.orderDraft && (v.phase === 'move' || v.phase === 'give') && index < v.turn } : null,
    ...plateStatus(s, seat, waiting, winner),
    winner,
    card: plateCard(s, seat),
  };
}

/** My thirteen cards, by value; null for a spectator. */
export function handLooks(s: SceneState, L: SantaLayout): HandCardLook[] | null {
  const m = s.model;
  const v = m.view;
  if (!L.hand || m.me < 0) return null;
  const hand = new Set(v.hands[m.me] ?? []);
  return L.cards.map((rect, i) => ({
    rect,
    seat: m.me,
    inHand: hand.has(i + 1),
    chosen: s.myPick === i + 1 && v.phase === 'pick',
    thisRound: v.played[m.me] === i + 1,
    canPick: s.canPick,
  }));
}
