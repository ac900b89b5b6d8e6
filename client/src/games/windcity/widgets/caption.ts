/** The caption under the header: what is happening in the act, or else the latest event. */
import { Container, Graphics, Text } from 'pixi.js';
import { fitText } from '../../common/pixi-scene.js';
import type { WcLayout } from '../layout.js';
import { C } from './palette.js';
import { Memo } from './memo.js';
import { makeText, setText } from './text.js';

export class CaptionWidget {
  readonly view = new Container();
  private bg = new Graphics();
  private text: Text;
  private memo = new Memo();
  private bgMemo = new Memo();

  constructor() {
    this.view.addChild(this.bg);
    this.text = makeText(this.view, { fill: C.cream }, 0, 0.5);
  }

  /** True when it changed. */
  update(L: WcLayout, text: string | null): boolean {
    if (!this.memo.changed(L.caption, L.narrow, text)) return false;
    const r = L.caption;
    this.view.visible = !!text;
    if (!text) return true;
    if (this.bgMemo.changed(r)) this.bg.clear().roundRect(r.x, r.y, r.w, r.h, 6).fill({ color: 0x000000, alpha: 0.28 });
    fitText(setText(this.text, text, r.x + 8, r.y + r.h / 2, L.narrow ? 12 : 13), r.w - 16);
    return true;
  }
}
