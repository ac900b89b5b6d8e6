/**
 * Wind City: what each audience may see. The public view is built field by
 * field from the state (never by copying the state and deleting secrets), so a
 * new secret field added to the state can never leak by default. Secrets: the
 * draw pile's order, the drawn card and the plan (until the reveal), and the
 * insurance requests (their buyer and the active player only; accepted ones
 * become public as insured houses and an 'insured' log entry; declined ones
 * never do). Nor does asking or passing: during the market the public view
 * shows who may buy, never who has acted (see PublicMarket).
 */
import type { Seat } from '../../engine/contract.js';
import { beachMax, sectionQuota, sectionsInPlay } from './board.js';
import { pointsOf } from './queries.js';
import { copyAct } from './state.js';
import type { InsuranceRequest, MarketState, PublicMarket, WindCityPublicView, WindCitySeatView, WindCityState } from './types.js';

const copyRequest = (r: InsuranceRequest): InsuranceRequest => ({ ...r, squares: r.squares.slice() });

/**
 * Only what is public in the market: the seller, the buyers (fixed when it
 * opened) and the accepted insurance in the order accepted. Never `deciding`
 * nor anything counted from `requests`: asking, passing and being declined
 * must leave no public trace (see PublicMarket).
 */
function publicMarket(m: MarketState): PublicMarket {
  return {
    seller: m.seller,
    buyers: m.buyers.slice(),
    accepted: m.accepted.map((buyer) => {
      const r = m.requests.find((x) => x.buyer === buyer)!;
      return { buyer, squares: r.squares.slice(), price: r.price };
    }),
  };
}

/** Before the reveal of this turn's act, the act shown is the previous one (already public). */
const secretPhase = (s: WindCityState): boolean => s.phase === 'plan' || s.phase === 'renew' || s.phase === 'market';

export function publicView(state: WindCityState): WindCityPublicView {
  const m = state.market;
  return {
    game: 'windcity',
    players: state.players,
    options: { marketSeconds: state.options.marketSeconds },
    phase: state.phase,
    hurricane: state.hurricane,
    houses: state.houses.map((h) => (h ? { owner: h.owner, count: h.count, insured: h.insured } : null)),
    stock: state.stock.slice(),
    coins: state.coins.slice(),
    out: state.out.slice(),
    outTurn: state.outTurn.slice(),
    placer: state.phase === 'hurricane' ? 0 : state.phase === 'placement' ? state.active : null,
    placed: state.placed,
    sections: sectionsInPlay(state.players),
    quota: sectionQuota(state.players),
    beachMax: beachMax(state.players),
    active: state.active,
    turn: state.turn,
    drawPileSize: state.drawPile.length,
    discard: state.discard.slice(),
    hasCard: secretPhase(state) && state.card !== null,
    planned: secretPhase(state) && state.plan !== null,
    renewed: state.renewed.slice(),
    market: m ? publicMarket(m) : null,
    act: state.act ? copyAct(state.act) : null,
    // Turn records and log entries are written once and never changed (the
    // engine shares them between states), so the view shares them too: the
    // wire encodes each one once (shared/src/protocol/view-wire.ts).
    records: state.records.slice(),
    log: state.log.slice(),
    points: pointsOf(state.houses, state.players),
    winners: state.winners ? state.winners.slice() : null,
    places: state.places ? state.places.slice() : null,
  };
}

export function seatView(state: WindCityState, seat: Seat): WindCitySeatView {
  const mine = seat === state.active && secretPhase(state);
  const m = state.market;
  const myRequest = m ? m.requests.find((r) => r.buyer === seat) : undefined;
  const seller = m !== null && m.seller === seat;
  return {
    seat,
    card: mine ? state.card : null,
    plan: mine && state.plan ? state.plan.slice() : null,
    deciding: m !== null && m.deciding[seat] === true,
    myRequest: myRequest ? copyRequest(myRequest) : null,
    requests: seller ? m.requests.map(copyRequest) : [],
    // The seller's choice to wait or not needs who may still ask (see WindCitySeatView.undecided).
    undecided: seller ? m.buyers.filter((b) => m.deciding[b]) : [],
  };
}
