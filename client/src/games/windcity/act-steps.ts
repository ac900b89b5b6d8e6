/**
 * One step of the hurricane in an act being played: it slides to the next
 * square (out across one edge and back in from the other when it wraps, or
 * off the north edge, fading), then blows away the house there or passes an
 * insured one, and leaves its trail.
 */
import { t } from '../../i18n/index.js';
import { easeInOutQuad } from '../common/tween.js';
import type { Pt } from '../common/geometry.js';
import { COLS, colOf, rowOf } from '@fireside/shared/games/windcity/board';
import type { ActRecord, StepRecord } from '@fireside/shared/games/windcity/types';
import { squareName } from './model.js';
import { squareCentre } from './layout.js';
import { C } from './widgets/palette.js';
import type { ActPlayer } from './act-player.js';

/** Milliseconds the storm takes from one square to the next (the timeline's speed shortens it when catching up). */
const STEP_MS = 280;

/** What happens on the square reached: a house blown away, or an insured one passed. */
function arrive(p: ActPlayer, act: ActRecord, st: StepRecord, done: () => void): void {
  const { stage } = p;
  if (st.to === null) return done();
  const L = stage.layout();
  p.hurricane = st.to;
  const at = squareCentre(L, st.to);
  if (st.destroyed) {
    const h = p.houses[st.to];
    p.houses[st.to] = null;
    stage.housesChanged();
    const dx = st.wrapped ? (colOf(st.from) === COLS - 1 ? 1 : -1) : colOf(st.to) - colOf(st.from);
    if (h) stage.fx.blowAway(h, at, L.cell, dx, rowOf(st.to) - rowOf(st.from));
    const key = st.destroyed.count === 2 ? 'windcity.events.destroyDouble' : 'windcity.events.destroy';
    p.say(t(key, { owner: p.name(st.destroyed.owner), sq: squareName(st.to) }));
  } else if (st.passed !== null) {
    stage.fx.pulse(at, L.cell * 0.6, C.shield);
    p.say(t('windcity.caption.passed', { owner: p.name(st.passed), sq: squareName(st.to) }));
  }
  stage.trail.step(L, st, act.seat);
  p.wait(st.destroyed ? 260 : 60, done);
}

/** Off the north edge: the storm leaves the city, fading. */
function leaveNorth(p: ActPlayer, act: ActRecord, st: StepRecord, from: Pt, done: () => void): void {
  const { stage } = p;
  const L = stage.layout();
  const storm = stage.hurricane.view;
  const to = { x: from.x, y: L.board.y - L.cell * 1.2 };
  stage.trail.step(L, st, act.seat);
  stage.timeline.tween({
    duration: STEP_MS * 1.6,
    ease: easeInOutQuad,
    step: (k) => {
      storm.position.set(from.x + (to.x - from.x) * k, from.y + (to.y - from.y) * k);
      storm.alpha = 1 - k;
    },
    done: () => {
      p.hurricane = null;
      storm.visible = false;
      storm.alpha = 1;
      done();
    },
  });
}

/** Out across one edge, back in from the other. */
function wrapAround(p: ActPlayer, st: StepRecord, from: Pt, to: Pt, then: () => void): void {
  const { stage } = p;
  const L = stage.layout();
  const storm = stage.hurricane.view;
  const east = colOf(st.from) === COLS - 1;
  const out = { x: east ? L.board.x + L.board.w + L.edge : L.board.x - L.edge, y: from.y };
  const back = { x: east ? L.board.x - L.edge : L.board.x + L.board.w + L.edge, y: to.y };
  stage.timeline.tween({
    duration: STEP_MS * 0.6,
    ease: easeInOutQuad,
    step: (k) => {
      storm.position.set(from.x + (out.x - from.x) * k, from.y);
      storm.alpha = 1 - k * 0.9;
    },
    done: () => {
      stage.fx.pulse(out, L.cell * 0.45, C.wave);
      stage.fx.pulse(back, L.cell * 0.45, C.wave);
      stage.timeline.tween({
        duration: STEP_MS * 0.6,
        ease: easeInOutQuad,
        step: (k) => {
          storm.position.set(back.x + (to.x - back.x) * k, to.y);
          storm.alpha = 0.1 + k * 0.9;
        },
        done: then,
      });
    },
  });
}

export function stepBeat(p: ActPlayer, act: ActRecord, st: StepRecord, done: () => void): void {
  const { stage } = p;
  const L = stage.layout();
  const from = squareCentre(L, st.from);
  if (st.extra) p.say(t('windcity.caption.extra'));
  if (st.to === null) leaveNorth(p, act, st, from, done);
  else {
    const to = squareCentre(L, st.to);
    const then = () => arrive(p, act, st, done);
    const storm = stage.hurricane.view;
    if (st.wrapped) wrapAround(p, st, from, to, then);
    else
      stage.timeline.tween({
        duration: STEP_MS,
        ease: easeInOutQuad,
        step: (k) => storm.position.set(from.x + (to.x - from.x) * k, from.y + (to.y - from.y) * k),
        done: then,
      });
  }
}
