import { GONE_ITEM_STATUSES, type ItemStatus, NEVER_PAID_COD, type PaymentMethod } from '../orders.ts';
import { afterOffersOf, cartSummary } from './cart.ts';
import {
  addPaise,
  asPaise,
  maxPaise,
  type Paise,
  subtractPaise,
  sumPaise,
  timesQuantity,
  ZERO_PAISE,
} from './money.ts';

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

const gone = (s: ItemStatus) => GONE_ITEM_STATUSES.has(s);

/** A coupon's terms as they were when the order was placed: what a part of the order would get from it alone. */
export interface OrderCouponTerms {
  discount: number;
  minAmountPaise: Paise;
  maxAmountPaise: Paise;
}

/** An order as refunds read it: its amounts, how it was paid and the terms of its coupon. */
export interface RefundableOrder extends RefundOrder {
  finalPaise: Paise;
  paymentMethod: PaymentMethod;
  /** Null without a coupon, and for orders placed before the terms were kept with the order. */
  couponTerms: OrderCouponTerms | null;
}

export interface RefundedItem extends RefundItem {
  /** What was refunded for it when it left the order. */
  refundedPaise: Paise;
}

/**
 * What a refund keeps back when the items still live lose what the whole order earned: the coupon's benefit on them
 * when they no longer reach its minimum, the shipping fee when they no longer reach free shipping.
 */
export interface KeptBack {
  couponPaise: Paise;
  shippingPaise: Paise;
}

/** How one item's refund is made up: line + shipping + carried − kept back, never below zero. */
export interface RefundFigures {
  /** What the shopper paid for the item: its line after offer, less its coupon share, plus its tax share. */
  linePaise: Paise;
  /** The shipping, given back with the last live item. */
  shippingPaise: Paise;
  /** Kept back by earlier refunds and counted again now (given back when nothing is left). */
  carriedPaise: Paise;
  keptBack: KeptBack;
}

export interface ItemRefund extends RefundFigures {
  amountPaise: Paise;
}

const NOTHING_KEPT: KeptBack = { couponPaise: ZERO_PAISE, shippingPaise: ZERO_PAISE };

/** The items' shares of the order's coupon and tax (by largest remainder over all items, in the given order). */
function sharesOf(order: RefundOrder, items: readonly RefundItem[]) {
  const net = items.map(lineAfterOffer);
  return {
    net,
    coupon: splitByWeight(order.couponDiscountPaise, net),
    tax: splitByWeight(order.taxPaise, items.map(lineGross)),
  };
}

/** What `live` would cost ordered alone, by the order's own prices and coupon terms (docs/product.md §10.3). */
export function costAlonePaise(order: Pick<RefundableOrder, 'couponTerms'>, live: readonly RefundItem[]): Paise {
  const terms = order.couponTerms;
  const coupon = terms && afterOffersOf(live) >= terms.minAmountPaise ? terms : null;
  return cartSummary(live, coupon).final;
}

/**
 * What the items in `live` count for in the order (docs/decisions/035-refunds-keep-what-was-earned.md): their shares of
 * the order's lines, coupon and tax, the order's shipping while any is live, plus what they no longer earn on their
 * own: the coupon's benefit on them when they fall below its minimum, and the shipping fee when they fall below free
 * shipping.
 */
function dueFor(order: RefundableOrder, items: readonly RefundItem[], live: ReadonlySet<string>) {
  const { net, coupon, tax } = sharesOf(order, items);
  const liveItems = items.filter((i) => live.has(i.id));
  if (liveItems.length === 0) return { proportionalPaise: ZERO_PAISE, duePaise: ZERO_PAISE, keptBack: NOTHING_KEPT };
  const pick = (shares: readonly Paise[]) => sumPaise(items.flatMap((i, k) => (live.has(i.id) ? [shares[k]] : [])));
  const couponShare = pick(coupon);
  const proportional = addPaise(subtractPaise(pick(net), couponShare), pick(tax), order.shippingPaise);
  const terms = order.couponTerms;
  const keptBack: KeptBack = {
    couponPaise: terms && afterOffersOf(liveItems) < terms.minAmountPaise ? couponShare : ZERO_PAISE,
    shippingPaise: order.shippingPaise === 0 ? cartSummary(liveItems).shipping : ZERO_PAISE,
  };
  return {
    proportionalPaise: proportional,
    duePaise: addPaise(proportional, keptBack.couponPaise, keptBack.shippingPaise),
    keptBack,
  };
}

const isLive = (i: RefundItem) => !gone(i.status);

/**
 * What the shopper paid for the order: a prepaid order its final amount; a cash-on-delivery order its invoice, the
 * shares of the items not cancelled before delivery nor refused at the door (those were never paid for).
 */
function paidPaise(order: RefundableOrder, items: readonly RefundItem[]): Paise {
  if (order.paymentMethod !== 'cod') return order.finalPaise;
  const delivered = new Set(items.filter((i) => !NEVER_PAID_COD.has(i.status)).map((i) => i.id));
  return dueFor(order, items, delivered).proportionalPaise;
}

/**
 * The refund of one item leaving a paid order (cancelled or returned), from the items as they are before it leaves:
 * what the shopper has paid, less what was refunded, less what the items still live count for afterwards (`dueFor`),
 * never below zero. So the items kept never cost less than they would ordered alone (to the paisa of rounding), and
 * refunding every item gives back exactly what was paid.
 */
export function itemRefund(order: RefundableOrder, given: readonly RefundedItem[], itemId: string): ItemRefund {
  // Shares are taken over the items in the order of their ids, as invoices take them, whatever order they come in.
  const items = [...given].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const index = items.findIndex((i) => i.id === itemId);
  if (index < 0) throw new Error(`Item ${itemId} is not part of the order`);
  const { net, coupon, tax } = sharesOf(order, items);
  const liveAfter = new Set(items.filter((i) => isLive(i) && i.id !== itemId).map((i) => i.id));
  const liveBefore = new Set([...liveAfter, itemId]);
  const before = dueFor(order, items, liveBefore);
  const after = dueFor(order, items, liveAfter);
  const paidNet = subtractPaise(paidPaise(order, items), sumPaise(items.map((i) => i.refundedPaise)));
  const linePaise = addPaise(subtractPaise(net[index], coupon[index]), tax[index]);
  const shippingPaise = liveAfter.size === 0 ? order.shippingPaise : ZERO_PAISE;
  // What earlier refunds kept back beyond what the live items count for now.
  const carriedPaise = addPaise(
    subtractPaise(paidNet, before.duePaise),
    before.keptBack.couponPaise,
    before.keptBack.shippingPaise,
  );
  const owed = subtractPaise(paidNet, after.duePaise);
  return {
    amountPaise: maxPaise(owed, ZERO_PAISE),
    linePaise,
    shippingPaise,
    carriedPaise,
    keptBack: after.keptBack,
  };
}
