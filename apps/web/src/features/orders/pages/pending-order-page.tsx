import { ORDER_SCREEN_MSG } from '@bagshop/shared/order-screen-messages';
import { Button, Col, Container, Row, Spinner } from 'react-bootstrap';
import { FiPackage, FiRefreshCw } from 'react-icons/fi';
import { Link, useParams } from 'react-router';
import { EmptyState, LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { OrderItemsCard } from '../../../components/order-items-card.tsx';
import { orderDateTime } from '../../../components/order-rules.ts';
import { PaymentCard } from '../../../components/payment-card.tsx';
import { useOrderPayment } from '../../../components/use-order-payment.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { usePendingOrderDetailsQuery } from '../api.ts';
import { OrderItemCard } from '../components/order-item-card.tsx';
import { ShippingAddressCard } from '../components/shipping-address-card.tsx';

/** /pending/order-details/:id — an order waiting for its payment (docs/product.md §2 Pending order details). */
export function PendingOrderPage() {
  usePageTitle('Order details');
  const { id = '' } = useParams();
  const { data, error, isLoading, isFetching, refetch } = usePendingOrderDetailsQuery(id, {
    refetchOnMountOrArgChange: true,
  });
  const { retry, busy, checkoutDialog } = useOrderPayment();

  if (isLoading) return <LoadingState page text="Loading…" />;
  if (error || !data) {
    return <LoadFailed page message={ORDER_SCREEN_MSG.detailsFailed} onRetry={() => refetch()} retrying={isFetching} />;
  }
  const order = data.orders[0];
  if (!order || order.items.length === 0) {
    return (
      <EmptyState
        page
        heading
        icon={<FiPackage className="empty-state-icon" aria-hidden="true" />}
        title={ORDER_SCREEN_MSG.noItems}
      />
    );
  }

  return (
    <Container className="py-4">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-4">
        <div>
          <h1 className="h3 mb-1">Order details</h1>
          <p className="text-muted mb-0">
            Order ID <strong className="text-body">{order.orderId}</strong>
            <span className="ms-2">{orderDateTime(order.createdAt)}</span>
          </p>
        </div>
        <Link to={`/order-details/${encodeURIComponent(order._id)}`} className="btn btn-outline-brand btn-sm">
          All order details
        </Link>
      </div>
      <Row className="g-4">
        <Col lg={7}>
          <OrderItemsCard>
            {order.items.map((item) => (
              <OrderItemCard key={item._id} item={item} />
            ))}
          </OrderItemsCard>
        </Col>
        <Col lg={5}>
          <div className="d-grid gap-4">
            <PaymentCard order={order}>
              {order.canRetryPayment && order.expiresAt ? (
                <p className="small text-muted mb-2">{ORDER_SCREEN_MSG.payBy(orderDateTime(order.expiresAt))}</p>
              ) : null}
              {order.canRetryPayment ? (
                <Button variant="brand" className="w-100 mt-2" onClick={() => retry(order._id)} disabled={busy}>
                  {busy ? (
                    <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                  ) : (
                    <FiRefreshCw aria-hidden="true" className="me-2" />
                  )}
                  Retry Payment
                </Button>
              ) : null}
            </PaymentCard>
            <ShippingAddressCard address={order.shippingAddress} />
          </div>
        </Col>
      </Row>
      {checkoutDialog}
    </Container>
  );
}
