import type { InsightPeriod } from '@bagshop/shared/insight';
import type { SalesFigures, SalesReportDto, SalesReportProductRow } from '@bagshop/shared/insight-types';
import { addPaise, toRupees } from '@bagshop/shared/pricing/money';
import { addSales, NO_SALES, type ProductSales, type SalesTotals } from './rollup-data.ts';
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

/** The book's items summed per product, in the order the products first sell. */
export function productSalesOf(book: SalesBook): ProductSales[] {
  const byProduct = new Map<string, ProductSales>();
  for (const { item, sale } of book.items) {
    const entry = byProduct.get(item.product.id) ?? { product: item.product, figures: NO_FIGURES };
    entry.figures = addFigures(entry.figures, sale);
    byProduct.set(item.product.id, entry);
  }
  return [...byProduct.values()];
}

/** The book's orders summed: the report's totals, as the rollup keeps them. */
export function salesTotalsOf(book: SalesBook): SalesTotals {
  return book.orders.reduce(
    (sum, o) =>
      addSales(sum, { orders: 1, figures: o.figures, shippingPaise: o.shippingPaise, refundedPaise: o.refundedPaise }),
    NO_SALES,
  );
}

function productRows(sales: ProductSales[]): SalesReportProductRow[] {
  return [...sales]
    .sort((a, b) => b.figures.netPaise - a.figures.netPaise || a.product.name.localeCompare(b.product.name))
    .map(({ product, figures }) => ({
      productId: product.id,
      name: product.name,
      brand: product.brand,
      category: product.categoryName,
      ...toSalesFigures(figures),
    }));
}

function orderRows(book: SalesBook): SalesReportDto['orders'] {
  return book.orders.map((entry) => ({
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
}

export interface ReportParts {
  /** The period's sales per product and in total. */
  products: ProductSales[];
  totals: SalesTotals;
  /** The orders to list: all of them, or one page. */
  orders: SalesBook;
}

/** Per product and per order, with totals that are the sums of both to the paisa (orders add their shipping). */
export function salesReport(period: InsightPeriod, { products, totals, orders }: ReportParts): SalesReportDto {
  return {
    period,
    products: productRows(products),
    orders: orderRows(orders),
    totals: {
      ...toSalesFigures({ ...totals.figures, netPaise: addPaise(totals.figures.netPaise, totals.shippingPaise) }),
      orders: totals.orders,
      shipping: toRupees(totals.shippingPaise),
      refunded: toRupees(totals.refundedPaise),
    },
  };
}

/** The whole report from one book of every paid order (the downloads). */
export function fullSalesReport(period: InsightPeriod, book: SalesBook): SalesReportDto {
  return salesReport(period, { products: productSalesOf(book), totals: salesTotalsOf(book), orders: book });
}
