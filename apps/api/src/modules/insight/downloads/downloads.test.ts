import { reportFileName } from '@bagshop/shared/insight';
import { INSIGHT_MSG } from '@bagshop/shared/insight-messages';
import type { SalesReportDto } from '@bagshop/shared/insight-types';
import { toPaise } from '@bagshop/shared/pricing/money';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { ORDER_COLUMNS, PRODUCT_COLUMNS } from './report-columns.ts';
import { salesReportCsv } from './report-csv.ts';
import { REPORT_CONTENT_TYPES, salesReportDownload } from './report-download.ts';
import { PDF_MAX_ORDER_ROWS, salesReportPdf } from './report-pdf.ts';
import { salesReportXlsx } from './report-xlsx.ts';
import { busyReport, emptyReport, weekReport } from './sales-report-fixture.ts';

const SHOP = 'Bag Shop Retail Pvt. Ltd.';
const PRODUCT_HEADERS = [
  'Product',
  'Brand',
  'Category',
  'Units',
  'Gross',
  'Offer discount',
  'Coupon discount',
  'Tax',
  'Net',
];
const ORDER_HEADERS = [
  'Order',
  'Placed',
  'Paid',
  'Customer',
  'Email',
  'Payment method',
  'Payment status',
  'Items status',
  'Units',
  'Gross',
  'Offer discount',
  'Coupon discount',
  'Tax',
  'Shipping',
  'Final',
  'Refunded',
  'Net',
];
const MONEY_FIELDS = ['gross', 'offerDiscount', 'couponDiscount', 'tax', 'net'] as const;

const paise = (values: readonly unknown[]) => values.reduce<number>((sum, v) => sum + toPaise(Number(v)), 0);

async function readWorkbook(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(
    buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer,
  );
  return workbook;
}

async function readPdf(buffer: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(buffer) });
  try {
    return await parser.getText();
  } finally {
    await parser.destroy();
  }
}

/** RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field || record.length > 0) records.push([...record, field]);
  return records;
}

/** The cell values of a row from column 1 on (exceljs keeps index 0 empty). */
const rowValues = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as ExcelJS.CellValue[]).slice(1);

describe('the sales report fixture', () => {
  it('adds up to the paisa like the shop report', () => {
    const report = weekReport();
    for (const row of [...report.products, ...report.orders]) {
      const shipping = 'shipping' in row ? toPaise(row.shipping) : 0;
      expect(toPaise(row.net)).toBe(
        toPaise(row.gross) - toPaise(row.offerDiscount) - toPaise(row.couponDiscount) + toPaise(row.tax) + shipping,
      );
    }
    for (const order of report.orders) expect(toPaise(order.net)).toBe(toPaise(order.final) - toPaise(order.refunded));
    for (const field of ['gross', 'offerDiscount', 'couponDiscount', 'tax'] as const) {
      expect(paise(report.products.map((p) => p[field]))).toBe(toPaise(report.totals[field]));
      expect(paise(report.orders.map((o) => o[field]))).toBe(toPaise(report.totals[field]));
    }
    expect(paise(report.orders.map((o) => o.net))).toBe(toPaise(report.totals.net));
    expect(paise(report.products.map((p) => p.net)) + toPaise(report.totals.shipping)).toBe(toPaise(report.totals.net));
    expect(paise(report.orders.map((o) => o.shipping))).toBe(toPaise(report.totals.shipping));
    expect(paise(report.orders.map((o) => o.refunded))).toBe(toPaise(report.totals.refunded));
    expect(report.products.reduce((sum, p) => sum + p.units, 0)).toBe(report.totals.units);
    expect(report.orders.reduce((sum, o) => sum + o.units, 0)).toBe(report.totals.units);
    expect(report.orders).toHaveLength(report.totals.orders);
  });

  it('uses the same headings in every format', () => {
    expect(PRODUCT_COLUMNS.map((c) => c.header)).toEqual(PRODUCT_HEADERS);
    expect(ORDER_COLUMNS.map((c) => c.header)).toEqual(ORDER_HEADERS);
  });
});

