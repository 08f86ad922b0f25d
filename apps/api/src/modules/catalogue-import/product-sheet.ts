import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

/** One data row of a product sheet, numbered as a spreadsheet shows it: the header is row 1. */
export interface SheetRow {
  row: number;
  /** The row's cells by column name, trimmed; a column the row leaves out reads as ''. */
  cell(column: string): string;
}

export interface ProductSheet {
  /** The column names of the header row, as written (trimmed). */
  columns: string[];
  /** Every row below the header that holds anything. */
  rows: SheetRow[];
}

/** The file is no sheet the shop can read; the message says why, in words the administrator understands. */
export class UnreadableSheetError extends Error {}

/**
 * A cell the shop's exports (and careful spreadsheets) wrote with an apostrophe before a leading = + - @, so that no
 * spreadsheet runs it as a formula (platform/csv-export.ts), reads as the text it guards.
 */
function unguarded(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

function sheetOf(records: ReadonlyArray<{ row: number; values: string[] }>): ProductSheet {
  const [header, ...data] = records;
  if (!header) throw new UnreadableSheetError('The file is empty.');
  const columns = header.values.map((name) => name.trim());
  if (!columns.some(Boolean)) throw new UnreadableSheetError('The file is empty.');
  const index = new Map<string, number>();
  columns.forEach((name, i) => {
    // Matched without regard to case, as spreadsheets are edited by hand; the first of two same names counts.
    if (name && !index.has(name.toLowerCase())) index.set(name.toLowerCase(), i);
  });
  const rows = data
    .filter((record) => record.values.some((value) => value.trim() !== ''))
    .map(
      ({ row, values }): SheetRow => ({
        row,
        cell: (column) => {
          const at = index.get(column.toLowerCase());
          return at === undefined ? '' : unguarded((values[at] ?? '').trim());
        },
      }),
    );
  return { columns, rows };
}

/**
 * A CSV as Shopify and spreadsheets write it: UTF-8 with or without a byte order mark, quoted fields holding commas,
 * quotes and line breaks (a quoted line break stays inside its row, so the row numbers are the spreadsheet's).
 */
export function readCsvSheet(bytes: Buffer): ProductSheet {
  let records: string[][];
  try {
    records = parse(bytes, { bom: true, relax_column_count: true, skip_empty_lines: false });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new UnreadableSheetError(
      `The file is not a CSV the shop can read${line ? ` (near line ${line})` : ''}: ${(error as Error).message}`,
    );
  }
  return sheetOf(records.map((values, i) => ({ row: i + 1, values })));
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  // Rich text, hyperlinks and formulas: what the cell shows.
  return cell.text;
}

/** The first worksheet of an XLSX workbook, with the row numbers it shows. */
export async function readXlsxSheet(bytes: Buffer): Promise<ProductSheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new UnreadableSheetError('The file is not an XLSX workbook the shop can read.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new UnreadableSheetError('The workbook has no sheet.');
  const records: Array<{ row: number; values: string[] }> = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values: string[] = [];
    for (let column = 1; column <= row.cellCount; column += 1) values.push(cellText(row.getCell(column)));
    records.push({ row: rowNumber, values });
  });
  if (records[0] && records[0].row !== 1) {
    throw new UnreadableSheetError('The first row of the sheet must name the columns.');
  }
  return sheetOf(records);
}
