/**
 * Playing an act on the table, beat by beat on the scene's timeline, from the
 * public act record: the reveal of the card and plan, each move step by step
 * (act-steps.ts), Kauf, blocked moves, observatories, calm and the storm
 * leaving the city. While it plays, the board it shows (houses, hurricane)
 * lags behind the view and catches up beat by beat; a newer act waiting makes
 * the timeline play faster.
 */
import { t } from '../../i18n/index.js';
import type { Beat, Timeline } from '../common/timeline.js';
import { reducedMotion } from '../common/pixi-scene.js';
import type { ActRecord, ActSegment, HouseSquare, SquareId, WindCityPublicView } from '@fireside/shared/games/windcity/types';
import { actionText, expiredAfter, housesBefore, positionBefore, seatName, squareName, type Model } from './model.js';
import { squareCentre, type WcLayout } from './layout.js';
import { planText } from './events.js';
import { stepBeat } from './act-steps.js';
import { C } from './widgets/palette.js';
import type { TrailWidget } from './widgets/trail.js';
import type { HurricaneWidget } from './widgets/hurricane.js';
import type { EffectsWidget } from './widgets/effects.js';

/** What the act needs of the scene. */
export interface ActStage {
  layout(): WcLayout;
  model(): Model;
  readonly timeline: Timeline;
  readonly trail: TrailWidget;
  readonly hurricane: HurricaneWidget;
  readonly fx: EffectsWidget;
  /** The houses shown changed. */
  housesChanged(): void;
  /** The caption changed. */
  captionChanged(): void;
  /** The act has been shown to its end: the scene shows the view as it is. */
  finished(): void;
}

/** A newer act waiting: the beats take this share of their time. */
const CATCH_UP = 0.35;

/** Segments of an act that have run (a Kauf waiting for its square has not). */
export function resolved(act: ActRecord): number {
  const n = act.segments.length;
  const last = act.segments[n - 1];
  if (last && last.kind === 'kauf' && last.square === null && last.void === null && !act.done) return n - 1;
  return n;
}

export class ActPlayer {
  /** What the board shows: lags behind the view while an act is animated. */
  houses: (HouseSquare | null)[] = [];
  hurricane: SquareId | null = null;
  /** The caption while an act plays (else the scene shows the latest event). */
  caption: string | null = null;
  /** The act being animated: its card and plan are shown on the card panel meanwhile. */
  current: ActRecord | null = null;
  /** How much of the view's act has been shown: its turn, resolved segments, and whether its end was shown. */
  private shown: { turn: number; segs: number; done: boolean } | null = null;

  constructor(readonly stage: ActStage) {
    stage.timeline.speed = () => (this.catchingUp() ? 1 / CATCH_UP : 1);
    stage.timeline.onIdle = () => this.ended();
  }

  /** Is an act being animated? Its beats are on the timeline, which plays nothing else. */
  get playing(): boolean {
    return this.stage.timeline.busy;
  }

  /** A newer act is already waiting (the table catches up). */
  private catchingUp(): boolean {
    const latest = this.stage.model().view.act?.turn;
    return !!this.current && latest !== undefined && latest !== this.current.turn;
  }

  /** A new match: its board as it is, and the trail of its act so far, without animation. */
  reset(v: WindCityPublicView): void {
    this.stage.timeline.flush();
    this.current = null;
    this.caption = null;
    this.shown = v.act ? { turn: v.act.turn, segs: resolved(v.act), done: v.act.done } : null;
    this.stage.trail.clear();
    if (v.act) this.stage.trail.act(this.stage.layout(), v.act, resolved(v.act));
    this.sync(v);
  }

  /** The board shows the view. */
  private sync(v: WindCityPublicView): void {
    this.houses = v.houses.map((h) => (h ? { ...h } : null));
    this.hurricane = v.hurricane;
  }

  /** The part of the act shown so far, for a trail redrawn at a new size. */
  get shownSegments(): number {
    return this.shown?.segs ?? 0;
  }

