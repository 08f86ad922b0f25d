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
import { useStore } from 'react-redux';
import { toast } from 'react-toastify';
import { DownloadRefused, downloadFile } from '../../../api/download-file.ts';
import type { RootState } from '../../../store/store.ts';
import { reportDownloadUrl } from '../insight-query.ts';

interface ReportDownloadsProps {
  query: InsightQuery;
  period: Pick<InsightPeriod, 'startDate' | 'endDate'>;
  /**
   * Any authenticated call through the API client: an expired access token is renewed there, so a refused
   * download (401) is tried once more with the new one.
   */
  renewSession: () => Promise<unknown>;
}

/** Download PDF / XLSX / CSV of the report the screen shows, built by the shop's server. */
export function ReportDownloads({ query, period, renewSession }: ReportDownloadsProps) {
  const store = useStore<RootState>();
  const [pending, setPending] = useState<ReportFormat | null>(null);

  async function download(format: ReportFormat) {
    setPending(format);
    const fetchIt = () =>
      downloadFile(reportDownloadUrl(query, format), {
        token: store.getState().session.userToken,
        fileName: reportFileName(period, format),
      });
    try {
      try {
        await fetchIt();
      } catch (failure) {
        if (!(failure instanceof DownloadRefused && failure.status === 401)) throw failure;
        await renewSession();
        await fetchIt();
      }
      toast.success(INSIGHT_MSG.downloadStarted);
    } catch (failure) {
      const reason = failure instanceof DownloadRefused && failure.status === 400 ? failure.message : '';
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
