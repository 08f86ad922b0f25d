import type { SalesReportDto } from '@bagshop/shared/insight-types';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { salesReportCsv } from './report-csv.ts';
import { createReportThread } from './report-thread.ts';
import { busyReport, weekReport } from './sales-report-fixture.ts';

describe('report thread', () => {
  const thread = createReportThread();
  afterAll(() => thread.close());

  it('builds the files on its own thread, the same as built here', async () => {
    const report = weekReport();
    const csv = await thread.build(report, 'csv');
    expect(csv.body.toString('utf8')).toBe(salesReportCsv(report));
    expect(csv.fileName).toBe('sales-report-2026-11-15-to-2026-11-21.csv');

    const [xlsx, pdf] = await Promise.all([thread.build(busyReport(80), 'xlsx'), thread.build(report, 'pdf', 'Shop')]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    expect(book.worksheets[1].rowCount).toBeGreaterThan(80);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a file that cannot be built fails that download only', async () => {
    await expect(thread.build(null as unknown as SalesReportDto, 'csv')).rejects.toThrow(
      /The report file could not be built/,
    );
    expect((await thread.build(weekReport(), 'csv')).body.length).toBeGreaterThan(100);
  });

  it('starts again after being closed', async () => {
    await thread.close();
    expect((await thread.build(weekReport(), 'csv')).contentType).toBe('text/csv; charset=utf-8');
  });
});