describe('sales report workbook', () => {
  it("has the sheets 'Sales Report' and 'Order Details' with a title, the period and the headers", async () => {
    const workbook = await readWorkbook(await salesReportXlsx(weekReport(), SHOP));
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Sales Report', 'Order Details']);
    const sheet = workbook.getWorksheet(INSIGHT_MSG.productSheet)!;
    expect(sheet.getCell('A1').value).toBe(`Sales Report – ${SHOP}`);
    expect(sheet.getCell('A1').font.bold).toBe(true);
    expect(sheet.getCell('A2').value).toBe('Period: 15 Nov 2026 – 21 Nov 2026 (Last 7 days)');
    expect(rowValues(sheet, 4)).toEqual(PRODUCT_HEADERS);
    expect(sheet.getCell('A4').font.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });
    expect(sheet.autoFilter).toBe('A4:I7');
    expect(sheet.getColumn(1).width).toBeGreaterThan(20);

    const orders = workbook.getWorksheet(INSIGHT_MSG.orderSheet)!;
    expect(rowValues(orders, 1)).toEqual(ORDER_HEADERS);
    expect(orders.getCell('A1').font.bold).toBe(true);
    expect(orders.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(orders.autoFilter).toBe('A1:Q5');
  });

  it('writes one row per product as numbers in rupees and a totals row that is their sum to the paisa', async () => {
    const report = weekReport();
    const sheet = (await readWorkbook(await salesReportXlsx(report))).getWorksheet('Sales Report')!;
    expect(sheet.getCell('A1').value).toBe('Sales Report');
    report.products.forEach((product, i) => {
      expect(rowValues(sheet, 5 + i)).toEqual([
        product.name,
        product.brand,
        product.category,
        product.units,
        product.gross,
        product.offerDiscount,
        product.couponDiscount,
        product.tax,
        product.net,
      ]);
    });
    for (const column of ['E', 'F', 'G', 'H', 'I']) {
      const cell = sheet.getCell(`${column}5`);
      expect(cell.type).toBe(ExcelJS.ValueType.Number);
      expect(cell.numFmt).toContain('"₹"');
      expect(cell.numFmt).toContain('0.00');
    }
    const totals = rowValues(sheet, 8);
    expect(totals[0]).toBe('Totals');
    expect(sheet.getCell('A8').font.bold).toBe(true);
    expect(totals[3]).toBe(report.products.reduce((sum, p) => sum + p.units, 0));
    MONEY_FIELDS.forEach((field, i) => {
      const column = 4 + i;
      expect(toPaise(Number(totals[column]))).toBe(paise([5, 6, 7].map((n) => rowValues(sheet, n)[column])));
      expect(totals[column]).toBe(field === 'net' ? 12952.91 : report.totals[field]);
    });
    const summary = Object.fromEntries(
      [10, 11, 12, 13].map((n) => [sheet.getCell(`A${n}`).value, sheet.getCell(`I${n}`).value]),
    );
    expect(summary).toEqual({
      Shipping: 49,
      'Net sales (incl. shipping)': 13001.91,
      Refunded: 1517.43,
      Orders: 4,
    });
    expect(sheet.getCell('I11').type).toBe(ExcelJS.ValueType.Number);
  });

  it('lists every order with its times in India and totals its columns', async () => {
    const report = weekReport();
    const sheet = (await readWorkbook(await salesReportXlsx(report))).getWorksheet('Order Details')!;
    const returned = rowValues(sheet, 4);
    expect(returned.slice(0, 8)).toEqual([
      'ORD-Z5C1H7D3UE',
      new Date('2026-11-19T01:35:00.000Z'),
      new Date('2026-11-19T01:36:00.000Z'),
      'Meera Iyer',
      'meera.iyer@example.in',
      'Razorpay',
      'Paid',
      'Delivered, Returned',
    ]);
    expect(returned.slice(8)).toEqual([1, 2499, 250, 0, 420.21, 0, 4186.64, 1517.43, 2669.21]);
    expect(sheet.getCell('B4').numFmt).toBe('dd mmm yyyy hh:mm');
    expect(rowValues(sheet, 3)[11]).toBe(300);
    report.orders.forEach((order, i) => {
      expect(sheet.getCell(`A${2 + i}`).value).toBe(order.orderNumber);
    });
    const totals = rowValues(sheet, 6);
    expect(totals.slice(0, 8)).toEqual(['Totals', ...Array(7).fill(undefined)]);
    for (let column = 8; column < ORDER_HEADERS.length; column++) {
      const rows = [2, 3, 4, 5].map((n) => rowValues(sheet, n)[column]);
      if (column === 8) expect(totals[column]).toBe(rows.reduce<number>((sum, v) => sum + Number(v), 0));
      else expect(toPaise(Number(totals[column]))).toBe(paise(rows));
      expect(typeof totals[column]).toBe('number');
    }
    expect(totals.slice(8)).toEqual([6, 12394, 1130, 300, 1988.91, 49, 14519.34, 1517.43, report.totals.net]);
  });

  it('says there were no sales and totals zero for an empty period', async () => {
    const workbook = await readWorkbook(await salesReportXlsx(emptyReport()));
    const sheet = workbook.getWorksheet('Sales Report')!;
    expect(sheet.getCell('A2').value).toBe('Period: 21 Nov 2026 (Today)');
    expect(sheet.getCell('A5').value).toBe(INSIGHT_MSG.noSales);
    expect(rowValues(sheet, 6)).toEqual(['Totals', undefined, undefined, 0, 0, 0, 0, 0, 0]);
    const orders = workbook.getWorksheet('Order Details')!;
    expect(orders.getCell('A2').value).toBe(INSIGHT_MSG.noSales);
    expect(orders.getCell('A3').value).toBe('Totals');
  });
});

