import { describe, expect, it } from 'vitest';
import type { Sheet } from '../sheet.ts';
import { FIXTURE_REGISTERS } from './gstr1-fixture.ts';
import { gstr1Sheets, placeOfSupplyText, registerSheets } from './gstr1-sheets.ts';

const HSN_HEADERS = [
  'HSN',
  'Description',
  'UQC',
  'Total Quantity',
  'Total Value',
  'Rate',
  'Taxable Value',
  'Integrated Tax Amount',
  'Central Tax Amount',
  'State/UT Tax Amount',
  'Cess Amount',
];

/** The column headers of the offline tool's workbook (GSTR1 Excel Workbook Template V2.2), as written there. */
const TOOL_HEADERS: Record<string, string[]> = {
  'b2b,sez,de': [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Reverse Charge',
    'Applicable % of Tax Rate',
    'Invoice Type',
    'E-Commerce GSTIN',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  b2cl: [
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  b2cs: [
    'Type',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  cdnr: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Reverse Charge',
    'Note Supply Type',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  cdnur: [
    'UR Type',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  'hsn(b2b)': HSN_HEADERS,
  'hsn(b2c)': HSN_HEADERS,
  docs: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
};

/** The rows of a sheet as objects keyed by header. */
function records(sheet: Sheet) {
  return sheet.rows.map((row) => Object.fromEntries(sheet.columns.map((c, i) => [c, row[i]])));
}

const sheetNamed = (sheets: Sheet[], name: string) => sheets.find((s) => s.name === name) as Sheet;
const paise = (rupees: unknown) => Math.round(Number(rupees) * 100);
const columnTotal = (sheet: Sheet, column: string) => records(sheet).reduce((sum, r) => sum + paise(r[column]), 0);

describe('GSTR-1 as the offline tool’s sheets', () => {
  const sheets = gstr1Sheets(FIXTURE_REGISTERS);

  it('has the tool’s sheets and column headers, every row as wide as its header', () => {
    expect(sheets.map((s) => s.name)).toEqual(Object.keys(TOOL_HEADERS));
    for (const sheet of sheets) {
      expect(sheet.columns).toEqual(TOOL_HEADERS[sheet.name]);
      for (const row of sheet.rows) expect(row).toHaveLength(sheet.columns.length);
      for (const column of sheet.money ?? []) expect(sheet.columns).toContain(column);
    }
  });

  it('writes a B2B invoice one row per rate, dates as dd-MMM-yyyy and places of supply with their names', () => {
    const rows = records(sheetNamed(sheets, 'b2b,sez,de')).filter((r) => r['Invoice Number'] === 'INV/26-27/000103');
    expect(rows).toEqual([
      {
        'GSTIN/UIN of Recipient': '27AAACM1234C1Z4',
        'Receiver Name': 'Mumbai Travel House Pvt Ltd',
        'Invoice Number': 'INV/26-27/000103',
        'Invoice date': '10-Nov-2026',
        'Invoice Value': 33797.9,
        'Place Of Supply': '27-Maharashtra',
        'Reverse Charge': 'N',
        'Applicable % of Tax Rate': '',
        'Invoice Type': 'Regular B2B',
        'E-Commerce GSTIN': '',
        Rate: 5,
        'Taxable Value': 4093.24,
        'Cess Amount': 0,
      },
      expect.objectContaining({ Rate: 18, 'Taxable Value': 25000 }),
    ]);
  });

  it('says what the JSON says: the tables net of the notes add up to the HSN summary', () => {
    const tables =
      columnTotal(sheetNamed(sheets, 'b2b,sez,de'), 'Taxable Value') +
      columnTotal(sheetNamed(sheets, 'b2cl'), 'Taxable Value') +
      columnTotal(sheetNamed(sheets, 'b2cs'), 'Taxable Value') -
      columnTotal(sheetNamed(sheets, 'cdnr'), 'Taxable Value') -
      columnTotal(sheetNamed(sheets, 'cdnur'), 'Taxable Value');
    const hsn =
      columnTotal(sheetNamed(sheets, 'hsn(b2b)'), 'Taxable Value') +
      columnTotal(sheetNamed(sheets, 'hsn(b2c)'), 'Taxable Value');
    expect(tables).toBe(hsn);
    expect(records(sheetNamed(sheets, 'cdnur'))).toEqual([
      expect.objectContaining({ 'UR Type': 'B2CL', 'Note Date': '22-Nov-2026', 'Place Of Supply': '33-Tamil Nadu' }),
    ]);
    expect(records(sheetNamed(sheets, 'hsn(b2c)'))[1]).toMatchObject({
      UQC: 'NOS-NUMBERS',
      'Total Quantity': 13,
      'Total Value': 203150,
    });
    expect(sheetNamed(sheets, 'docs').rows).toEqual([
      ['Invoices for outward supply', 'INV/26-27/000101', 'INV/26-27/000107', 7, 0],
      ['Credit Note', 'CN/26-27/000011', 'CN/26-27/000014', 4, 0],
    ]);
  });

  it('keeps a receiver name to the characters the tool takes', () => {
    const invoice = { ...FIXTURE_REGISTERS.invoices[1], buyerName: 'राम Traders — Koramangala' };
    const b2b = gstr1Sheets({ ...FIXTURE_REGISTERS, invoices: [invoice], creditNotes: [] })[0];
    expect(records(b2b)[0]['Receiver Name']).toBe('Traders Koramangala');
  });

  it('has one HSN sheet before the May 2025 return', () => {
    const shift = (d: Date) => new Date(d.getTime() - Date.parse('2026-11-01') + Date.parse('2025-04-01'));
    const april = gstr1Sheets({
      ...FIXTURE_REGISTERS,
      period: '2025-04',
      invoices: FIXTURE_REGISTERS.invoices.slice(1, 6).map((i) => ({ ...i, issuedAt: shift(i.issuedAt) })),
      creditNotes: [],
    });
    expect(april.map((s) => s.name)).toEqual(['b2b,sez,de', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn', 'docs']);
  });

  it.each([
    ['27', '27-Maharashtra'],
    ['07', '07-Delhi'],
    ['21', '21-Odisha'],
    ['97', '97'],
  ])('place of supply %s is %s', (code, text) => {
    expect(placeOfSupplyText(code)).toBe(text);
  });
});

describe('the registers as sheets', () => {
  const [sales, notes] = registerSheets(FIXTURE_REGISTERS);

  it('lists every invoice line with its invoice, on its India date', () => {
    expect(sales.name).toBe('Sales register');
    expect(sales.rows).toHaveLength(FIXTURE_REGISTERS.invoices.reduce((n, i) => n + i.lines.length, 0));
    expect(records(sales)[0]).toEqual({
      'Invoice Number': 'INV/26-27/000101',
      // 00:05 on 1 November in India (31 October in UTC).
      'Invoice Date': '01-Nov-2026',
      'Order Number': 'BS-20261031-0107',
      Buyer: 'Asha Rao',
      'Buyer GSTIN': '',
      'Place of Supply': '29-Karnataka',
      'Supply Type': 'Intra-state',
      Description: 'Trail Pack (Green)',
      HSN: '4202',
      Qty: 1,
      'GST Rate (%)': 5,
      'Taxable Value': 1999,
      IGST: 0,
      CGST: 49.98,
      SGST: 49.97,
      'Line Total': 2098.95,
    });
    expect(records(sales)[1]).toMatchObject({ Description: 'Shipping', Qty: 0, 'Line Total': 100 });
  });

  it('lists every credit note line with the invoice it reduces', () => {
    expect(notes.name).toBe('Credit note register');
    expect(notes.columns.slice(0, 4)).toEqual([
      'Credit Note Number',
      'Credit Note Date',
      'Invoice Number',
      'Invoice Date',
    ]);
    expect(records(notes).at(-1)).toMatchObject({
      'Credit Note Number': 'CN/26-27/000014',
      'Credit Note Date': '30-Nov-2026',
      'Invoice Number': 'INV/26-27/000102',
      'Invoice Date': '03-Nov-2026',
      'Buyer GSTIN': '29AAGCB7383J1Z4',
      'Supply Type': 'Intra-state',
      'Line Total': 1049.99,
    });
    const total = columnTotal(sales, 'Taxable Value') - columnTotal(notes, 'Taxable Value');
    const hsn = gstr1Sheets(FIXTURE_REGISTERS).filter((s) => s.name.startsWith('hsn'));
    expect(total).toBe(hsn.reduce((sum, s) => sum + columnTotal(s, 'Taxable Value'), 0));
  });
});
