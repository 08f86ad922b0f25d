import type { SalesReportTotals } from '@bagshop/shared/insight-types';
import { Card } from 'react-bootstrap';
import { rupees } from '../../../components/price.tsx';

const count = new Intl.NumberFormat('en-IN');

/** The period's totals: what was sold, what was taken off, what was charged and given back. */
export function ReportSummary({ totals }: { totals: SalesReportTotals }) {
  const figures: [string, string][] = [
    ['Orders', count.format(totals.orders)],
    ['Units sold', count.format(totals.units)],
    ['Gross', rupees(totals.gross)],
    ['Offer discount', rupees(totals.offerDiscount)],
    ['Coupon discount', rupees(totals.couponDiscount)],
    ['Tax', rupees(totals.tax)],
    ['Shipping', rupees(totals.shipping)],
    ['Net sales', rupees(totals.net)],
    ['Refunded', rupees(totals.refunded)],
  ];
  return (
    <Card className="border-0 shadow-sm mb-4">
      <Card.Body>
        <h2 className="h5 mb-3">Totals</h2>
        <dl className="row row-cols-2 row-cols-md-3 row-cols-xl-5 g-3 mb-0" aria-label="Totals">
          {figures.map(([label, value]) => (
            <div key={label} className="col" data-testid={`total-${label}`}>
              <dt className="small text-muted fw-normal">{label}</dt>
              <dd className={`mb-0 ${label === 'Net sales' ? 'fw-bold text-brand' : 'fw-semibold'}`}>{value}</dd>
            </div>
          ))}
        </dl>
      </Card.Body>
    </Card>
  );
}
