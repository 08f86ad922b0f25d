import { type ReportFormat, reportFileName } from '@bagshop/shared/insight';
import type { SalesReportDto } from '@bagshop/shared/insight-types';
import { salesReportCsv } from './report-csv.ts';
import { salesReportPdf } from './report-pdf.ts';
import { salesReportXlsx } from './report-xlsx.ts';

export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

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
  return { fileName: reportFileName(report.period, format), contentType: REPORT_CONTENT_TYPES[format], body };
}
