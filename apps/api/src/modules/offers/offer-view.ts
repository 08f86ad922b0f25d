import type { OfferType } from '@bagshop/shared/catalogue';
import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { OfferDto } from '@bagshop/shared/catalogue-types';
import { toRupees } from '@bagshop/shared/pricing/money';
import { offerIsActive } from '@bagshop/shared/pricing/offers';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { offers } from '../../db/schema/catalogue.ts';
import { validationError } from '../../platform/errors.ts';

/** The public face of the offers module: an offer row as the API shows it. */
export type OfferRow = typeof offers.$inferSelect;

export function toOfferDto(o: OfferRow, now: Date = new Date()): OfferDto {
  return {
    _id: o.id,
    name: o.name,
    type: o.type,
    description: o.description,
    activation: o.activation.toISOString(),
    expiry: o.expiry.toISOString(),
    discount: o.discount,
    minAmount: toRupees(o.minAmountPaise),
    isExist: !o.isBlocked,
    active: offerIsActive(o, now),
  };
}

/** An offer counts for pricing only while it exists (not deleted). */
export function liveOffer(o: OfferRow | null): OfferRow | null {
  return o && !o.deletedAt ? o : null;
}

/**
 * Checks an offer chosen on a category or product form: it must exist (not deleted) and apply to that kind of
 * item. A blocked offer may still be chosen; it only stops counting for prices while blocked.
 */
export async function assertOfferFor(db: DbOrTx, offerId: string | null | undefined, type: OfferType): Promise<void> {
  if (!offerId) return;
  const [offer] = await db
    .select({ type: offers.type })
    .from(offers)
    .where(and(eq(offers.id, offerId), isNull(offers.deletedAt)));
  if (!offer) throw validationError({ offer: CATALOGUE_MSG.offerNotFound });
  if (offer.type !== type) throw validationError({ offer: CATALOGUE_MSG.offerWrongType });
}
