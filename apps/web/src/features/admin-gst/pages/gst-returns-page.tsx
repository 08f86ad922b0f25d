import { GST_PAGE_MSG } from '@bagshop/shared/gst/gst-page-messages';
import { gstPeriodDays, gstPeriodOf } from '@bagshop/shared/gst/periods';
import { periodDaysText } from '@bagshop/shared/insight';
import { GST_MSG, type GstSummaryDto } from '@bagshop/shared/schemas/gst';
import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { FiCalendar } from 'react-icons/fi';
import { errorMessage, errorStatus } from '../../../api/errors.ts';
import { EmptyState, LoadFailed, LoadingState, Updating } from '../../../components/load-states.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useGstSummaryQuery } from '../api.ts';
import { GstDownloads } from '../components/gst-downloads.tsx';
import { PeriodPicker } from '../components/period-picker.tsx';
import { ReturnFigures, taxOf } from '../components/return-figures.tsx';
import { SalesComparison } from '../components/sales-comparison.tsx';
import { useGstPeriod } from '../gst-period.ts';

/**
 * /admin/gst — GSTR-1 of a month or quarter: each section's totals beside the registers and the sales report of the
 * same dates, and the return and registers to download (docs/product.md §10.6).
 */
export function GstReturnsPage() {
  usePageTitle(GST_MSG.title);
  const { period, valid, error: periodError, choose } = useGstPeriod();
  const { data, error, isLoading, isFetching, refetch } = useGstSummaryQuery(period, {
    skip: !valid,
    refetchOnMountOrArgChange: true,
  });
  const known = gstPeriodOf(period);
  const days = known ? gstPeriodDays(known) : null;
  // A refused period (400) is explained by the server; anything else is the page's own text.
  const refused = errorStatus(error) === 400 ? errorMessage(error, '') : '';

  let body: ReactNode = null;
  if (!known) {
    // A hand-edited link: nothing is fetched, the picker says what to choose.
  } else if (isLoading) {
    body = <LoadingState text={GST_PAGE_MSG.loading} />;
  } else if (error || !data) {
    body = <LoadFailed message={refused || GST_PAGE_MSG.loadFailed} onRetry={() => refetch()} retrying={isFetching} />;
  } else {
    body = <ReturnBody summary={data} />;
  }

  return (
    <>
      <div className="d-flex align-items-center mb-3">
        <h1 className="h3 mb-0">{GST_MSG.title}</h1>
        <Updating busy={isFetching && !isLoading} />
      </div>
      <PeriodPicker period={period} error={periodError} onApply={choose} />
      {known && days ? (
        <>
          <p className="mb-3" data-testid="gst-period" aria-live="polite">
            <FiCalendar aria-hidden="true" className="me-1" />
            <strong>{known.label}</strong>{' '}
            <span className="text-muted">({periodDaysText({ startDate: days.firstDay, endDate: days.lastDay })})</span>
            {data?.period === period ? (
              <span className="d-block small text-muted">{GST_PAGE_MSG.gstinLine(data.gstin, data.fp)}</span>
            ) : null}
          </p>
          <GstDownloads period={period} />
        </>
      ) : null}
      {body}
    </>
  );
}

function ReturnBody({ summary }: { summary: GstSummaryDto }) {
  const sales = (
    <SalesComparison firstDay={summary.firstDay} lastDay={summary.lastDay} declaredTax={taxOf(summary.declared)} />
  );
  if (summary.registers.invoices.count === 0 && summary.registers.creditNotes.count === 0) {
    return (
      <>
        <Card className="border-0 shadow-sm mb-3">
          <EmptyState title={GST_PAGE_MSG.empty}>
            <p className="text-muted mb-0 px-3">{GST_PAGE_MSG.emptyHint}</p>
          </EmptyState>
        </Card>
        {sales}
      </>
    );
  }
  return <ReturnFigures summary={summary} beside={sales} />;
}
