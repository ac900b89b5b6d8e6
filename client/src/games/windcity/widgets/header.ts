/**
 * The header: the turn and phase at the left, the deck and discards at the
 * right. When the longest of them could not share a line in this language
 * (French on a phone), the deck goes on a second line under the title for
 * the whole match, so the board never moves between phases and no word is cut.
 */
import { Container, Text } from 'pixi.js';
import { t } from '../../../i18n/index.js';
import { TABLE_FONT, fitText, shrinkToFit } from '../../common/pixi-scene.js';
import type { WindCityPublicView } from '@fireside/shared/games/windcity/types';
import type { WcLayout } from '../layout.js';
import { C } from './palette.js';
import { Memo } from './memo.js';
import { makeText, setText } from './text.js';

const PHASES = ['hurricane', 'placement', 'plan', 'renew', 'market', 'kauf', 'over'] as const;
/** A turn or deck count as wide as any in a match. */
const WIDE_NUMBER = 88;

interface Sizes {
  title: number;
  titleMin: number;
  deck: number;
}
const sizes = (narrow: boolean): Sizes => (narrow ? { title: 14, titleMin: 11, deck: 11 } : { title: 16, titleMin: 13, deck: 13 });

function titleOf(turn: number, phase: string): string {
  const head = turn === 0 ? t('windcity.header.setup') : t('windcity.header.turn', { n: turn });
  return `${head}  ·  ${t(`windcity.phase.${phase}`)}`;
}

function measure(str: string, fontSize: number, fontWeight: '600' | '700'): number {
  const tx = new Text({ text: str, style: { fontFamily: TABLE_FONT, fontSize, fontWeight } });
  const w = tx.width;
  tx.destroy();
  return w;
}

export class HeaderWidget {
  readonly view = new Container();
  private title: Text;
  private deck: Text;
  private memo = new Memo();
  private linesKey = '';
  private lines: 1 | 2 = 1;

  constructor() {
    this.deck = makeText(this.view, { fill: C.muted, fontWeight: '600' }, 1, 0.5);
    this.title = makeText(this.view, { fontWeight: '700' }, 0, 0.5);
  }

  /**
   * The lines the header needs at this width in the current language: 2 when
   * the longest title, at its smallest, and the longest deck line do not fit
   * side by side.
   */
  linesFor(narrow: boolean, width: number): 1 | 2 {
    const titles = [titleOf(0, 'hurricane'), ...PHASES.map((p) => titleOf(WIDE_NUMBER, p)), titleOf(0, 'placement')];
    const deck = t('windcity.header.deck', { n: WIDE_NUMBER, d: WIDE_NUMBER });
    const key = JSON.stringify([narrow, width, titles, deck]);
    if (key === this.linesKey) return this.lines;
    this.linesKey = key;
    const z = sizes(narrow);
    const widest = Math.max(...titles.map((s) => measure(s, z.titleMin, '700')));
    this.lines = widest + measure(deck, z.deck, '600') + 10 <= width ? 1 : 2;
    return this.lines;
  }

  update(L: WcLayout, v: WindCityPublicView): void {
    const title = titleOf(v.turn, v.phase);
    const deck = t('windcity.header.deck', { n: v.drawPileSize, d: v.discard.length });
    if (!this.memo.changed(L.header, L.narrow, L.headerLines, title, deck)) return;
    const r = L.header;
    const z = sizes(L.narrow);
    if (L.headerLines === 2) {
      // The title has the first line to itself, the deck line the second.
      const first = L.narrow ? 22 : 26;
      shrinkToFit(setText(this.title, title, r.x, r.y + first / 2, z.title), r.w, z.titleMin);
      this.deck.anchor.set(0, 0.5);
      fitText(setText(this.deck, deck, r.x, r.y + first + (r.h - first) / 2, z.deck), r.w);
      return;
    }
    this.deck.anchor.set(1, 0.5);
    setText(this.deck, deck, r.x + r.w, r.y + r.h / 2, z.deck);
    // The title gets the width the deck line leaves: smaller first, never drawn over it.
    shrinkToFit(setText(this.title, title, r.x, r.y + r.h / 2, z.title), r.w - this.deck.width - 10, z.titleMin);
  }
}
