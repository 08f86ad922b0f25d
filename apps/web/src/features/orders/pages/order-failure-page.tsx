import { ORDER_SCREEN_MSG } from '@bagshop/shared/order-screen-messages';
import { Button, Card, Container, Spinner } from 'react-bootstrap';
import { FiAlertTriangle, FiRefreshCw } from 'react-icons/fi';
import { Link, Navigate, useSearchParams } from 'react-router';
import { LoadingState } from '../../../components/load-states.tsx';
import { successPath, useOrderPayment } from '../../../components/use-order-payment.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useOrderDetailsQuery } from '../api.ts';

/**
 * /order-failure?id — the payment failed; the order waits, pending, for Retry Payment (docs/product.md §2, §4).
 * The order is asked first: a payment that succeeded anyway (a failure reported after the success, or the provider's
 * webhook) shows the order as paid, never as failed. When the order cannot be read, the failure stands.
 */
export function OrderFailurePage() {
  usePageTitle(ORDER_SCREEN_MSG.paymentFailed);
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { retry, busy, checkoutDialog } = useOrderPayment();
  const order = useOrderDetailsQuery(id, { skip: !id, refetchOnMountOrArgChange: true });
  if (order.isFetching && !order.isError) return <LoadingState page text={ORDER_SCREEN_MSG.checkingPayment} />;
  if (order.data?.order.paymentStatus === 'Paid') return <Navigate replace to={successPath(id)} />;
  return (
    <Container className="py-5">
      <Card className="border-0 shadow-sm mx-auto text-center result-card">
        <Card.Body className="p-4 p-md-5">
          <FiAlertTriangle className="result-icon text-warning" aria-hidden="true" />
          <h1 className="h3 mt-3">{ORDER_SCREEN_MSG.paymentFailed}</h1>
          <p className="lead mb-1">{ORDER_SCREEN_MSG.paymentFailedPending}</p>
          <p className="text-muted">You can pay again now, or later from the order's details.</p>
          <div className="d-flex flex-wrap justify-content-center gap-2 mt-4">
            {id ? (
              <>
                <Link to={`/pending/order-details/${encodeURIComponent(id)}`} className="btn btn-outline-brand">
                  Order Details
                </Link>
                <Button variant="brand" onClick={() => retry(id)} disabled={busy}>
                  {busy ? (
                    <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                  ) : (
                    <FiRefreshCw aria-hidden="true" className="me-2" />
                  )}
                  Retry Payment
                </Button>
              </>
            ) : (
              <Link to="/mine" className="btn btn-brand">
                My Orders
              </Link>
            )}
          </div>
        </Card.Body>
      </Card>
      {checkoutDialog}
    </Container>
  );
}
