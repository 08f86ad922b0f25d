import { TAX_PERCENT } from '../pricing/cart.ts';

/** How the shop's screens speak of GST, for prices with it added or included (PRICES_INCLUDE_GST). */
export const GST_TEXT = {
  /** Under a price when listed prices include GST, as shoppers in India expect. */
  inclusive: 'Inclusive of all taxes',
  /** Under a price when GST is added in the cart. */
  added: `${TAX_PERCENT} % tax is added in the cart`,
  /** The tax line of a cart or order summary. */
  summaryLine: (pricesIncludeGst: boolean) =>
    pricesIncludeGst ? `GST included (${TAX_PERCENT} %)` : `Tax (${TAX_PERCENT} %)`,
} as const;