  /** Start animating the new part of the view's act, if any (else show the view). */
  follow(): void {
    const v = this.stage.model().view;
    const act = v.act;
    const n = act ? resolved(act) : 0;
    const shown = this.shown;
    const newTurn = act && (!shown || shown.turn !== act.turn);
    const more = act && shown && shown.turn === act.turn && (n > shown.segs || (act.done && !shown.done));
    if (!act || (!newTurn && !more)) return this.sync(v);
    const from = newTurn ? 0 : shown!.segs;
    const endNow = act.done && (newTurn || !shown!.done);
    if (newTurn) this.stage.trail.clear();
    this.shown = { turn: act.turn, segs: n, done: act.done };
    if (reducedMotion()) {
      this.stage.trail.act(this.stage.layout(), act, n, from);
      this.sync(v);
      this.caption = null;
      return;
    }
    this.houses = housesBefore(v.houses, act, from, act.segments.length, act.done ? expiredAfter(v, act) : []);
    this.hurricane = positionBefore(act, from);
    const beats: Beat[] = [];
    if (newTurn) beats.push((done) => this.revealBeat(act, done));
    for (let i = from; i < n; i++) beats.push(...this.segmentBeats(act, act.segments[i]));
    if (endNow) beats.push(this.endBeat(act));
    this.current = act;
    this.stage.timeline.add(...beats);
  }

  /** The timeline has played the act to its end. */
  private ended(): void {
    this.current = null;
    this.caption = null;
    // Anything that changed meanwhile (a newer act) is shown now.
    this.follow();
    this.stage.finished();
  }

  wait(ms: number, done: () => void): void {
    this.stage.timeline.wait(ms, done);
  }

  say(text: string): void {
    this.caption = text;
    this.stage.captionChanged();
  }

  name(seat: number): string {
    return seatName(this.stage.model(), seat);
  }

  /** A number rising from a square. */
  private pop(sq: SquareId, text: string, color: number): void {
    const L = this.stage.layout();
    this.stage.fx.pop(squareCentre(L, sq), L.cell, text, color);
  }

  private revealBeat(act: ActRecord, done: () => void): void {
    this.say(t('windcity.caption.reveal', { name: this.name(act.seat), card: act.card, plan: planText(act.card, act.plan) }));
    this.stage.hurricane.place(this.stage.layout(), this.hurricane);
    this.wait(700, done);
  }

  private kaufBeat(act: ActRecord, seg: Extract<ActSegment, { kind: 'kauf' }>, done: () => void): void {
    if (seg.void) {
      this.say(t('windcity.caption.kaufVoid', { reason: t(`windcity.kaufVoid.${seg.void}`) }));
      return this.wait(700, done);
    }
    if (seg.square === null) {
      this.say(t('windcity.caption.kaufChoosing', { name: this.name(act.seat) }));
      return this.wait(300, done);
    }
    const sq = seg.square;
    this.say(t('windcity.caption.kauf', { name: this.name(act.seat), sq: squareName(sq) }));
    const h = this.houses[sq];
    if (h) this.houses[sq] = { ...h, count: 2 };
    this.stage.housesChanged();
    this.pop(sq, '×2', C.gold);
    this.wait(700, done);
  }

  private segmentBeats(act: ActRecord, seg: ActSegment): Beat[] {
    if (seg.kind === 'kauf') return [(done) => this.kaufBeat(act, seg, done)];
    const beats: Beat[] = [];
    beats.push((done) => {
      const action = actionText({ kind: 'move', dir: seg.dir, distance: seg.distance, cost: 0 });
      this.say(t('windcity.caption.move', { name: this.name(act.seat), action, card: act.card }));
      done();
    });
    for (const st of seg.steps) beats.push((done) => stepBeat(this, act, st, done));
    if (seg.blocked) {
      beats.push((done) => {
        this.say(t('windcity.caption.blocked'));
        this.wait(500, done);
      });
    }
    const stop = seg.stop;
    if (seg.observatory && stop !== null) {
      beats.push((done) => {
        this.say(t('windcity.caption.observatory', { name: this.name(act.seat) }));
        this.pop(stop, '+5', C.gold);
        this.wait(650, done);
      });
    }
    return beats;
  }

  private endBeat(act: ActRecord): Beat {
    if (act.exited) {
      return (done) => {
        this.say(t('windcity.caption.exit'));
        this.wait(900, done);
      };
    }
    return (done) => {
      if (act.calm && this.hurricane !== null) {
        this.say(t('windcity.caption.calm', { name: this.name(act.seat) }));
        this.pop(this.hurricane, '+3', C.good);
        this.wait(700, done);
      } else done();
    };
  }
}
