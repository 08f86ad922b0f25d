import type { ItemStatus } from '../orders.ts';
import { addPaise, asPaise, type Paise, subtractPaise, timesQuantity, ZERO_PAISE } from './money.ts';

export interface RefundOrder {
  couponDiscountPaise: Paise;
  taxPaise: Paise;
  shippingPaise: Paise;
}

export interface RefundItem {
  id: string;
  pricePaise: Paise;
  /** Offer discount per unit. */
  discountPaise: Paise;
  qty: number;
  status: ItemStatus;
}

/**
 * Splits `total` over `weights` in proportion, rounding by largest remainder (ties to the earlier line) so the
 * shares add up to `total` exactly.
 */
export function splitByWeight(total: Paise, weights: readonly number[]): Paise[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (sum === 0 || total === 0) return weights.map(() => ZERO_PAISE);
  const shares = weights.map((w) => Math.floor((total * w) / sum));
  const remainders = weights.map((w, i) => ({ i, r: total * w - shares[i] * sum }));
  let left = total - shares.reduce((a, s) => a + s, 0);
  remainders.sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of remainders) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares.map(asPaise);
}

/** Price × qty before the offer. */
export const lineGross = (item: RefundItem): Paise => timesQuantity(item.pricePaise, item.qty);
/** (price − offer discount) × qty. */
export const lineAfterOffer = (item: RefundItem): Paise =>
  timesQuantity(subtractPaise(item.pricePaise, item.discountPaise), item.qty);

const gone = (s: ItemStatus) => s === 'Cancelled' || s === 'Returned';

/**
 * What the customer paid for one item: its line after offer, minus its share of the coupon (by line after offer),
 * plus its share of tax (by line gross), plus the shipping when no other item of the order is still live. Refunding
 * every item in turn gives back the order's final amount to the paisa.
 */
export function itemRefundPaise(order: RefundOrder, items: readonly RefundItem[], itemId: string): Paise {
  const index = items.findIndex((i) => i.id === itemId);
  if (index < 0) throw new Error(`Item ${itemId} is not part of the order`);
  const net = items.map(lineAfterOffer);
  const gross = items.map(lineGross);
  const coupon = splitByWeight(order.couponDiscountPaise, net)[index];
  const tax = splitByWeight(order.taxPaise, gross)[index];
  const othersLive = items.some((i) => i.id !== itemId && !gone(i.status));
  return addPaise(subtractPaise(net[index], coupon), tax, othersLive ? ZERO_PAISE : order.shippingPaise);
}
