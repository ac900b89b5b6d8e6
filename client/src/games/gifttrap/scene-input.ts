/**
 * The pointer on the Gift Trap canvas: which card it hovers, and dragging a
 * player's token or a wish tile onto a card (a press without a move picks the
 * token instead). Listens on the window while a drag lasts, so a drag that
 * leaves the canvas still ends.
 */
import { Container, type FederatedPointerEvent } from 'pixi.js';
import { inside } from '../common/geometry.js';
import type { TableLayout } from './layout.js';
import type { SceneCallbacks, Token } from './scene-types.js';
import { personToken, wantBadge } from './widgets/parts.js';

export interface InputHost {
  canvas: HTMLCanvasElement;
  /** Where the dragged ghost is drawn (above everything). */
  layer: Container;
  layout(): TableLayout | null;
  names(): string[];
  /** Show the hover ring on this card (-1: none). */
  hover(slot: number): void;
  requestRender(): void;
  cb: Pick<SceneCallbacks, 'pickToken' | 'dropOnSlot'>;
}

interface Drag {
  token: Token;
  ghost: Container;
  startX: number;
  startY: number;
  moved: boolean;
  pointerId: number;
}

export class SceneInput {
  private drag: Drag | null = null;
  private hoverSlot = -1;

  constructor(private host: InputHost) {
    host.canvas.addEventListener('pointermove', (e) => this.onHover(e));
    host.canvas.addEventListener('pointerleave', () => this.setHover(-1));
  }

  /** The card under the pointer, or -1. */
  get hovered(): number {
    return this.hoverSlot;
  }

  private localPoint(e: PointerEvent): { x: number; y: number } {
    const rect = this.host.canvas.getBoundingClientRect();
    const scale = this.host.layout()!.W / rect.width;
    return { x: (e.clientX - rect.left) * scale, y: (e.clientY - rect.top) * scale };
  }

  private slotAt(x: number, y: number): number {
    return this.host.layout()?.cards.findIndex((r) => inside(r, x, y)) ?? -1;
  }

  private onHover(e: PointerEvent): void {
    if (!this.host.layout()) return;
    const p = this.localPoint(e);
    this.setHover(this.slotAt(p.x, p.y));
  }

  private setHover(slot: number): void {
    if (slot === this.hoverSlot && !this.drag) return;
    this.hoverSlot = slot;
    this.host.hover(slot);
    this.host.requestRender();
  }

  startDrag(token: Token, e: FederatedPointerEvent): void {
    if (this.drag) return;
    const ghost = new Container();
    if (token.kind === 'recipient') ghost.addChild(personToken(token.seat, this.host.names()[token.seat], 0, 0, 17));
    else ghost.addChild(wantBadge(token.want, 0, -11, 50, true));
    ghost.position.set(e.global.x, e.global.y);
    ghost.alpha = 0;
    this.host.layer.addChild(ghost);
    this.drag = { token, ghost, startX: e.global.x, startY: e.global.y, moved: false, pointerId: e.pointerId };
    window.addEventListener('pointermove', this.onDragMove);
    window.addEventListener('pointerup', this.onDragEnd);
    window.addEventListener('pointercancel', this.onDragCancel);
  }

  private onDragMove = (e: PointerEvent): void => {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointerId) return;
    const p = this.localPoint(e);
    if (!d.moved && Math.hypot(p.x - d.startX, p.y - d.startY) > 6) {
      d.moved = true;
      d.ghost.alpha = 0.95;
    }
    d.ghost.position.set(p.x, p.y);
    this.setHover(this.slotAt(p.x, p.y));
    this.host.requestRender();
  };

  private onDragEnd = (e: PointerEvent): void => {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointerId) return;
    const p = this.localPoint(e);
    this.endDrag();
    if (!d.moved) {
      this.host.cb.pickToken(d.token);
      return;
    }
    const slot = this.slotAt(p.x, p.y);
    if (slot >= 0) this.host.cb.dropOnSlot(d.token, slot);
  };

  private onDragCancel = (): void => this.endDrag();

  /** Drop whatever is being dragged (the drag ended, or the scene goes). */
  endDrag(): void {
    const d = this.drag;
    this.drag = null;
    window.removeEventListener('pointermove', this.onDragMove);
    window.removeEventListener('pointerup', this.onDragEnd);
    window.removeEventListener('pointercancel', this.onDragCancel);
    if (d && !d.ghost.destroyed) d.ghost.destroy({ children: true });
    this.host.requestRender();
  }
}
