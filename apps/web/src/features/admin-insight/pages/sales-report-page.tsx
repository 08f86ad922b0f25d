import { insightPeriod } from '@bagshop/shared/insight';
import { INSIGHT_MSG } from '@bagshop/shared/insight-messages';
import type { SalesReportDto } from '@bagshop/shared/insight-types';
import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { FiBarChart2 } from 'react-icons/fi';
import { Link } from 'react-router';
import { useSalesReportQuery } from '../../../api/insight-api.ts';
import { EmptyState, LoadFailed, LoadingState, Updating } from '../../../components/load-states.tsx';
import { ListPagination } from '../../../components/pagination.tsx';
import { useClampPage } from '../../../components/use-list-params.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { ReportDownloads } from '../components/download-buttons.tsx';
import { OrderTable } from '../components/order-table.tsx';
import { PeriodFilter } from '../components/period-filter.tsx';
import { ProductTable } from '../components/product-table.tsx';
import { ReportSummary } from '../components/report-summary.tsx';
import { loadErrorOf } from '../insight-query.ts';
import { useInsightFilter, useInsightLiveRefresh } from '../use-insight-filter.ts';

/** /admin/sales-report — per product and per order figures of the period, downloadable as PDF, XLSX or CSV. */
export function SalesReportPage() {
  usePageTitle(INSIGHT_MSG.salesReportTitle);
  const filter = useInsightFilter();
  const { data, error, isLoading, isFetching, refetch } = useSalesReportQuery(
    { query: filter.query, page: filter.page },
    { skip: !filter.valid, refetchOnMountOrArgChange: true },
  );
  useInsightLiveRefresh();
  useClampPage(filter.page, data?.orderPage?.pages);
  const failure = loadErrorOf(error, INSIGHT_MSG.reportLoadFailed);

  let body: ReactNode = null;
  if (!filter.valid) {
    // A hand-edited link with a wrong range: nothing is fetched, the filter says what to fix.
  } else if (isLoading) {
    body = <LoadingState text="Loading the sales report…" />;
  } else if (error || !data) {
    body = <LoadFailed message={failure.message} onRetry={() => refetch()} retrying={isFetching} />;
  } else {
    body = <ReportBody report={data} onPage={filter.goToPage} />;
  }

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <div className="d-flex align-items-center">
          <h1 className="h3 mb-0">{INSIGHT_MSG.salesReportTitle}</h1>
          <Updating busy={isFetching && !isLoading} />
        </div>
        <Link to={`/admin/dashboard?${filter.search}`} className="btn btn-link btn-sm text-brand px-0">
          <FiBarChart2 aria-hidden="true" className="me-1" />
          View dashboard
        </Link>
      </div>
      <PeriodFilter
        query={filter.query}
        period={data?.period}
        errors={filter.valid ? failure.fields : filter.errors}
        onChange={filter.choose}
      />
      {filter.valid ? (
        <div className="mb-3">
          <ReportDownloads query={filter.query} period={data?.period ?? insightPeriod(filter.query)} />
        </div>
      ) : null}
      {body}
    </>
  );
}

function ReportBody({ report, onPage }: { report: SalesReportDto; onPage: (page: number) => void }) {
  if (report.totals.orders === 0) {
    return (
      <Card className="border-0 shadow-sm">
        <EmptyState title={INSIGHT_MSG.noSales} />
      </Card>
    );
  }
  return (
    <>
      <ReportSummary totals={report.totals} />
      <Card className="border-0 shadow-sm mb-4">
        <Card.Body className="p-2 p-md-3">
          <ProductTable products={report.products} />
        </Card.Body>
      </Card>
      <Card className="border-0 shadow-sm mb-3">
        <Card.Body className="p-2">
          <OrderTable orders={report.orders} totals={report.totals} page={report.orderPage} />
          {report.orderPage ? (
            <div className="mt-3">
              <ListPagination
                page={Math.min(report.orderPage.page, report.orderPage.pages)}
                pages={report.orderPage.pages}
                onChange={onPage}
              />
            </div>
          ) : null}
        </Card.Body>
      </Card>
      <p className="small text-muted">
        Net = gross − offer discount − coupon discount + tax; order rows and totals add shipping. Cancelled and returned
        items are not counted.
      </p>
    </>
  );
}
