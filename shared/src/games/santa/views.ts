/**
 * Santa Claus Is Comin' To Town: what each audience may see. The public view
 * is built field by field from the state (never by copying the state and
 * deleting secrets), so a new secret field added to the state can never leak
 * by default. The only secret is the face-down picks: the view shows WHO has
 * picked and how many, never which card.
 */
import type { Seat } from '../../engine/contract.js';
import type { SantaPublicView, SantaSeatView, SantaState } from './types.js';

export function publicView(state: SantaState): SantaPublicView {
  const picked = state.picks.map((p) => p !== null);
  const moving = state.phase === 'move' || state.phase === 'give';
  return {
    game: 'santa',
    town: state.town,
    phase: state.phase,
    players: state.players,
    options: { awayMarkers: state.options.awayMarkers, tieBreak: state.options.tieBreak, santaSeat: state.options.santaSeat ?? null },
    santa: state.santa,
    round: state.round,
    hands: state.hands.map((h) => h.slice()),
    picked,
    pickCount: picked.filter(Boolean).length,
    played: state.played.slice(),
    away: state.away.slice(),
    awayPlacer: state.phase === 'away' ? state.awayPlacers[state.awayIndex] : null,
    awayLeft: state.phase === 'away' ? state.awayPlacers.length - state.awayIndex : 0,
    starter: state.phase === 'start' ? state.starters[state.startIndex] : null,
    positions: state.positions.slice(),
    present: state.present.slice(),
    supply: state.supply,
    scores: state.scores.slice(),
    tied: state.tied.slice(),
    candidates: state.candidates.slice(),
    orderBy: state.orderBy,
    order: state.order.slice(),
    turn: state.turn,
    mover: moving ? state.order[state.turn] : null,
    sighted: state.sighted,
    pendingGive: state.pendingGive ? { house: state.pendingGive.house, kids: state.pendingGive.kids.slice(), rest: state.pendingGive.rest.slice() } : null,
    rounds: state.rounds.map((r) => ({ ...r, cards: r.cards.slice(), order: r.order.slice() })),
    scoreLog: state.scoreLog.map((row) => row.slice()),
    // Log entries are written once and never changed (shared between states), so the view shares them too.
    log: state.log.slice(),
    winners: state.winners ? state.winners.slice() : null,
  };
}

export function seatView(state: SantaState, seat: Seat): SantaSeatView {
  return { seat, role: seat === state.santa ? 'santa' : 'kid', myPick: state.picks[seat] ?? null };
}
