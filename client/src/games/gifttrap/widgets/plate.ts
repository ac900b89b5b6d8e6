/**
 * A player's plate: their colour, name (with the parent's crown), whether
 * they are still deciding, their two scores, the gifts before them and, while
 * giving, their token to pick or drag onto a gift. Changed in place: the
 * frame is redrawn only when the player's role or the plate's size changes.
 */
import { Container, Graphics, Rectangle, type FederatedPointerEvent, type Sprite, type Text } from 'pixi.js';
import { t } from '../../../i18n/index.js';
import { playerColor, playerColorNum } from '../../colors.js';
import { tableText } from '../../common/pixi-scene.js';
import { tableIcon } from '../../../art/sprites.js';
import type { Rect } from '../../common/geometry.js';
import { deciding } from '../model.js';
import type { SceneState, Token } from '../scene-types.js';
import { C, Inputs, hex, place } from './theme.js';
import { FitText } from './text.js';
import { personToken, setIcon } from './parts.js';
import { PlateGifts, boxSizeOf } from './plate-gifts.js';

export interface PlateInput {
  pickToken(token: Token): void;
  openFrom(from: number): void;
  startDrag(token: Token, e: FederatedPointerEvent): void;
}

/** The radius of the token on a plate `w` wide (pointOf finds it there too). */
export const tokenRadius = (w: number) => (w < 190 ? 13 : 15);

/** What a plate shows of its player besides the gifts. */
interface Role {
  isMe: boolean;
  isRevealer: boolean;
  isParent: boolean;
  selected: boolean;
  /** Giving: I may pick this player (tap the plate, or drag their token). */
  canPick: boolean;
}

export class PlateWidget {
  readonly view = new Container();
  private frame = new Graphics();
  private trophy: Sprite;
  private thinking: Text;
  private check: Text;
  private crown: Sprite;
  private name: FitText;
  private scores: FitText;
  private gifts: PlateGifts;
  private token = new Container();
  private arrow: Text;
  private frameInputs = new Inputs();
  private tokenInputs = new Inputs();
  private canPick = false;

  constructor(
    readonly seat: number,
    private input: PlateInput,
  ) {
    this.view.addChild(this.frame);
    this.trophy = tableIcon(this.view, 'trophy', 20, 0, 9, 1, 0);
    this.thinking = tableText(this.view, '', { fontSize: 11.5, fontStyle: 'italic', fill: C.gold }, 0, 10, 1, 0);
    this.check = tableText(this.view, '✓', { fontSize: 15, fontWeight: '900', fill: C.good }, 0, 9, 1, 0);
    this.crown = tableIcon(this.view, 'crown', 1, 16, 9);
    this.name = new FitText(this.view, { fontWeight: '700', fill: C.cream });
    this.scores = new FitText(this.view, { fontWeight: '600', fill: C.muted });
    this.gifts = new PlateGifts(seat, (from) => input.openFrom(from));
    this.view.addChild(this.gifts.view, this.token);
    this.arrow = tableText(this.view, '', { fontSize: 13, fontWeight: '800' }, 0, 30, 1, 0);
    this.view.on('pointertap', () => {
      if (this.canPick) input.pickToken({ kind: 'recipient', seat });
    });
    this.token.eventMode = 'static';
    this.token.cursor = 'grab';
    this.token.on('pointerdown', (e: FederatedPointerEvent) => {
      e.stopPropagation();
      input.startDrag({ kind: 'recipient', seat }, e);
    });
  }

  update(r: Rect, s: SceneState): void {
    const m = s.model;
    const v = m.view;
    const seat = this.seat;
    const role: Role = {
      isMe: seat === m.me,
      isRevealer: v.phase === 'reveal' && v.revealer === seat,
      isParent: v.parent === seat,
      selected: s.selected?.kind === 'recipient' && s.selected.seat === seat,
      canPick: s.canGive && seat !== m.me,
    };
    place(this.view, r.x, r.y);
    this.drawFrame(r, role);
    const mark = this.updateMark(r, s);
    this.updateName(r, role, mark, m.names[seat] + (role.isMe && !m.snap.replay ? ` (${t('lobby.you')})` : ''));
    this.canPick = role.canPick;
    this.view.eventMode = role.canPick ? 'static' : 'passive';
    this.view.cursor = role.canPick ? 'pointer' : 'auto';
    this.token.visible = this.arrow.visible = role.canPick;
    if (role.canPick) this.updatePick(r, s);
    this.updateScores(r, s, role.canPick ? this.arrow.width + 18 : 10);
    this.gifts.update(r, v, s.canOpen && role.isMe, role.canPick ? 50 : 12);
  }