describe('sales report PDF', () => {
  it('shows the title, shop, period, products, totals and orders', async () => {
    const pdf = await salesReportPdf(weekReport(), SHOP, new Date('2026-11-22T02:45:00.000Z'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await readPdf(pdf);
    expect(pages).toHaveLength(1);
    expect(text).toContain('Sales Report');
    expect(text).toContain(SHOP);
    expect(text).toContain('Period: 15 Nov 2026 – 21 Nov 2026 (Last 7 days)');
    expect(text).toContain('Generated: 22 Nov 2026, 08:15 IST');
    for (const name of ['Trail Pack', 'City Tote', 'Travel Duffel']) expect(text).toContain(name);
    expect(text).toMatch(/Trail Pack\s+Wildcraft\s+Backpacks\s+2\s+₹4,998\.00\s+₹500\.00\s+₹0\.00/);
    expect(text).toMatch(/Net sales \(incl\. shipping\)\s+₹13,001\.91/);
    expect(text).toMatch(/Totals\s+6\s+₹12,394\.00\s+₹1,130\.00\s+₹300\.00\s+₹1,988\.91\s+₹12,952\.91/);
    expect(text).toMatch(/Refunded\s+₹1,517\.43/);
    expect(text).toMatch(/Orders\s+4\s/);
    for (const order of weekReport().orders) expect(text).toContain(order.orderNumber);
    expect(text).toMatch(/ORD-Z5C1H7D3UE\s+19 Nov 2026, 01:36\s+Meera Iyer/);
    expect(text).toContain('Delivered, Returned');
    expect(text).toContain('Page 1 of 1');
    expect(text).not.toContain('Rs.');
  });

  it('runs a long order table over several pages and repeats its header on each', async () => {
    const report = busyReport(60);
    const { text, pages } = await readPdf(await salesReportPdf(report, SHOP));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page.text).toContain(`Page ${i + 1} of ${pages.length}`);
      if (i > 0) {
        expect(page.text).toContain('Orders (continued)');
        expect(page.text).toMatch(/Order\s+Paid\s+Customer/);
        expect(page.text).toMatch(/Refunded\s+Net/);
      }
    });
    for (const order of report.orders) expect(text.split(order.orderNumber)).toHaveLength(2);
    // Lakh grouping on the totals.
    expect(text).toMatch(/Net sales \(incl\. shipping\)\s+₹1,59,229\.20/);
    expect(text).toMatch(/Totals\s+60\s+₹1,49,940\.00/);
  });

  it('lists the first orders of a long period and still totals every order', async () => {
    const report = busyReport(PDF_MAX_ORDER_ROWS + 20);
    const { text } = await readPdf(await salesReportPdf(report, SHOP));
    expect(text).toContain(INSIGHT_MSG.pdfOrdersCut(PDF_MAX_ORDER_ROWS, PDF_MAX_ORDER_ROWS + 20));
    expect(text).toContain(report.orders[PDF_MAX_ORDER_ROWS - 1].orderNumber);
    expect(text).not.toContain(report.orders[PDF_MAX_ORDER_ROWS].orderNumber);
    expect(text).toMatch(new RegExp(`Totals\\s+${PDF_MAX_ORDER_ROWS + 20}\\s+₹`));
  });

  it('says there were no sales in an empty period', async () => {
    const { text } = await readPdf(await salesReportPdf(emptyReport(), SHOP));
    expect(text).toContain('Period: 21 Nov 2026 (Today)');
    expect(text).toContain(INSIGHT_MSG.noSales);
    expect(text).not.toContain('Totals');
  });
});

