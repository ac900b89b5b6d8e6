/**
 * Canvas texts that overlap, as a person would see them: every visible,
 * non-empty Pixi text on the table's stage (window.__fireside.app), with its
 * bounds on the screen; two that intersect by more than a sliver are a
 * finding. Texts inside one another's containers on purpose (a label on its
 * badge) are not texts over texts, so only text-vs-text is checked.
 */
import type { Page } from 'playwright-core';

export interface TextBox {
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /** Cut with an ellipsis to fit (fitText in client/src/games/common/pixi-scene.ts marks it). */
  cut?: boolean;
}

/** The visible texts of the table's canvas, in canvas pixels. */
export async function canvasTexts(page: Page): Promise<TextBox[]> {
  return page.evaluate(() => {
    type Node = {
      children?: Node[];
      visible: boolean;
      worldAlpha?: number;
      alpha: number;
      text?: unknown;
      label?: string;
      renderable?: boolean;
      getBounds(): { x: number; y: number; width: number; height: number };
    };
    const app = (window as unknown as { __fireside: { app: { stage: Node } | null } }).__fireside.app;
    const out: { text: string; x: number; y: number; w: number; h: number; cut?: boolean }[] = [];
    const walk = (n: Node, alpha: number) => {
      if (!n.visible || n.renderable === false) return;
      const a = alpha * n.alpha;
      if (a < 0.1) return;
      // A pawn's seat number rides on its pawn; pawns may stack on one square, the one above covering
      // the one below, number and all (Gift Trap's widgets/pawns.ts): not a text over a text.
      if (typeof n.text === 'string' && n.text.trim() !== '' && n.label !== 'seat-number') {
        const b = n.getBounds();
        if (b.width > 0 && b.height > 0)
          out.push({ text: n.text, x: b.x, y: b.y, w: b.width, h: b.height, ...(n.label === 'ellipsized' ? { cut: true } : {}) });
      }
      for (const c of n.children ?? []) walk(c, a);
    };
    if (app) walk(app.stage, 1);
    return out;
  });
}

/** Texts cut with an ellipsis to fit: a person cannot read them whole. */
export function ellipsized(boxes: TextBox[]): string[] {
  return boxes.filter((b) => b.cut).map((b) => b.text);
}

/** Pairs of texts whose boxes overlap by more than `slack` pixels both ways. */
export function overlaps(boxes: TextBox[], slack = 2): [TextBox, TextBox][] {
  const found: [TextBox, TextBox][] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i];
      const b = boxes[j];
      const dx = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
      const dy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
      if (dx > slack && dy > slack) found.push([a, b]);
    }
  }
  return found;
}

/**
 * The canvas texts once the table has settled: two reads 300 ms apart that
 * agree (a text flying across the table in an animation is not a layout
 * fault), or the last read after `timeoutMs`.
 */
export async function settledCanvasTexts(page: Page, timeoutMs = 6000): Promise<TextBox[]> {
  const end = Date.now() + timeoutMs;
  let last = await canvasTexts(page);
  for (;;) {
    await page.waitForTimeout(300);
    const now = await canvasTexts(page);
    if (JSON.stringify(now) === JSON.stringify(last) || Date.now() > end) return now;
    last = now;
  }
}