  private drawFrame(r: Rect, role: Role): void {
    if (!this.frameInputs.changed(r.w, r.h, role.isMe, role.isRevealer, role.selected)) return;
    const g = this.frame
      .clear()
      .roundRect(0, 0, r.w, r.h, 12)
      .fill(role.isMe ? 0x63402c : C.plate);
    g.roundRect(0, 0, 7, r.h, 3).fill(playerColorNum(this.seat));
    if (role.isRevealer) g.roundRect(-2, -2, r.w + 4, r.h + 4, 13).stroke({ width: 3, color: C.gold });
    else if (role.selected) g.roundRect(-2, -2, r.w + 4, r.h + 4, 13).stroke({ width: 3, color: hex(playerColor(this.seat)) });
    else g.roundRect(0, 0, r.w, r.h, 12).stroke({ width: 1, color: C.plateEdge });
    this.view.hitArea = new Rectangle(0, 0, r.w, r.h);
  }

  /** At the top right: a trophy for a winner, else "thinking…" while deciding, else ✓ once chosen. The one shown, if any. */
  private updateMark(r: Rect, s: SceneState): Container | null {
    const v = s.model.view;
    const winner = !!v.winners?.includes(this.seat);
    const waiting = !winner && deciding(s.model).includes(this.seat);
    const done = !winner && !waiting && (v.phase === 'give' || v.phase === 'want');
    this.trophy.visible = winner;
    this.thinking.visible = waiting;
    this.check.visible = done;
    place(this.trophy, r.w - 10, 9);
    this.thinking.text = t('game.thinking');
    place(this.thinking, r.w - 10, 10);
    place(this.check, r.w - 12, 9);
    return winner ? this.trophy : waiting ? this.thinking : done ? this.check : null;
  }

  /** The name takes the width the mark leaves: a smaller font first, an ellipsis only if it must. */
  private updateName(r: Rect, role: Role, mark: Container | null, label: string): void {
    const size = r.w < 190 ? 13 : 15;
    // The parent's crown before the name.
    this.crown.visible = role.isParent;
    setIcon(this.crown, 'crown', size + 2);
    const crown = role.isParent ? this.crown.width + 4 : 0;
    const name = this.name.set(label, size, r.w - 16 - crown - (mark ? mark.width + 16 : 10), size - 3);
    place(name, 16 + crown, 9);
  }

  /**
   * GIVE and GET on one line, or on two (never cut: on a phone in French they
   * run long) between the name and the gifts, left of the arrow while giving.
   */
  private updateScores(r: Rect, s: SceneState, right: number): void {
    const v = s.model.view;
    const nb = '\u00a0'; // a label never parts from its number
    const line = `${t('gifttrap.tracks.give')}${nb}${v.give[this.seat]}   ${t('gifttrap.tracks.get')}${nb}${v.get[this.seat]}`;
    // Two lines start a little higher, to fit between the name and the gifts.
    const room = r.h - boxSizeOf(r.w) - 10 - 28;
    const scores = this.scores.set(line, 11.5, r.w - 16 - right, 10, room);
    place(scores, 16, scores.style.wordWrap ? 27 : 30);
  }

  /** Giving: my token for this player (at the bottom right) and the gifts I chose for them. */
  private updatePick(r: Rect, s: SceneState): void {
    const m = s.model;
    const radius = tokenRadius(r.w);
    if (this.tokenInputs.changed(r.w, r.h, m.names[this.seat])) {
      for (const child of this.token.removeChildren()) child.destroy({ children: true });
      this.token.addChild(personToken(this.seat, m.names[this.seat], 0, 0, radius));
      this.token.position.set(r.w - radius - 9, r.h - radius - 8);
    }
    const chosen = s.give.slotsFor(this.seat);
    this.arrow.text = chosen.length ? `→ ${chosen.map((sl) => sl + 1).join(', ')}` : '→ ?';
    this.arrow.style.fill = chosen.length >= s.give.per ? C.good : C.gold;
    place(this.arrow, r.w - 10, 30);
  }
}
