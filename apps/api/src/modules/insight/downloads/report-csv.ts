import { INSIGHT_MSG } from '@bagshop/shared/insight-messages';
import type { SalesReportDto } from '@bagshop/shared/insight-types';
import { toPaise, toRupees } from '@bagshop/shared/pricing/money';
import { stringify } from 'csv-stringify/sync';
import {
  type CellKind,
  columnTotal,
  EXTRA_SUMMARY_LINES,
  ORDER_COLUMNS,
  PRODUCT_COLUMNS,
  type ReportColumn,
  shopDateTime,
  TOTALS_LABEL,
} from './report-columns.ts';

/** A spreadsheet runs a cell that starts with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Names and emails are typed by people: a leading apostrophe keeps them text when the file is opened. */
export function safeText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Plain numbers with two decimals (1234.50), so a spreadsheet can sum the column. */
const amount = (rupees: number) => toRupees(toPaise(rupees)).toFixed(2);

function csvCell(kind: CellKind, value: string | number): string {
  if (kind === 'money') return amount(Number(value));
  if (kind === 'count') return String(value);
  if (kind === 'dateTime') return shopDateTime(String(value));
  return safeText(String(value));
}

function section<Row>(columns: ReportColumn<Row>[], rows: Row[]): string[][] {
  const records = [columns.map((c) => c.header)];
  for (const row of rows) records.push(columns.map((c) => csvCell(c.kind, c.value(row))));
  if (rows.length === 0) records.push([INSIGHT_MSG.noSales, ...columns.slice(1).map(() => '')]);
  records.push(
    columns.map((c, i) => {
      if (i === 0) return TOTALS_LABEL;
      const total = columnTotal(c, rows);
      return total === undefined ? '' : csvCell(c.kind, total);
    }),
  );
  return records;
}

/**
 * The sales report as CSV: the products with their totals and the period's other figures, a blank line, then the
 * orders with their totals. Dates are the shop's clock in India.
 */
export function salesReportCsv(report: SalesReportDto): string {
  const width = PRODUCT_COLUMNS.length;
  const summary = EXTRA_SUMMARY_LINES.map((line) => {
    const value = line.value(report);
    return [line.label, ...Array<string>(width - 2).fill(''), line.kind === 'money' ? amount(value) : String(value)];
  });
  return stringify(
    [...section(PRODUCT_COLUMNS, report.products), ...summary, [], ...section(ORDER_COLUMNS, report.orders)],
    // Excel reads a CSV as UTF-8 only when it starts with a byte order mark.
    { bom: true },
  );
}
