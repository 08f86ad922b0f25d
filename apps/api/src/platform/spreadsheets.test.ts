import { FIXTURE_REGISTERS } from '@bagshop/shared/gst/gstr1-fixture';
import { gstr1Sheets, registerSheets } from '@bagshop/shared/gst/gstr1-sheets';
import type { Sheet } from '@bagshop/shared/sheet';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sheetCsv, sheetsXlsx, sheetsZip } from './spreadsheets.ts';

const BOM = '\uFEFF';
const sheets = [...gstr1Sheets(FIXTURE_REGISTERS), ...registerSheets(FIXTURE_REGISTERS)];

/** The cell values of a row from column 1 on (exceljs keeps index 0 empty). */
const rowValues = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);

describe('a workbook of sheets', () => {
  it('has a worksheet per sheet with its header and values, read back by exceljs', async () => {
    const file = await sheetsXlsx(sheets, { title: 'GSTR-1 November 2026' });
    expect(file.subarray(0, 2).toString()).toBe('PK');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(sheets.map((s) => s.name));
    for (const sheet of sheets) {
      const worksheet = workbook.getWorksheet(sheet.name) as ExcelJS.Worksheet;
      expect(rowValues(worksheet, 1)).toEqual(sheet.columns);
      expect(worksheet.rowCount).toBe(sheet.rows.length + 1);
    }

    const b2b = workbook.getWorksheet('b2b,sez,de') as ExcelJS.Worksheet;
    expect(rowValues(b2b, 3)).toEqual([
      '27AAACM1234C1Z4',
      'Mumbai Travel House Pvt Ltd',
      'INV/26-27/000103',
      '10-Nov-2026',
      33797.9,
      '27-Maharashtra',
      'N',
      undefined,
      'Regular B2B',
      undefined,
      5,
      4093.24,
      0,
    ]);
    expect(b2b.getCell('L3').numFmt).toBe('0.00');
    expect(b2b.getRow(1).font?.bold).toBe(true);
    const sales = workbook.getWorksheet('Sales register') as ExcelJS.Worksheet;
    expect(sales.getCell('B2').value).toBe('01-Nov-2026');
  });

  it('keeps text that looks like a formula as text', async () => {
    const sheet: Sheet = { name: 'Buyers', columns: ['Buyer'], rows: [['=HYPERLINK("http://x","y")']] };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await sheetsXlsx([sheet])) as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Buyers')?.getCell('A2').value).toBe('=HYPERLINK("http://x","y")');
  });

  it.each([
    ['a name too long for Excel', [{ name: 'x'.repeat(32), columns: [], rows: [] }]],
    ['a name with a slash', [{ name: 'a/b', columns: [], rows: [] }]],
    [
      'two sheets of one name',
      [
        { name: 'docs', columns: [], rows: [] },
        { name: 'DOCS', columns: [], rows: [] },
      ],
    ],
  ])('refuses %s', async (_, bad: Sheet[]) => {
    await expect(sheetsXlsx(bad)).rejects.toThrow(RangeError);
    expect(() => sheetsZip(bad)).toThrow(RangeError);
  });
});

describe('a sheet as CSV', () => {
  const sheet: Sheet = {
    name: 'Buyers',
    columns: ['Buyer', 'Note', 'Amount', 'Qty'],
    money: ['Amount'],
    rows: [
      ['Rao, Asha', 'said "fine"', 1234.5, 2],
      ['=SUM(A1:A9)', 'two\nlines', -12.5, -1],
      ['+91 98450 12345', '@home', 0, 0],
      ['-5', '-x', 100, 3],
    ],
  };
  const csv = sheetCsv(sheet);

  it('starts with a byte order mark and the header, and ends each record with CRLF', () => {
    expect(csv.startsWith(`${BOM}Buyer,Note,Amount,Qty\r\n`)).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('quotes commas, quotes and line breaks as RFC 4180 says, money with two decimals', () => {
    expect(csv).toContain('\r\n"Rao, Asha","said ""fine""",1234.50,2\r\n');
    expect(csv).toContain('"two\nlines",-12.50,-1\r\n');
  });

  it('puts an apostrophe before text a spreadsheet would run, but not before numbers', () => {
    expect(csv).toContain("\r\n'=SUM(A1:A9),");
    expect(csv).toContain("\r\n'+91 98450 12345,'@home,0.00,0\r\n");
    expect(csv).toContain("\r\n-5,'-x,100.00,3\r\n");
  });

  it('writes the GST offline tool’s sheets with their headers', () => {
    const b2cs = sheetCsv(sheets.find((s) => s.name === 'b2cs') as Sheet);
    expect(b2cs).toBe(
      `${BOM}Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN\r\n` +
        'OE,27-Maharashtra,,5,95.24,0.00,\r\n' +
        'OE,27-Maharashtra,,18,84661.02,0.00,\r\n' +
        'OE,29-Karnataka,,5,3094.23,0.00,\r\n',
    );
  });
});

describe('sheets as a ZIP of CSVs', () => {
  it('lists a CSV per sheet, named after it, each the sheet’s CSV', () => {
    const files = unzipSync(sheetsZip(sheets));
    expect(Object.keys(files)).toEqual(sheets.map((s) => `${s.name}.csv`));
    expect(Object.keys(files)).toContain('b2b,sez,de.csv');
    expect(Object.keys(files)).toContain('hsn(b2c).csv');
    expect(Buffer.from(files['docs.csv']).toString('utf8')).toBe(
      sheetCsv(sheets.find((s) => s.name === 'docs') as Sheet),
    );
  });
});
