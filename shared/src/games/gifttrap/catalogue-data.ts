/**
 * Fireside's own Gift Trap catalogue. Each card is two different gifts of the
 * same tier; each gift is [emoji, English, Japanese, French].
 * Tiers by value: black (luxury) > blue > red > yellow (cheap).
 */
import type { Tier } from './types.js';

export type GiftTuple = [icon: string, en: string, ja: string, fr: string];
export type CardTuple = [GiftTuple, GiftTuple];

export const CARD_DATA: Record<Tier, CardTuple[]> = {
  black: [
    [['🏎️', 'Sports car', 'スポーツカー', 'Voiture de sport'], ['🛥️', 'Yacht', 'ヨット', 'Yacht']],
  ],
  blue: [
    [['🎮', 'Game console', 'ゲーム機', 'Console de jeux'], ['🚲', 'Bicycle', '自転車', 'Vélo']],
  ],
  red: [
    [['🎧', 'Headphones', 'ヘッドホン', 'Casque audio'], ['👟', 'Sneakers', 'スニーカー', 'Baskets']],
  ],
  yellow: [
    [['🧦', 'Socks', '靴下', 'Chaussettes'], ['🍫', 'Chocolate bar', '板チョコ', 'Tablette de chocolat']],
  ],
};
