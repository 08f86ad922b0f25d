import type { InsightPeriod } from '@bagshop/shared/insight';
import type { SalesFigures, SalesReportDto, SalesReportProductRow } from '@bagshop/shared/insight-types';
import { addPaise, sumPaise, toRupees } from '@bagshop/shared/pricing/money';
import { addFigures, type Figures, NO_FIGURES, type SalesBook } from './sales-book.ts';

export function toSalesFigures(f: Figures): SalesFigures {
  return {
    units: f.units,
    gross: toRupees(f.grossPaise),
    offerDiscount: toRupees(f.offerDiscountPaise),
    couponDiscount: toRupees(f.couponDiscountPaise),
    tax: toRupees(f.taxPaise),
    net: toRupees(f.netPaise),
  };
}

function productRows(book: SalesBook): SalesReportProductRow[] {
  const byProduct = new Map<string, { row: Omit<SalesReportProductRow, keyof SalesFigures>; figures: Figures }>();
  for (const { item, sale } of book.items) {
    const entry = byProduct.get(item.product.id) ?? {
      row: {
        productId: item.product.id,
        name: item.product.name,
        brand: item.product.brand,
        category: item.product.categoryName,
      },
      figures: NO_FIGURES,
    };
    entry.figures = addFigures(entry.figures, sale);
    byProduct.set(item.product.id, entry);
  }
  return [...byProduct.values()]
    .sort((a, b) => b.figures.netPaise - a.figures.netPaise || a.row.name.localeCompare(b.row.name))
    .map(({ row, figures }) => ({ ...row, ...toSalesFigures(figures) }));
}

/** Per product and per order, with totals that are the sums of both to the paisa (orders add their shipping). */
export function salesReport(period: InsightPeriod, book: SalesBook): SalesReportDto {
  const orders = book.orders.map((entry) => ({
    orderId: entry.order.id,
    orderNumber: entry.order.orderNumber,
    placedAt: entry.order.placedAt.toISOString(),
    paidAt: entry.order.paidAt.toISOString(),
    customer: entry.order.customer,
    email: entry.order.email,
    paymentMethod: entry.order.paymentMethod,
    paymentStatus: entry.order.paymentStatus,
    ...toSalesFigures({ ...entry.figures, netPaise: entry.totalPaise }),
    shipping: toRupees(entry.shippingPaise),
    final: toRupees(entry.order.finalPaise),
    refunded: toRupees(entry.refundedPaise),
    itemStatuses: entry.items.map((i) => i.status),
  }));
  const figures = book.orders.reduce((sum, o) => addFigures(sum, o.figures), NO_FIGURES);
  const shippingPaise = sumPaise(book.orders.map((o) => o.shippingPaise));
  return {
    period,
    products: productRows(book),
    orders,
    totals: {
      ...toSalesFigures({ ...figures, netPaise: addPaise(figures.netPaise, shippingPaise) }),
      orders: book.orders.length,
      shipping: toRupees(shippingPaise),
      refunded: toRupees(sumPaise(book.orders.map((o) => o.refundedPaise))),
    },
  };
}
