/**
 * The DOM side of the Santa Claus table: every action the canvas offers is
 * also a button here (houses, cards, the order, routes, Santa's choices), so
 * the game is playable by keyboard, by screen reader and on a phone (where
 * these controls stack below the table). Each phase shows its parts, in order
 * (the map below); the table morphs the result into place (util/dom.ts), so
 * a button under the pointer is kept, not replaced.
 */
import { h } from '../../util/dom.js';
import type { SantaPhase } from '@fireside/shared/games/santa/types';
import type { SceneState } from './scene-state.js';
import type { ControlActions, Part } from './controls/types.js';
import { away, start } from './controls/setup.js';
import { chooser, pick, revealed } from './controls/cards.js';
import { order } from './controls/order.js';
import { give, move, over, turns } from './controls/moves.js';
import { deciding, events, head, scores } from './controls/panels.js';

export type { ControlActions };

/** The parts of each phase's container, top to bottom (the cards of the round stay up once revealed). */
const PHASES: Record<SantaPhase, Part[]> = {
  away: [away, revealed],
  start: [start, revealed],
  pick: [pick, revealed],
  chooser: [revealed, chooser],
  order: [revealed, order],
  move: [revealed, turns, move],
  give: [revealed, turns, give],
  over: [revealed, over],
};

/** The parts that only tell (the cards revealed, the turns, the end), kept in a replay. */
const TOLD = new Set<Part>([revealed, turns, over]);

export function renderControls(s: SceneState, a: ControlActions): HTMLElement[] {
  const m = s.model;
  const phase = m.view.phase;
  const parts = h(
    'div',
    { class: `sc-phase sc-${phase}`, testid: `phase-${phase}` },
    // A replay asks nothing: only the parts that tell what happened.
    PHASES[phase].filter((part) => !m.snap.replay || TOLD.has(part)).map((part) => part(s, a)),
  );
  return [head(m, a), deciding(m), parts, events(m), scores(m)].filter((el): el is HTMLElement => el !== null);
}
