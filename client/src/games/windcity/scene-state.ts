/**
 * What the scene and the controls show, from the model and the player's
 * local choices not yet sent: the squares that respond to a click, the card
 * and plan shown, my plan's path, the market requests waiting for my answer.
 */
import type { SquareId } from '@fireside/shared/games/windcity/types';
import { cardById, iDecide, myCard, myKauf, myPlacements, planCost, previewPlan, renewableOf, uninsuredOf, type Model } from './model.js';
import type { ClickMode, SceneState } from './scene.js';

/** The table's local choices. */
export interface LocalChoices {
  /** The plan being built (action numbers in order). */
  plan: number[];
  /** Houses chosen for a renewal or a request. */
  selected: SquareId[];
  /** Market answers sent (per buyer), for this step. */
  answered: ReadonlySet<number>;
  /** An action was sent for this step. */
  sent: boolean;
}

/** The houses I may choose now for a renewal or a request. */
export function selectable(m: Model): SquareId[] {
  const v = m.view;
  if (m.me < 0) return [];
  if (v.phase === 'renew' && v.active === m.me) return renewableOf(v, m.me);
  if (iDecide(m)) return uninsuredOf(v, m.me);
  return [];
}

/** The squares I may click now, and what a click does. */
function clickableOf(m: Model, sent: boolean): { clickable: SquareId[]; clickMode: ClickMode } {
  const v = m.view;
  const none = { clickable: [], clickMode: null };
  // A replay only shows: nothing on the board answers a click.
  if (m.snap.replay) return none;
  if (sent || m.me < 0) return none;
  if (v.phase === 'hurricane' && v.placer === m.me) return { clickable: [0, 1, 2, 3, 4, 5, 6, 7], clickMode: 'hurricane' };
  if (v.phase === 'placement') {
    const legal = myPlacements(m);
    return legal ? { clickable: legal, clickMode: 'place' } : none;
  }
  if (v.phase === 'renew' || v.phase === 'market') {
    const clickable = selectable(m);
    return { clickable, clickMode: clickable.length ? (v.phase === 'renew' ? 'renew' : 'ask') : null };
  }
  if (v.phase === 'kauf') {
    const ks = myKauf(m);
    return ks ? { clickable: ks, clickMode: 'kauf' } : none;
  }
  return none;
}

export function sceneState(m: Model, local: LocalChoices): SceneState {
  const v = m.view;
  // The card: mine while I plan (then with my plan), else the last revealed one.
  const mineCard = myCard(m);
  let card = mineCard;
  let cardSeat: number | null = mineCard ? m.me : null;
  let cardHidden = false;
  let plan: number[] = [];
  if (mineCard) plan = v.phase === 'plan' && !m.snap.replay ? local.plan : (m.secret?.plan ?? []);
  else if (v.hasCard && (v.phase === 'plan' || v.phase === 'renew' || v.phase === 'market')) {
    cardHidden = true;
    cardSeat = v.active;
  } else if (v.act) {
    card = cardById(v.act.card);
    cardSeat = v.act.seat;
    plan = v.act.plan;
  }
  let preview = null;
  if (mineCard && (v.phase === 'plan' || v.phase === 'renew' || v.phase === 'market') && plan.length) {
    preview = previewPlan(v, mineCard, plan, v.phase === 'renew' ? local.selected : []);
  }
  const requests =
    m.me >= 0 && !m.snap.replay && v.market?.seller === m.me && m.secret
      ? m.secret.requests.filter((r) => r.answer === null && !local.answered.has(r.buyer)).map((r) => ({ buyer: r.buyer, squares: r.squares }))
      : [];
  return {
    model: m,
    ...clickableOf(m, local.sent),
    selected: local.selected,
    requests,
    card,
    cardSeat,
    cardHidden,
    plan,
    canPlan: !!mineCard && v.phase === 'plan' && !m.snap.replay,
    planCost: card && plan.length ? planCost(card, plan) : 0,
    coins: cardSeat !== null ? (v.coins[cardSeat] ?? 0) : 0,
    preview,
    sent: local.sent,
  };
}
