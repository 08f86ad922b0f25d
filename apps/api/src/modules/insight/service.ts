import {
  type InsightQuery,
  insightPeriod,
  periodInstants,
  REPORT_ORDERS_PAGE_SIZE,
  shopDayStart,
} from '@bagshop/shared/insight';
import type { DashboardDto, SalesReportDto } from '@bagshop/shared/insight-types';
import type { Db } from '../../db/client.ts';
import { lowStockProducts } from '../stock-ledger/service.ts';
import { dashboard } from './dashboard.ts';
import { addSales, loadBucketSales, loadPageStart, loadProductSales, NO_SALES } from './rollup-data.ts';
import { loadRtoCounts } from './rto-data.ts';
import { buildSalesBook } from './sales-book.ts';
import { loadNewCustomers, loadPaidOrderPage, loadPaidOrders, loadReturns } from './sales-data.ts';
import { fullSalesReport, salesReport } from './sales-report.ts';

export { addPaidOrderToSales, moveSalesWithItem, rebuildSalesRollup } from './sales-rollup.ts';

/** The dashboard from the sales rollup (docs/decisions/022-sales-rollup.md), whatever the period. */
export async function getDashboard(db: Db, query: InsightQuery, now = new Date()): Promise<DashboardDto> {
  const period = insightPeriod(query, now);
  const instants = periodInstants(period);
  const [buckets, products, newCustomers, returns, rto, lowStock] = await Promise.all([
    loadBucketSales(db, period),
    loadProductSales(db, period),
    loadNewCustomers(db, instants, period.bucket),
    loadReturns(db, instants),
    loadRtoCounts(db, instants),
    lowStockProducts(db),
  ]);
  const totals = buckets.reduce(addSales, NO_SALES);
  return { ...dashboard(period, { buckets, totals, products, newCustomers, returns, rto }), lowStock };
}

/**
 * The report for the screen: products and totals in full from the rollup, the order rows one page at a time from
 * the orders themselves, starting from the shop day the page's first row was paid on.
 */
export async function getSalesReportPage(
  db: Db,
  { page, ...query }: InsightQuery & { page: number },
  now = new Date(),
): Promise<SalesReportDto> {
  const period = insightPeriod(query, now);
  const offset = (page - 1) * REPORT_ORDERS_PAGE_SIZE;
  const pageOf = async () => {
    const start = await loadPageStart(db, period, offset);
    if (!start) return { orders: [], items: [] };
    const from = shopDayStart(start.day);
    const rows = { offset: offset - start.before, limit: REPORT_ORDERS_PAGE_SIZE };
    return loadPaidOrderPage(db, { from, to: periodInstants(period).to }, rows);
  };
  const [buckets, products, pageOrders] = await Promise.all([
    loadBucketSales(db, period),
    loadProductSales(db, period),
    pageOf(),
  ]);
  const totals = buckets.reduce(addSales, NO_SALES);
  return {
    ...salesReport(period, { products, totals, orders: buildSalesBook(pageOrders) }),
    orderPage: {
      page,
      pages: Math.max(1, Math.ceil(totals.orders / REPORT_ORDERS_PAGE_SIZE)),
      total: totals.orders,
    },
  };
}

/** The whole report with every paid order, worked out from the orders (the downloads). */
export async function getSalesReport(db: Db, query: InsightQuery, now = new Date()): Promise<SalesReportDto> {
  const period = insightPeriod(query, now);
  return fullSalesReport(period, buildSalesBook(await loadPaidOrders(db, periodInstants(period))));
}
