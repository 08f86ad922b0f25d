import { bucketKeys, bucketLabel, type InsightPeriod } from '@bagshop/shared/insight';
import type { DashboardDto, TopEntry } from '@bagshop/shared/insight-types';
import { addPaise, asPaise, type Paise, toRupees, ZERO_PAISE } from '@bagshop/shared/pricing/money';
import type { BucketSales, ProductSales, SalesTotals } from './rollup-data.ts';
import { type RtoCounts, rtoRate } from './rto-data.ts';

const TOP = 5;

function topBy(sales: ProductSales[], keyOf: (p: ProductSales) => { id: string; name: string }): TopEntry[] {
  const totals = new Map<string, { id: string; name: string; units: number; revenuePaise: Paise }>();
  for (const entry of sales) {
    const { id, name } = keyOf(entry);
    const total = totals.get(id) ?? { id, name, units: 0, revenuePaise: ZERO_PAISE };
    total.units += entry.figures.units;
    total.revenuePaise = addPaise(total.revenuePaise, entry.figures.netPaise);
    totals.set(id, total);
  }
  return [...totals.values()]
    .sort((a, b) => b.units - a.units || b.revenuePaise - a.revenuePaise || a.name.localeCompare(b.name))
    .slice(0, TOP)
    .map(({ revenuePaise, ...rest }) => ({ ...rest, revenue: toRupees(revenuePaise) }));
}

export interface DashboardInputs {
  /** The period's sales per chart bucket (buckets without a sale may be missing) and in total. */
  buckets: BucketSales[];
  totals: SalesTotals;
  products: ProductSales[];
  /** New customers per chart bucket. */
  newCustomers: { key: string; customers: number }[];
  returns: { units: number; amountPaise: Paise };
  /** Items shipped in the period and those of them returned to seller, per payment side. */
  rto: { cod: RtoCounts; prepaid: RtoCounts };
}

/** What the customers paid for the kept items: their net plus the shipping. */
const salesOf = (s: SalesTotals) => addPaise(s.figures.netPaise, s.shippingPaise);

/** The dashboard's cards and charts, from the same sales figures as the sales report so the two always agree. */
export function dashboard(
  period: InsightPeriod,
  { buckets, totals, products, newCustomers, returns, rto }: DashboardInputs,
): Omit<DashboardDto, 'lowStock'> {
  const keys = bucketKeys(period);
  const sales = new Map(buckets.map((b) => [b.key, b]));
  const customers = new Map(newCustomers.map((c) => [c.key, c.customers]));
  const salesPaise = salesOf(totals);
  const orders = totals.orders;
  return {
    period,
    cards: {
      sales: toRupees(salesPaise),
      orders,
      itemsSold: totals.figures.units,
      newCustomers: newCustomers.reduce((sum, c) => sum + c.customers, 0),
      averageOrderValue: orders === 0 ? 0 : toRupees(asPaise(Math.round(salesPaise / orders))),
      returns: { units: returns.units, amount: toRupees(returns.amountPaise) },
    },
    salesOverTime: keys.map((key) => {
      const point = sales.get(key);
      return {
        key,
        label: bucketLabel(key, period.bucket),
        sales: toRupees(point ? salesOf(point) : ZERO_PAISE),
        orders: point?.orders ?? 0,
      };
    }),
    customersOverTime: keys.map((key) => ({
      key,
      label: bucketLabel(key, period.bucket),
      customers: customers.get(key) ?? 0,
    })),
    topCategories: topBy(products, ({ product }) => ({ id: product.categoryId, name: product.categoryName })),
    topProducts: topBy(products, ({ product }) => ({ id: product.id, name: product.name })),
    topBrands: topBy(products, ({ product }) => ({ id: product.brand, name: product.brand })),
    rto: rtoRate(rto),
  };
}
