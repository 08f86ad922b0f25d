import { type Paise, percentOf, subtractPaise } from './money.ts';

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

/** Unit price after offer = price − max(product offer %, category offer %) of price. */
export function unitPrice(
  pricePaise: Paise,
  productOffer: OfferTerms | null | undefined,
  categoryOffer: OfferTerms | null | undefined,
  now: Date = new Date(),
): UnitPrice {
  const discountPercent = Math.max(
    applicablePercent(productOffer, pricePaise, now),
    applicablePercent(categoryOffer, pricePaise, now),
  );
  const discountPaise = percentOf(pricePaise, discountPercent);
  return { pricePaise, discountPercent, discountPaise, finalPaise: subtractPaise(pricePaise, discountPaise) };
}
