import { type InsightQuery, insightPeriod, periodInstants, REPORT_ORDERS_PAGE_SIZE } from '@bagshop/shared/insight';
import type { DashboardDto, SalesReportDto } from '@bagshop/shared/insight-types';
import type { Db } from '../../db/client.ts';
import { dashboard } from './dashboard.ts';
import { buildSalesBook } from './sales-book.ts';
import { loadNewCustomers, loadPaidOrders, loadReturns } from './sales-data.ts';
import { salesReport } from './sales-report.ts';

export async function getDashboard(db: Db, query: InsightQuery, now = new Date()): Promise<DashboardDto> {
  const period = insightPeriod(query, now);
  const instants = periodInstants(period);
  const [paid, newCustomers, returns] = await Promise.all([
    loadPaidOrders(db, instants),
    loadNewCustomers(db, instants),
    loadReturns(db, instants),
  ]);
  return dashboard(period, { book: buildSalesBook(paid), newCustomers, returns });
}

/** The report for the screen: products and totals in full, the order rows one page at a time. */
export async function getSalesReportPage(
  db: Db,
  { page, ...query }: InsightQuery & { page: number },
): Promise<SalesReportDto> {
  const report = await getSalesReport(db, query);
  const total = report.orders.length;
  const start = (page - 1) * REPORT_ORDERS_PAGE_SIZE;
  return {
    ...report,
    orders: report.orders.slice(start, start + REPORT_ORDERS_PAGE_SIZE),
    orderPage: { page, pages: Math.max(1, Math.ceil(total / REPORT_ORDERS_PAGE_SIZE)), total },
  };
}

export async function getSalesReport(db: Db, query: InsightQuery, now = new Date()): Promise<SalesReportDto> {
  const period = insightPeriod(query, now);
  return salesReport(period, buildSalesBook(await loadPaidOrders(db, periodInstants(period))));
}
