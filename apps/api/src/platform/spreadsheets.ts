import type { Sheet, SheetCell } from '@bagshop/shared/sheet';
import { stringify } from 'csv-stringify/sync';
import type ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { CSV_BOM, csvText } from './csv-export.ts';

/**
 * Sheets (packages/shared/src/sheet.ts) as files to download: one workbook with a worksheet per sheet, one CSV per
 * sheet, or several sheets as a ZIP of CSVs named after them (`b2b,sez,de.csv`, as the GST offline tool names its
 * section files).
 */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const ZIP_CONTENT_TYPE = 'application/zip';

/** Excel's rule for a worksheet name; the same name names the CSV file. */
const SHEET_NAME = /^[^\\/?*[\]:]{1,31}$/;
/** A text that is a plain number: never a formula, so left as it is. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
/**
 * Two decimals without grouping: the GST offline tool reads a cell as its formatted text and drops only the first
 * thousands separator, so 1,234,567.00 would be read as 1234.
 */
const MONEY_FORMAT = '0.00';
const MAX_COLUMN_WIDTH = 48;

function checkNames(sheets: readonly Sheet[]) {
  const seen = new Set<string>();
  for (const { name } of sheets) {
    if (!SHEET_NAME.test(name)) throw new RangeError(`'${name}' cannot name a worksheet`);
    if (seen.has(name.toLowerCase())) throw new RangeError(`Two sheets are named '${name}'`);
    seen.add(name.toLowerCase());
  }
}

function moneyColumns(sheet: Sheet): boolean[] {
  const money = new Set(sheet.money ?? []);
  return sheet.columns.map((column) => money.has(column));
}

function checkNumber(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`${value} cannot go into a sheet`);
  return value;
}

/**
 * A cell of a CSV: numbers as they are (money with two decimals), text with a leading apostrophe when a spreadsheet
 * would run it as a formula.
 */
function csvCell(value: SheetCell, money: boolean): string {
  if (typeof value === 'number') return money ? checkNumber(value).toFixed(2) : String(checkNumber(value));
  return PLAIN_NUMBER.test(value) ? value : csvText(value);
}

/**
 * One sheet as CSV (RFC 4180: CRLF between records, a field with a comma, quote or line break in quotes, quotes
 * doubled), UTF-8 with a byte order mark so that Excel reads it as UTF-8.
 */
export function sheetCsv(sheet: Sheet): string {
  const money = moneyColumns(sheet);
  const rows = sheet.rows.map((row) => row.map((cell, i) => csvCell(cell, money[i])));
  // A lone line feed must be quoted too, not only the CRLF the records end with.
  return CSV_BOM + stringify([sheet.columns, ...rows], { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}

/** Several sheets as a ZIP of CSV files, `<sheet name>.csv` each, in the given order. */
export function sheetsZip(sheets: readonly Sheet[]): Uint8Array {
  checkNames(sheets);
  const files = Object.fromEntries(sheets.map((sheet) => [`${sheet.name}.csv`, strToU8(sheetCsv(sheet))]));
  return zipSync(files, { level: 6 });
}

function columnWidth(sheet: Sheet, index: number): number {
  const longest = Math.max(sheet.columns[index].length, ...sheet.rows.map((row) => String(row[index] ?? '').length));
  return Math.min(MAX_COLUMN_WIDTH, Math.max(8, longest + 2));
}

function workbookCell(cell: SheetCell): ExcelJS.CellValue {
  if (typeof cell === 'number') return checkNumber(cell);
  return cell === '' ? null : cell;
}

function addSheet(workbook: ExcelJS.Workbook, sheet: Sheet) {
  const money = moneyColumns(sheet);
  const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = sheet.columns.map((header, i) => ({
    header,
    width: columnWidth(sheet, i),
    style: money[i] ? { numFmt: MONEY_FORMAT } : {},
  }));
  const header = worksheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };
  // Text stays text: a cell becomes a formula only when written as { formula }, never from a string. Empty text
  // is a blank cell, as the GST offline tool expects of a column left empty.
  worksheet.addRows(sheet.rows.map((row) => row.map(workbookCell)));
  if (sheet.rows.length > 0) {
    worksheet.autoFilter = {
      from: { row: 1, column: 1 },
      to: { row: sheet.rows.length + 1, column: sheet.columns.length },
    };
  }
}

/** Several sheets as one workbook, a worksheet each, in the given order. */
export async function sheetsXlsx(sheets: readonly Sheet[], about: { title?: string; creator?: string } = {}) {
  checkNames(sheets);
  // Loaded on the first workbook: the library is slow to load and few requests ask for one.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = about.creator ?? '';
  workbook.title = about.title ?? '';
  workbook.created = new Date();
  for (const sheet of sheets) addSheet(workbook, sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
