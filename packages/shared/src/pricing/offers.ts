import { asPaise, type Paise, percentOf, subtractPaise } from './money.ts';

/** What pricing needs to know of an offer. */
export interface OfferTerms {
  discount: number;
  activation: Date | string;
  expiry: Date | string;
  minAmountPaise: Paise;
  isBlocked: boolean;
}

/** Active when not blocked and now ∈ [activation, expiry). */
export function offerIsActive(offer: OfferTerms | null | undefined, now: Date = new Date()): offer is OfferTerms {
  if (!offer || offer.isBlocked) return false;
  const t = now.getTime();
  return new Date(offer.activation).getTime() <= t && t < new Date(offer.expiry).getTime();
}

/** An active offer whose criteria amount the unit price reaches applies its percent; otherwise 0. */
export function applicablePercent(offer: OfferTerms | null | undefined, unitPricePaise: Paise, now?: Date): number {
  if (!offerIsActive(offer, now)) return 0;
  return unitPricePaise >= offer.minAmountPaise ? offer.discount : 0;
}

export interface UnitPrice {
  pricePaise: Paise;
  /** The best applicable percent of the product offer and the category offer. */
  discountPercent: number;
  /** Discount per unit. */
  discountPaise: Paise;
  finalPaise: Paise;
}

const PAISE_PER_RUPEE = 100;

/**
 * A price after an offer dropped to the whole rupee below it, when the shop rounds them (off by default,
 * docs/decisions/060-offer-prices-to-the-rupee.md): down, so a shopper never gets less off than the offer's percent;
 * a price under one rupee stays as it is rather than becoming free.
 */
export function wholeRupeesBelow(paise: Paise): Paise {
  return paise < PAISE_PER_RUPEE ? paise : asPaise(paise - (paise % PAISE_PER_RUPEE));
}

/**
 * Unit price after offer = price − max(product offer %, category offer %) of price; with `roundToRupee` (the shop's
 * setting, carried by each product row) a discounted price then drops to the whole rupee below it, and the discount
 * is what that takes off. The SQL twin is products.final_price_paise (migration 0033).
 */
export function unitPrice(
  pricePaise: Paise,
  productOffer: OfferTerms | null | undefined,
  categoryOffer: OfferTerms | null | undefined,
  now: Date = new Date(),
  roundToRupee = false,
): UnitPrice {
  const discountPercent = Math.max(
    applicablePercent(productOffer, pricePaise, now),
    applicablePercent(categoryOffer, pricePaise, now),
  );
  const exact = subtractPaise(pricePaise, percentOf(pricePaise, discountPercent));
  const finalPaise = roundToRupee && discountPercent > 0 ? wholeRupeesBelow(exact) : exact;
  return { pricePaise, discountPercent, discountPaise: subtractPaise(pricePaise, finalPaise), finalPaise };
}
