import type { OfferType } from '@bagshop/shared/catalogue';
import type { OfferDto } from '@bagshop/shared/catalogue-types';

/**
 * Dropdown options for an offer of one kind; the record's current offer stays listed
 * even when it is no longer live, so saving the form does not drop it by surprise.
 */
export function offerOptions(offers: OfferDto[] | undefined, type: OfferType, current: OfferDto | null = null) {
  const options = (offers ?? [])
    .filter((offer) => offer.type === type)
    .map((offer) => ({ value: offer._id, label: `${offer.name} (${offer.discount}% off)` }));
  if (current && !options.some((o) => o.value === current._id)) {
    options.unshift({ value: current._id, label: `${current.name} (${current.discount}% off, not live)` });
  }
  return options;
}
