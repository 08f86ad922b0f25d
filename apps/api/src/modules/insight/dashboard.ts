import { bucketKeyOf, bucketKeys, bucketLabel, type InsightPeriod } from '@bagshop/shared/insight';
import type { DashboardDto, TopEntry } from '@bagshop/shared/insight-types';
import { addPaise, asPaise, type Paise, sumPaise, toRupees, ZERO_PAISE } from '@bagshop/shared/pricing/money';
import type { ItemEntry, SalesBook } from './sales-book.ts';

const TOP = 5;

function topBy(items: ItemEntry[], keyOf: (i: ItemEntry) => { id: string; name: string }): TopEntry[] {
  const totals = new Map<string, { id: string; name: string; units: number; revenuePaise: Paise }>();
  for (const entry of items) {
    const { id, name } = keyOf(entry);
    const total = totals.get(id) ?? { id, name, units: 0, revenuePaise: ZERO_PAISE };
    total.units += entry.sale.units;
    total.revenuePaise = addPaise(total.revenuePaise, entry.sale.netPaise);
    totals.set(id, total);
  }
  return [...totals.values()]
    .sort((a, b) => b.units - a.units || b.revenuePaise - a.revenuePaise || a.name.localeCompare(b.name))
    .slice(0, TOP)
    .map(({ revenuePaise, ...rest }) => ({ ...rest, revenue: toRupees(revenuePaise) }));
}

export interface DashboardInputs {
  book: SalesBook;
  newCustomers: { createdAt: Date }[];
  returns: { units: number; amountPaise: Paise };
}

/** The dashboard's cards and charts, from the same sales book as the sales report so the two always agree. */
export function dashboard(period: InsightPeriod, { book, newCustomers, returns }: DashboardInputs): DashboardDto {
  const keys = bucketKeys(period);
  const sales = new Map(keys.map((k) => [k, { salesPaise: ZERO_PAISE, orders: 0 }]));
  const customers = new Map(keys.map((k) => [k, 0]));
  for (const entry of book.orders) {
    const point = sales.get(bucketKeyOf(entry.order.paidAt, period.bucket));
    if (!point) continue;
    point.salesPaise = addPaise(point.salesPaise, entry.totalPaise);
    point.orders += 1;
  }
  for (const { createdAt } of newCustomers) {
    const key = bucketKeyOf(createdAt, period.bucket);
    customers.set(key, (customers.get(key) ?? 0) + 1);
  }
  const salesPaise = sumPaise(book.orders.map((o) => o.totalPaise));
  const orders = book.orders.length;
  return {
    period,
    cards: {
      sales: toRupees(salesPaise),
      orders,
      itemsSold: book.items.reduce((sum, i) => sum + i.sale.units, 0),
      newCustomers: newCustomers.length,
      averageOrderValue: orders === 0 ? 0 : toRupees(asPaise(Math.round(salesPaise / orders))),
      returns: { units: returns.units, amount: toRupees(returns.amountPaise) },
    },
    salesOverTime: keys.map((key) => {
      const point = sales.get(key) ?? { salesPaise: ZERO_PAISE, orders: 0 };
      return { key, label: bucketLabel(key, period.bucket), sales: toRupees(point.salesPaise), orders: point.orders };
    }),
    customersOverTime: keys.map((key) => ({
      key,
      label: bucketLabel(key, period.bucket),
      customers: customers.get(key) ?? 0,
    })),
    topCategories: topBy(book.items, ({ item }) => ({ id: item.product.categoryId, name: item.product.categoryName })),
    topProducts: topBy(book.items, ({ item }) => ({ id: item.product.id, name: item.product.name })),
    topBrands: topBy(book.items, ({ item }) => ({ id: item.product.brand, name: item.product.brand })),
  };
}
