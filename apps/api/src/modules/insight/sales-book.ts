import { addPaise, type Paise, sumPaise, ZERO_PAISE } from '@bagshop/shared/pricing/money';
import { type ItemSale, orderSale } from '@bagshop/shared/pricing/sales';
import type { PaidItemRow, PaidOrderRow } from './sales-data.ts';

export type Figures = ItemSale;

export interface OrderEntry {
  order: PaidOrderRow;
  figures: Figures;
  shippingPaise: Paise;
  /** figures.netPaise + shipping: what the customer pays for the kept items. */
  totalPaise: Paise;
  refundedPaise: Paise;
  items: PaidItemRow[];
}

export interface ItemEntry {
  item: PaidItemRow;
  paidAt: Date;
  sale: ItemSale;
}

/** The period's sales, order by order and item by item, in paise; orders with nothing kept are left out. */
export interface SalesBook {
  orders: OrderEntry[];
  items: ItemEntry[];
}

export const NO_FIGURES: Figures = {
  units: 0,
  grossPaise: ZERO_PAISE,
  offerDiscountPaise: ZERO_PAISE,
  couponDiscountPaise: ZERO_PAISE,
  taxPaise: ZERO_PAISE,
  netPaise: ZERO_PAISE,
};

export function addFigures(a: Figures, b: Figures): Figures {
  return {
    units: a.units + b.units,
    grossPaise: addPaise(a.grossPaise, b.grossPaise),
    offerDiscountPaise: addPaise(a.offerDiscountPaise, b.offerDiscountPaise),
    couponDiscountPaise: addPaise(a.couponDiscountPaise, b.couponDiscountPaise),
    taxPaise: addPaise(a.taxPaise, b.taxPaise),
    netPaise: addPaise(a.netPaise, b.netPaise),
  };
}

/** Shares every order's coupon and tax over its items with the shared pricing module, exactly as refunds do. */
export function buildSalesBook(data: { orders: PaidOrderRow[]; items: PaidItemRow[] }): SalesBook {
  const itemsByOrder = new Map<string, PaidItemRow[]>();
  for (const item of data.items) {
    const list = itemsByOrder.get(item.orderId);
    if (list) list.push(item);
    else itemsByOrder.set(item.orderId, [item]);
  }
  const book: SalesBook = { orders: [], items: [] };
  for (const order of data.orders) {
    const items = itemsByOrder.get(order.id) ?? [];
    const sale = orderSale(order, items);
    const kept = items.flatMap((item, i) => {
      const itemSale = sale.items[i];
      return itemSale ? [{ item, paidAt: order.paidAt, sale: itemSale }] : [];
    });
    if (kept.length === 0) continue;
    book.items.push(...kept);
    book.orders.push({
      order,
      figures: kept.reduce((sum, k) => addFigures(sum, k.sale), NO_FIGURES),
      shippingPaise: sale.shippingPaise,
      totalPaise: sale.netPaise,
      refundedPaise: sumPaise(items.map((i) => i.refundedPaise)),
      items,
    });
  }
  return book;
}
