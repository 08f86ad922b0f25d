import { GONE_ITEM_STATUSES, type ItemStatus } from '../orders.ts';
import { addPaise, type Paise, sumPaise, timesQuantity, ZERO_PAISE } from './money.ts';
import { lineGross, type RefundItem, type RefundOrder, soldLinesOf } from './sold-lines.ts';

/**
 * An item's part of the sales, in paise: net = gross − offerDiscount − couponDiscount + tax, or without the tax when
 * the order's prices included GST (then the tax is inside the net).
 */
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
 * The sales of one order as it stands: each item's figures as sold (`soldLinesOf`, the ones refunds read), so for a
 * paid order `netPaise` equals the final amount minus what was refunded, to the paisa.
 */
export function orderSale(order: RefundOrder, items: readonly RefundItem[]): OrderSale {
  const sold = soldLinesOf(order, items);
  const sales = items.map((item, i): ItemSale | null =>
    NOT_A_SALE.has(item.status)
      ? null
      : {
          units: item.qty,
          grossPaise: lineGross(item),
          offerDiscountPaise: timesQuantity(item.discountPaise, item.qty),
          couponDiscountPaise: sold[i].couponSharePaise,
          taxPaise: sold[i].taxPaise,
          netPaise: sold[i].amountPaise,
        },
  );
  const kept = sales.filter((s): s is ItemSale => s !== null);
  const shippingPaise = kept.length > 0 ? order.shippingPaise : ZERO_PAISE;
  return { items: sales, shippingPaise, netPaise: addPaise(sumPaise(kept.map((s) => s.netPaise)), shippingPaise) };
}
