import type { ReportFormat } from '@bagshop/shared/insight';
import type { SalesReportDto } from '@bagshop/shared/insight-types';
import { salesReportCsv } from './report-csv.ts';
import { salesReportPdf } from './report-pdf.ts';
import { salesReportXlsx } from './report-xlsx.ts';

export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** 'sales-report-2026-11-15-to-2026-11-21.xlsx'; a one-day report is named after its day. */
export function reportFileName(report: SalesReportDto, format: ReportFormat): string {
  const { startDate, endDate } = report.period;
  const days = startDate === endDate ? startDate : `${startDate}-to-${endDate}`;
  return `sales-report-${days}.${format}`;
}

export interface ReportDownload {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** The report file in the asked format, with its name and content type for the download's headers. */
export async function salesReportDownload(
  report: SalesReportDto,
  format: ReportFormat,
  shopName?: string,
): Promise<ReportDownload> {
  const body =
    format === 'pdf'
      ? await salesReportPdf(report, shopName)
      : format === 'xlsx'
        ? await salesReportXlsx(report, shopName)
        : Buffer.from(salesReportCsv(report), 'utf8');
  return { fileName: reportFileName(report, format), contentType: REPORT_CONTENT_TYPES[format], body };
}
