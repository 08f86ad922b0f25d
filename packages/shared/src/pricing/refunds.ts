import { GONE_ITEM_STATUSES, type ItemStatus, NEVER_PAID_COD, type PaymentMethod } from '../orders.ts';
import { afterOffersOf, cartSummary, taxOfLine } from './cart.ts';
import { addPaise, maxPaise, type Paise, subtractPaise, sumPaise, ZERO_PAISE } from './money.ts';
import { isStoredLine, lineAfterOffer, type RefundItem, type RefundOrder, soldLinesOf } from './sold-lines.ts';

export { splitByWeight } from './money.ts';
export { lineAfterOffer, lineGross, type RefundItem, type RefundOrder } from './sold-lines.ts';

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

/**
 * What was paid for each line (`soldLinesOf`) and what the coupon took off it: its share of the coupon and, where the
 * tax is taken after the coupon, the tax on that share (docs/decisions/042-gst-on-what-is-paid.md).
 */
function sharesOf(order: RefundOrder, items: readonly RefundItem[]) {
  const sold = soldLinesOf(order, items);
  const basis = basisOf(order);
  return {
    couponBenefit: sold.map((line, i) => {
      if (line.couponSharePaise === 0) return ZERO_PAISE;
      const withoutCoupon = taxOfLine(lineAfterOffer(items[i]), line.gstPercent, basis).amountPaise;
      // Items sold before lines kept their GST paid a tax the coupon did not change.
      return isStoredLine(items[i]) ? subtractPaise(withoutCoupon, line.amountPaise) : line.couponSharePaise;
    }),
    amount: sold.map((l) => l.amountPaise),
  };
}

const basisOf = (order: Pick<RefundOrder, 'pricesIncludeGst'>) => ({
  pricesIncludeGst: order.pricesIncludeGst ?? false,
});

/** What `live` would cost ordered alone, by the order's own prices and coupon terms (docs/product.md §10.3). */
export function costAlonePaise(
  order: Pick<RefundableOrder, 'couponTerms' | 'pricesIncludeGst'>,
  live: readonly RefundItem[],
): Paise {
  const terms = order.couponTerms;
  const coupon = terms && afterOffersOf(live) >= terms.minAmountPaise ? terms : null;
  return cartSummary(live, coupon, basisOf(order)).final;
}

/**
 * What the items in `live` count for in the order (docs/decisions/035-refunds-keep-what-was-earned.md): their shares of
 * the order's lines, coupon and tax, the order's shipping while any is live, plus what they no longer earn on their
 * own: the coupon's benefit on them when they fall below its minimum, and the shipping fee when they fall below free
 * shipping.
 */
function dueFor(order: RefundableOrder, items: readonly RefundItem[], live: ReadonlySet<string>) {
  const { couponBenefit, amount } = sharesOf(order, items);
  const liveItems = items.filter((i) => live.has(i.id));
  if (liveItems.length === 0) return { proportionalPaise: ZERO_PAISE, duePaise: ZERO_PAISE, keptBack: NOTHING_KEPT };
  const pick = (shares: readonly Paise[]) => sumPaise(items.flatMap((i, k) => (live.has(i.id) ? [shares[k]] : [])));
  const proportional = addPaise(pick(amount), order.shippingPaise);
  const terms = order.couponTerms;
  const losesCoupon = terms !== null && afterOffersOf(liveItems) < terms.minAmountPaise;
  // The tax is taken after the coupon, so whether what is left ships free depends on whether it keeps the coupon.
  const alone = cartSummary(liveItems, losesCoupon ? null : terms, basisOf(order));
  const keptBack: KeptBack = {
    couponPaise: losesCoupon ? pick(couponBenefit) : ZERO_PAISE,
    shippingPaise: order.shippingPaise === 0 ? alone.shipping : ZERO_PAISE,
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
  const { amount } = sharesOf(order, items);
  const liveAfter = new Set(items.filter((i) => isLive(i) && i.id !== itemId).map((i) => i.id));
  const liveBefore = new Set([...liveAfter, itemId]);
  const before = dueFor(order, items, liveBefore);
  const after = dueFor(order, items, liveAfter);
  const paidNet = subtractPaise(paidPaise(order, items), sumPaise(items.map((i) => i.refundedPaise)));
  const linePaise = amount[index];
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
