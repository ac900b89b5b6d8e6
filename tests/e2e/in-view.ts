/**
 * Is an element in view without scrolling the page: its box inside the
 * window and inside every ancestor that clips it (a panel scrolling on its
 * own, like the controls pinned to a phone's bottom edge)? Answers with what
 * is not, in words a failing test can print.
 */
import type { Page } from 'playwright-core';

export function notInView(page: Page, selectors: string[]): Promise<string[]> {
  return page.evaluate((sels) => {
    window.scrollTo(0, 0);
    const out: string[] = [];
    for (const sel of sels) {
      const e = document.querySelector(sel);
      if (!e) {
        out.push(`${sel}: not on the page`);
        continue;
      }
      const r = e.getBoundingClientRect();
      let box = { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowY === 'visible' && s.overflowX === 'visible') continue;
        const c = p.getBoundingClientRect();
        box = { top: Math.max(box.top, c.top), bottom: Math.min(box.bottom, c.bottom), left: Math.max(box.left, c.left), right: Math.min(box.right, c.right) };
      }
      const clipped = box.top > r.top + 1 || box.bottom < r.bottom - 1 || box.left > r.left + 1 || box.right < r.right - 1;
      if (clipped || r.top < -1 || r.bottom > innerHeight + 1 || r.left < -1 || r.right > innerWidth + 1)
        out.push(
          `${sel} at y ${Math.round(r.top)}–${Math.round(r.bottom)} (seen ${Math.round(box.top)}–${Math.round(box.bottom)}; window ${innerWidth}×${innerHeight})`,
        );
    }
    return out;
  }, selectors);
}
