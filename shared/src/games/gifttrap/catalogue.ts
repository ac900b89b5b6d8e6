/**
 * The gift catalogue: double-sided cards in four tiers, built from the compact
 * table in catalogue-data.ts. Card ids are `<tier>-<nn>` (01-based), gift ids
 * add `a` or `b` for the side.
 */
import { CARD_DATA, type GiftTuple } from './catalogue-data.js';
import { TIERS, type Gift, type GiftCard, type LaidSlot, type Tier } from './types.js';

function toGift(id: string, [icon, en, ja, fr]: GiftTuple): Gift {
  return { id, icon, name: { en, ja, fr } };
}

export const CATALOGUE: Readonly<Record<Tier, readonly GiftCard[]>> = Object.fromEntries(
  TIERS.map((tier) => [
    tier,
    CARD_DATA[tier].map(([a, b], i): GiftCard => {
      const id = `${tier}-${String(i + 1).padStart(2, '0')}`;
      return { id, tier, sides: [toGift(`${id}a`, a), toGift(`${id}b`, b)] };
    }),
  ]),
) as Record<Tier, GiftCard[]>;

const BY_ID = new Map<string, GiftCard>(TIERS.flatMap((t) => CATALOGUE[t].map((c) => [c.id, c] as const)));

export function cardById(id: string): GiftCard {
  const card = BY_ID.get(id);
  if (!card) throw new Error(`unknown gift card ${id}`);
  return card;
}

/** The gift showing on a laid-out slot. */
export function giftOnSlot(slot: LaidSlot): Gift {
  return cardById(slot.cardId).sides[slot.side];
}
