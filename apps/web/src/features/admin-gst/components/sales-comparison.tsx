import { GST_PAGE_MSG } from '@bagshop/shared/gst/gst-page-messages';
import type { InsightQuery } from '@bagshop/shared/insight';
import { absPaise, formatINR, subtractPaise, toPaise } from '@bagshop/shared/pricing/money';
import { Card } from 'react-bootstrap';
import { FiFileText } from 'react-icons/fi';
import { Link } from 'react-router';
import { insightSearch, useSalesReportQuery } from '../../../api/insight-api.ts';
import { LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { rupees } from '../../../components/price.tsx';

interface SalesComparisonProps {
  firstDay: string;
  lastDay: string;
  /** The tax the return declares net (IGST + CGST + SGST), in rupees; compared when the return has loaded. */
  declaredTax?: number;
}

/**
 * The sales report's figures for the return's dates, and why the two may differ: it counts orders by the day they
 * were paid, the return counts invoices and credit notes by their own dates (docs/decisions/042-gst-on-what-is-paid.md).
 */
export function SalesComparison({ firstDay, lastDay, declaredTax }: SalesComparisonProps) {
  const query: InsightQuery = { filter: 'custom', startDate: firstDay, endDate: lastDay };
  const { data, error, isLoading, isFetching, refetch } = useSalesReportQuery(
    { query, page: 1 },
    { refetchOnMountOrArgChange: true },
  );

  let figures = null;
  if (isLoading) {
    figures = <LoadingState text={GST_PAGE_MSG.salesLoading} />;
  } else if (error || !data) {
    figures = <LoadFailed message={GST_PAGE_MSG.salesLoadFailed} onRetry={() => refetch()} retrying={isFetching} />;
  } else {
    const { totals } = data;
    const difference =
      declaredTax === undefined ? null : absPaise(subtractPaise(toPaise(totals.tax), toPaise(declaredTax)));
    figures = (
      <>
        <dl className="row row-cols-3 g-2 mb-3" aria-label={GST_PAGE_MSG.salesHeading}>
          {(
            [
              [GST_PAGE_MSG.salesNet, totals.net],
              [GST_PAGE_MSG.salesTax, totals.tax],
              [GST_PAGE_MSG.salesShipping, totals.shipping],
            ] as const
          ).map(([label, amount]) => (
            <div key={label} className="col" data-testid={`sales-${label}`}>
              <dt className="small text-muted fw-normal">{label}</dt>
              <dd className="mb-0 fw-semibold">{rupees(amount)}</dd>
            </div>
          ))}
        </dl>
        {difference === null ? null : (
          <p className="mb-2 fw-semibold" data-testid="sales-tax-check">
            {difference === 0
              ? GST_PAGE_MSG.taxAgrees(rupees(totals.tax))
              : GST_PAGE_MSG.taxDiffers(formatINR(difference))}
          </p>
        )}
      </>
    );
  }

  return (
    <Card className="border-0 shadow-sm h-100">
      <Card.Body className="p-2 p-md-3">
        <h2 className="h5">{GST_PAGE_MSG.salesHeading}</h2>
        {figures}
        <p className="small text-muted mb-2">{GST_PAGE_MSG.salesWhyDifferent}</p>
        <Link to={`/admin/sales-report?${insightSearch(query)}`} className="small text-brand">
          <FiFileText aria-hidden="true" className="me-1" />
          {GST_PAGE_MSG.openSalesReport}
        </Link>
      </Card.Body>
    </Card>
  );
}
