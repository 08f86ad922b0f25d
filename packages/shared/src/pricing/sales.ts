import { GONE_ITEM_STATUSES, type ItemStatus } from '../orders.ts';
import { addPaise, type Paise, subtractPaise, sumPaise, timesQuantity, ZERO_PAISE } from './money.ts';
import { lineAfterOffer, lineGross, type RefundItem, type RefundOrder, splitByWeight } from './refunds.ts';

/** An item's part of the sales, in paise. net = gross − offerDiscount − couponDiscount + tax. */
export interface ItemSale {
  units: number;
  grossPaise: Paise;
  offerDiscountPaise: Paise;
  couponDiscountPaise: Paise;
  taxPaise: Paise;
  netPaise: Paise;
}

export interface OrderSale {
  /** Same order as the items given; null for an item that is no longer a sale (cancelled or returned). */
  items: (ItemSale | null)[];
  /** The order's shipping while it still has a kept item; given back with the last item otherwise. */
  shippingPaise: Paise;
  /** What the customer pays for the kept items: Σ item net + shipping. */
  netPaise: Paise;
}

const NOT_A_SALE: ReadonlySet<ItemStatus> = GONE_ITEM_STATUSES;

/**
 * The sales of one order as it stands: coupon and tax shared over its items exactly as refunds share them, so for a
 * paid order `netPaise` equals the final amount minus what was refunded, to the paisa.
 */
export function orderSale(order: RefundOrder, items: readonly RefundItem[]): OrderSale {
  const net = items.map(lineAfterOffer);
  const gross = items.map(lineGross);
  const coupon = splitByWeight(order.couponDiscountPaise, net);
  const tax = splitByWeight(order.taxPaise, gross);
  const sales = items.map((item, i): ItemSale | null =>
    NOT_A_SALE.has(item.status)
      ? null
      : {
          units: item.qty,
          grossPaise: gross[i],
          offerDiscountPaise: timesQuantity(item.discountPaise, item.qty),
          couponDiscountPaise: coupon[i],
          taxPaise: tax[i],
          netPaise: addPaise(subtractPaise(net[i], coupon[i]), tax[i]),
        },
  );
  const kept = sales.filter((s): s is ItemSale => s !== null);
  const shippingPaise = kept.length > 0 ? order.shippingPaise : ZERO_PAISE;
  return { items: sales, shippingPaise, netPaise: addPaise(sumPaise(kept.map((s) => s.netPaise)), shippingPaise) };
}
