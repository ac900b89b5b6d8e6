/** The path the hurricane took in the current act, step by step in the active player's colour (extra steps white). */
import { Graphics } from 'pixi.js';
import type { ActRecord, StepRecord } from '@fireside/shared/games/windcity/types';
import { playerColorNum } from '../../colors.js';
import type { WcLayout } from '../layout.js';
import { stepLines } from './shapes.js';

export class TrailWidget {
  readonly view = new Graphics();

  clear(): void {
    this.view.clear();
  }

  /** The steps of segments from..to-1 of an act. */
  act(L: WcLayout, act: ActRecord, to: number, from = 0): void {
    for (let i = from; i < to; i++) {
      const seg = act.segments[i];
      if (seg.kind === 'move') for (const st of seg.steps) this.step(L, st, act.seat);
    }
  }

  step(L: WcLayout, st: StepRecord, seat: number): void {
    const w = Math.max(2, L.cell * 0.06);
    stepLines(this.view, L, st, st.extra ? 0xffffff : playerColorNum(seat), w, 0.55);
  }
}