describe('sales report CSV', () => {
  it('has the products with their totals, a blank line, then the orders with plain two-decimal amounts', () => {
    const report = weekReport();
    const csv = salesReportCsv(report);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const records = parseCsv(csv.slice(1));
    expect(records[0]).toEqual(PRODUCT_HEADERS);
    expect(records[1]).toEqual([
      'Trail Pack',
      'Wildcraft',
      'Backpacks',
      '2',
      '4998.00',
      '500.00',
      '0.00',
      '825.03',
      '5323.03',
    ]);
    const products = records.slice(1, 4);
    expect(products.map((r) => r[0])).toEqual(['Trail Pack', 'City Tote', 'Travel Duffel']);
    expect(records[4][0]).toBe('Totals');
    for (let column = 4; column < 9; column++) {
      expect(records[4][column]).toMatch(/^\d+\.\d{2}$/);
      expect(toPaise(Number(records[4][column]))).toBe(paise(products.map((r) => r[column])));
    }
    expect(records[4].slice(3)).toEqual(['6', '12394.00', '1130.00', '300.00', '1988.91', '12952.91']);
    expect(records.slice(5, 9).map((r) => [r[0], r[8]])).toEqual([
      ['Shipping', '49.00'],
      ['Net sales (incl. shipping)', '13001.91'],
      ['Refunded', '1517.43'],
      ['Orders', '4'],
    ]);
    expect(records[9]).toEqual(['']);
    expect(records[10]).toEqual(ORDER_HEADERS);
    const orders = records.slice(11, 15);
    expect(orders[2]).toEqual([
      'ORD-Z5C1H7D3UE',
      '2026-11-19 01:35',
      '2026-11-19 01:36',
      'Meera Iyer',
      'meera.iyer@example.in',
      'Razorpay',
      'Paid',
      'Delivered, Returned',
      '1',
      '2499.00',
      '250.00',
      '0.00',
      '420.21',
      '0.00',
      '4186.64',
      '1517.43',
      '2669.21',
    ]);
    const totals = records[15];
    expect(totals[0]).toBe('Totals');
    for (let column = 9; column < ORDER_HEADERS.length; column++) {
      expect(toPaise(Number(totals[column]))).toBe(paise(orders.map((r) => r[column])));
    }
    expect(totals[16]).toBe('13001.91');
    expect(records).toHaveLength(16);
  });

  it('says there were no sales in an empty period', () => {
    const records = parseCsv(salesReportCsv(emptyReport()).slice(1));
    expect(records[1][0]).toBe(INSIGHT_MSG.noSales);
    expect(records[2]).toEqual(['Totals', '', '', '0', '0.00', '0.00', '0.00', '0.00', '0.00']);
  });
});

describe('formula injection', () => {
  const hostile = (): SalesReportDto => {
    const report = weekReport();
    report.products[0].name = '=HYPERLINK("http://evil.example","Trail Pack")';
    report.products[1].brand = '+Baggit';
    report.orders[0].customer = '-Asha Rao';
    report.orders[1].email = '@vikram.singh@example.in';
    report.orders[2].customer = '\t=1+2';
    return report;
  };

  it('keeps names and emails that look like formulas as text in the CSV', () => {
    const records = parseCsv(salesReportCsv(hostile()).slice(1));
    expect(records[1][0]).toBe(`'=HYPERLINK("http://evil.example","Trail Pack")`);
    expect(records[2][1]).toBe(`'+Baggit`);
    expect(records[11][3]).toBe(`'-Asha Rao`);
    expect(records[12][4]).toBe(`'@vikram.singh@example.in`);
    expect(records[13][3]).toBe(`'\t=1+2`);
    // Figures and safe names are left alone.
    expect(records[3][0]).toBe('Travel Duffel');
    expect(records[1][4]).toBe('4998.00');
  });

  it('writes them as plain text cells in the workbook, never formulas', async () => {
    const workbook = await readWorkbook(await salesReportXlsx(hostile()));
    const cell = workbook.getWorksheet('Sales Report')!.getCell('A5');
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('=HYPERLINK("http://evil.example","Trail Pack")');
    expect(workbook.getWorksheet('Order Details')!.getCell('D2').type).toBe(ExcelJS.ValueType.String);
  });
});

describe('report downloads', () => {
  it('names the file after the period and gives its content type', async () => {
    expect(reportFileName(weekReport().period, 'xlsx')).toBe('sales-report-2026-11-15-to-2026-11-21.xlsx');
    expect(reportFileName(emptyReport().period, 'pdf')).toBe('sales-report-2026-11-21.pdf');
    const pdf = await salesReportDownload(weekReport(), 'pdf', SHOP);
    expect(pdf).toMatchObject({
      fileName: 'sales-report-2026-11-15-to-2026-11-21.pdf',
      contentType: 'application/pdf',
    });
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await salesReportDownload(weekReport(), 'xlsx', SHOP);
    expect(xlsx.contentType).toBe(REPORT_CONTENT_TYPES.xlsx);
    expect(xlsx.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.body.subarray(0, 2).toString()).toBe('PK');
    const csv = await salesReportDownload(weekReport(), 'csv');
    expect(csv.contentType).toBe('text/csv; charset=utf-8');
    expect(csv.body.toString('utf8')).toBe(salesReportCsv(weekReport()));
  });
});
