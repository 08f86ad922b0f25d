import { INSIGHT_MSG } from '@bagshop/shared/insight-messages';
import type { SalesReportDto } from '@bagshop/shared/insight-types';
import type ExcelJS from 'exceljs';
import {
  type CellKind,
  columnTotal,
  EXTRA_SUMMARY_LINES,
  ORDER_COLUMNS,
  PRODUCT_COLUMNS,
  periodText,
  type ReportColumn,
  shopClockDate,
  TOTALS_LABEL,
} from './report-columns.ts';

/** Lakh and crore grouping whatever the reader's locale: ₹1,23,45,678.00. */
export const INR_FORMAT = '[>=10000000]"₹"##\\,##\\,##\\,##0.00;[>=100000]"₹"##\\,##\\,##0.00;"₹"#,##0.00';
const COUNT_FORMAT = '#,##0';
const DATE_TIME_FORMAT = 'dd mmm yyyy hh:mm';

const FORMATS: Partial<Record<CellKind, string>> = {
  money: INR_FORMAT,
  count: COUNT_FORMAT,
  dateTime: DATE_TIME_FORMAT,
};

function cellValue(kind: CellKind, value: string | number): ExcelJS.CellValue {
  return kind === 'dateTime' ? shopClockDate(String(value)) : value;
}

function defineColumns<Row>(sheet: ExcelJS.Worksheet, columns: ReportColumn<Row>[]) {
  columns.forEach((column, i) => {
    const sheetColumn = sheet.getColumn(i + 1);
    sheetColumn.width = column.width;
    const format = FORMATS[column.kind];
    if (format) sheetColumn.numFmt = format;
    if (column.kind !== 'text') sheetColumn.alignment = { horizontal: 'right' };
  });
}

/** The header row, the rows, then the totals row; returns the header row's number. */
function writeTable<Row>(
  sheet: ExcelJS.Worksheet,
  columns: ReportColumn<Row>[],
  rows: Row[],
): { headerRow: number; lastRow: number } {
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE9ECEF' } };
    cell.border = { bottom: { style: 'thin' } };
  });
  for (const row of rows) sheet.addRow(columns.map((c) => cellValue(c.kind, c.value(row))));
  if (rows.length === 0) sheet.addRow([INSIGHT_MSG.noSales]).font = { italic: true };
  const lastRow = sheet.lastRow?.number ?? header.number;
  const totals = sheet.addRow(columns.map((c, i) => (i === 0 ? TOTALS_LABEL : (columnTotal(c, rows) ?? null))));
  totals.font = { bold: true };
  totals.eachCell((cell) => {
    cell.border = { top: { style: 'thin' } };
  });
  sheet.autoFilter = {
    from: { row: header.number, column: 1 },
    to: { row: lastRow, column: columns.length },
  };
  return { headerRow: header.number, lastRow };
}

/** The sales report as a workbook: 'Sales Report' per product with the period's totals, 'Order Details' per order. */
export async function salesReportXlsx(report: SalesReportDto, shopName?: string): Promise<Buffer> {
  // Loaded on the first workbook: the library is slow to load and few requests ask for one.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = shopName ?? '';
  workbook.created = new Date();
  workbook.title = `${INSIGHT_MSG.salesReportTitle} ${report.period.startDate} – ${report.period.endDate}`;

  const products = workbook.addWorksheet(INSIGHT_MSG.productSheet);
  defineColumns(products, PRODUCT_COLUMNS);
  const title = products.addRow([
    shopName ? `${INSIGHT_MSG.salesReportTitle} – ${shopName}` : INSIGHT_MSG.salesReportTitle,
  ]);
  title.font = { bold: true, size: 14 };
  title.alignment = { horizontal: 'left' };
  products.addRow([periodText(report.period)]).alignment = { horizontal: 'left' };
  products.addRow([]);
  const { headerRow } = writeTable(products, PRODUCT_COLUMNS, report.products);
  products.views = [{ state: 'frozen', ySplit: headerRow }];
  products.addRow([]);
  const valueColumn = PRODUCT_COLUMNS.length;
  for (const line of EXTRA_SUMMARY_LINES) {
    const row = products.addRow([line.label]);
    row.font = { bold: true };
    const cell = row.getCell(valueColumn);
    cell.value = line.value(report);
    cell.numFmt = FORMATS[line.kind] ?? '';
  }

  const orders = workbook.addWorksheet(INSIGHT_MSG.orderSheet);
  defineColumns(orders, ORDER_COLUMNS);
  writeTable(orders, ORDER_COLUMNS, report.orders);
  orders.views = [{ state: 'frozen', ySplit: 1 }];

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
