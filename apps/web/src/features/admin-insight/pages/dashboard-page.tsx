import { INSIGHT_MSG } from '@bagshop/shared/insight-messages';
import type { DashboardDto } from '@bagshop/shared/insight-types';
import type { ReactNode } from 'react';
import { Col, Row } from 'react-bootstrap';
import { FiFileText } from 'react-icons/fi';
import { Link } from 'react-router';
import { useAdminAttentionQuery } from '../../../api/attention-api.ts';
import { useInsightDashboardQuery } from '../../../api/insight-api.ts';
import { EmptyState, LoadFailed, LoadingState, Updating } from '../../../components/load-states.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { AttentionPanel } from '../components/attention-panel.tsx';
import { LowStockCard } from '../components/low-stock-card.tsx';
import { PeriodFilter } from '../components/period-filter.tsx';
import { RtoCard } from '../components/rto-card.tsx';
import { NewCustomersOverTime, SalesOverTime } from '../components/sales-charts.tsx';
import { SummaryCards } from '../components/summary-cards.tsx';
import { TopCategories, TopTable } from '../components/top-sellers.tsx';
import { loadErrorOf } from '../insight-query.ts';
import { useInsightFilter, useInsightLiveRefresh } from '../use-insight-filter.ts';

/** /admin/dashboard — the period's headline figures and charts; refreshed live when an order is paid. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const filter = useInsightFilter();
  const { data, error, isLoading, isFetching, refetch } = useInsightDashboardQuery(filter.query, {
    skip: !filter.valid,
    refetchOnMountOrArgChange: true,
  });
  // Checked by the shop every minute; a dashboard left open shows what is stuck without a reload.
  const attention = useAdminAttentionQuery(undefined, { pollingInterval: 60_000, refetchOnMountOrArgChange: true });
  useInsightLiveRefresh();
  const failure = loadErrorOf(error, INSIGHT_MSG.dashboardLoadFailed);

  let body: ReactNode = null;
  if (!filter.valid) {
    // A hand-edited link with a wrong range: nothing is fetched, the filter says what to fix.
  } else if (isLoading) {
    body = <LoadingState text="Loading the dashboard…" />;
  } else if (error || !data) {
    body = <LoadFailed message={failure.message} onRetry={() => refetch()} retrying={isFetching} />;
  } else {
    body = <DashboardBody dashboard={data} />;
  }

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <div className="d-flex align-items-center">
          <h1 className="h3 mb-0">Dashboard</h1>
          <Updating busy={isFetching && !isLoading} />
        </div>
        <Link to={`/admin/sales-report?${filter.search}`} className="btn btn-outline-brand btn-sm">
          <FiFileText aria-hidden="true" className="me-1" />
          View sales report
        </Link>
      </div>
      <AttentionPanel problems={attention.data?.problems ?? []} />
      <PeriodFilter
        query={filter.query}
        period={data?.period}
        errors={filter.valid ? failure.fields : filter.errors}
        onChange={filter.choose}
      />
      {body}
    </>
  );
}

function DashboardBody({ dashboard }: { dashboard: DashboardDto }) {
  const { cards } = dashboard;
  return (
    <>
      <SummaryCards cards={cards} />
      {cards.orders === 0 ? (
        <div className="card border-0 shadow-sm mb-4">
          <EmptyState title={INSIGHT_MSG.noSales} />
        </div>
      ) : null}
      <Row className="g-3 mb-4">
        <Col xs={12} lg={6}>
          <RtoCard rto={dashboard.rto} />
        </Col>
        <Col xs={12} lg={6}>
          <LowStockCard products={dashboard.lowStock} />
        </Col>
      </Row>
      <Row className="g-3 mb-3">
        {cards.orders > 0 ? (
          <Col xs={12} xl={7}>
            <SalesOverTime points={dashboard.salesOverTime} />
          </Col>
        ) : null}
        <Col xs={12} xl={cards.orders > 0 ? 5 : 12}>
          <NewCustomersOverTime points={dashboard.customersOverTime} />
        </Col>
      </Row>
      {cards.orders > 0 ? (
        <Row className="g-3">
          <Col xs={12} lg={6} xl={4}>
            <TopCategories entries={dashboard.topCategories} />
          </Col>
          <Col xs={12} lg={6} xl={4}>
            <TopTable title="Top 5 products" nameHeader="Product" entries={dashboard.topProducts} />
          </Col>
          <Col xs={12} lg={6} xl={4}>
            <TopTable title="Top 5 brands" nameHeader="Brand" entries={dashboard.topBrands} />
          </Col>
        </Row>
      ) : null}
    </>
  );
}
