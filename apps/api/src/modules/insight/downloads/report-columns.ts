import { dayText, INSIGHT_FILTER_LABELS, type InsightPeriod, periodDaysText, shopClock } from '@bagshop/shared/insight';
import type { SalesReportDto, SalesReportOrderRow, SalesReportProductRow } from '@bagshop/shared/insight-types';
import { PAYMENT_METHOD_LABELS, type PaymentMethod, statusCounts } from '@bagshop/shared/orders';
import { sumRupees } from '@bagshop/shared/pricing/money';

/**
 * The columns of the sales report downloads. The PDF, XLSX and CSV builders all read their tables from here, so the
 * three files show the same figures under the same headings.
 */
export type CellKind = 'text' | 'count' | 'money' | 'dateTime';

export interface ReportColumn<Row> {
  header: string;
  /** The totals row sums every count and money column. */
  kind: CellKind;
  /** Width in characters in the workbook; the PDF shares its page width in the same proportions. */
  width: number;
  /** False for a column the landscape PDF has no room for; the workbook and the CSV still have it. */
  inPdf?: false;
  /** Rupees for money, an ISO instant for dateTime. */
  value: (row: Row) => string | number;
}

export interface SummaryLine {
  label: string;
  kind: 'count' | 'money';
  value: (report: SalesReportDto) => number;
}

export const TOTALS_LABEL = 'Totals';

/** Sums rupee amounts through paise, so the sum is exact to the paisa. */
/** A column's figure on the totals row: the sum of its rows; text columns have none. */
export function columnTotal<Row>(column: ReportColumn<Row>, rows: readonly Row[]): number | undefined {
  if (column.kind === 'money') return sumRupees(rows.map((row) => Number(column.value(row))));
  if (column.kind === 'count') return rows.reduce((sum, row) => sum + Number(column.value(row)), 0);
  return undefined;
}

export const PRODUCT_COLUMNS: ReportColumn<SalesReportProductRow>[] = [
  { header: 'Product', kind: 'text', width: 32, value: (r) => r.name },
  { header: 'Brand', kind: 'text', width: 16, value: (r) => r.brand },
  { header: 'Category', kind: 'text', width: 16, value: (r) => r.category },
  { header: 'Units', kind: 'count', width: 8, value: (r) => r.units },
  { header: 'Gross', kind: 'money', width: 15, value: (r) => r.gross },
  { header: 'Offer discount', kind: 'money', width: 15, value: (r) => r.offerDiscount },
  { header: 'Coupon discount', kind: 'money', width: 15, value: (r) => r.couponDiscount },
  { header: 'Tax', kind: 'money', width: 15, value: (r) => r.tax },
  { header: 'Net', kind: 'money', width: 15, value: (r) => r.net },
];

export const ORDER_COLUMNS: ReportColumn<SalesReportOrderRow>[] = [
  { header: 'Order', kind: 'text', width: 16, value: (r) => r.orderNumber },
  { header: 'Placed', kind: 'dateTime', width: 18, inPdf: false, value: (r) => r.placedAt },
  { header: 'Paid', kind: 'dateTime', width: 18, value: (r) => r.paidAt },
  { header: 'Customer', kind: 'text', width: 22, value: (r) => r.customer },
  { header: 'Email', kind: 'text', width: 28, inPdf: false, value: (r) => r.email },
  {
    header: 'Payment method',
    kind: 'text',
    width: 16,
    value: (r) => PAYMENT_METHOD_LABELS[r.paymentMethod as PaymentMethod] ?? r.paymentMethod,
  },
  { header: 'Payment status', kind: 'text', width: 15, value: (r) => r.paymentStatus },
  { header: 'Items status', kind: 'text', width: 22, value: (r) => itemStatusText(r.itemStatuses) },
  { header: 'Units', kind: 'count', width: 8, value: (r) => r.units },
  { header: 'Gross', kind: 'money', width: 14, value: (r) => r.gross },
  { header: 'Offer discount', kind: 'money', width: 14, value: (r) => r.offerDiscount },
  { header: 'Coupon discount', kind: 'money', width: 14, value: (r) => r.couponDiscount },
  { header: 'Tax', kind: 'money', width: 14, value: (r) => r.tax },
  { header: 'Shipping', kind: 'money', width: 14, value: (r) => r.shipping },
  { header: 'Final', kind: 'money', width: 14, value: (r) => r.final },
  { header: 'Refunded', kind: 'money', width: 14, value: (r) => r.refunded },
  { header: 'Net', kind: 'money', width: 14, value: (r) => r.net },
];

/**
 * The period's figures in the order the PDF lists them. Net sales is read from the order rows, whose net carries
 * their shipping, so it means the same whether or not the report's own net total counts shipping.
 */
export const SUMMARY_LINES: SummaryLine[] = [
  { label: 'Gross', kind: 'money', value: (r) => r.totals.gross },
  { label: 'Offer discount', kind: 'money', value: (r) => r.totals.offerDiscount },
  { label: 'Coupon discount', kind: 'money', value: (r) => r.totals.couponDiscount },
  { label: 'Tax', kind: 'money', value: (r) => r.totals.tax },
  { label: 'Shipping', kind: 'money', value: (r) => r.totals.shipping },
  { label: 'Net sales (incl. shipping)', kind: 'money', value: (r) => sumRupees(r.orders.map((o) => o.net)) },
  { label: 'Refunded', kind: 'money', value: (r) => r.totals.refunded },
  { label: 'Orders', kind: 'count', value: (r) => r.totals.orders },
  { label: 'Units', kind: 'count', value: (r) => r.totals.units },
];

/** The summary lines the product table's totals row does not already show; the workbook and the CSV list them under it. */
export const EXTRA_SUMMARY_LINES = SUMMARY_LINES.filter(
  (line) => !PRODUCT_COLUMNS.some((column) => column.kind !== 'text' && column.header === line.label),
);

/** 'Delivered ×2, Returned': each status once, with how many items have it. */
export function itemStatusText(statuses: readonly string[]): string {
  return statusCounts(statuses)
    .map(({ status, count }) => (count > 1 ? `${status} ×${count}` : status))
    .join(', ');
}

/** 'YYYY-MM-DD HH:MM' of an instant on the shop's clock in India. */
export function shopDateTime(iso: string | Date): string {
  const time = typeof iso === 'string' ? Date.parse(iso) : iso.getTime();
  return shopClock(new Date(time)).toISOString().slice(0, 16).replace('T', ' ');
}

/** A Date whose UTC fields read the shop's clock, for a workbook cell (spreadsheet dates have no time zone). */
export function shopClockDate(iso: string): Date {
  return shopClock(new Date(iso));
}

/** '15 Nov 2026, 14:05' on the shop's clock. */
export function dateTimeText(iso: string | Date): string {
  const [day, time] = shopDateTime(iso).split(' ');
  return `${dayText(day)}, ${time}`;
}

/** 'Period: 15 Nov 2026 – 21 Nov 2026 (Last 7 days)'. */
export function periodText(period: InsightPeriod): string {
  return `Period: ${periodDaysText(period)} (${INSIGHT_FILTER_LABELS[period.filter]})`;
}
