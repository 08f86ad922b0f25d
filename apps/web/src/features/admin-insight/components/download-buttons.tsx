import {
  type InsightPeriod,
  type InsightQuery,
  REPORT_FORMATS,
  type ReportFormat,
  reportFileName,
} from '@bagshop/shared/insight';
import { INSIGHT_MSG } from '@bagshop/shared/insight-messages';
import { useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { FiDownload } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { useDownloadFileMutation } from '../../../api/download-file.ts';
import { errorMessage, errorStatus } from '../../../api/errors.ts';
import { reportDownloadUrl } from '../insight-query.ts';

interface ReportDownloadsProps {
  query: InsightQuery;
  period: Pick<InsightPeriod, 'startDate' | 'endDate'>;
}

/** Download PDF / XLSX / CSV of the report the screen shows, built by the shop's server. */
export function ReportDownloads({ query, period }: ReportDownloadsProps) {
  const [downloadFile] = useDownloadFileMutation();
  const [pending, setPending] = useState<ReportFormat | null>(null);

  async function download(format: ReportFormat) {
    setPending(format);
    try {
      await downloadFile({ url: reportDownloadUrl(query, format), fileName: reportFileName(period, format) }).unwrap();
      toast.success(INSIGHT_MSG.downloadStarted);
    } catch (failure) {
      const reason = errorStatus(failure) === 400 ? errorMessage(failure, '') : '';
      toast.error(reason || INSIGHT_MSG.downloadFailed);
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="d-flex flex-wrap gap-2">
      {REPORT_FORMATS.map((format) => {
        const label = `Download ${format.toUpperCase()}`;
        return (
          <Button
            key={format}
            variant="outline-brand"
            size="sm"
            onClick={() => download(format)}
            disabled={pending !== null}
            aria-busy={pending === format}
          >
            {pending === format ? (
              <Spinner as="span" animation="border" size="sm" className="me-1" aria-hidden="true" />
            ) : (
              <FiDownload aria-hidden="true" className="me-1" />
            )}
            {label}
          </Button>
        );
      })}
    </div>
  );
}
