import { ORDER_SCREEN_MSG } from '@bagshop/shared/order-screen-messages';
import { useEffect, useState } from 'react';
import { Card, Container } from 'react-bootstrap';
import { FiChevronRight, FiPackage } from 'react-icons/fi';
import { Link, useSearchParams } from 'react-router';
import { useOrderEvents } from '../../../api/socket.ts';
import { EmptyState, LoadFailed, LoadingState, Updating } from '../../../components/load-states.tsx';
import { orderDate } from '../../../components/order-rules.ts';
import { rupees } from '../../../components/price.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { OrderStatusBadge, PaymentStatusBadge } from '../../../components/status-badge.tsx';
import { SEARCH_DELAY_MS } from '../../../components/use-list-params.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useMyOrdersQuery } from '../api.ts';

/** /mine — the shopper's orders, newest first, searchable by order number or item name. */
export function MyOrdersPage() {
  usePageTitle('My Orders');
  const [params, setParams] = useSearchParams();
  const searchTerm = params.get('searchTerm') ?? '';
  const [search, setSearch] = useState(searchTerm);
  const { data, error, isLoading, isFetching, refetch } = useMyOrdersQuery(searchTerm, {
    refetchOnMountOrArgChange: true,
  });
  useOrderEvents(null, () => refetch());

  useEffect(() => {
    const typed = search.trim();
    if (typed === searchTerm) return;
    const timer = setTimeout(() => setParams(typed ? { searchTerm: typed } : {}, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, searchTerm, setParams]);

  if (isLoading) return <LoadingState page text="Loading your orders…" />;
  if (error || !data) {
    return (
      <LoadFailed page message={ORDER_SCREEN_MSG.ordersLoadFailed} onRetry={() => refetch()} retrying={isFetching} />
    );
  }

  const { orders } = data;
  const nothingYet = orders.length === 0 && !searchTerm;
  return (
    <Container className="py-4">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-4">
        <h1 className="h3 mb-0">
          My Orders
          <Updating busy={isFetching} />
        </h1>
        {nothingYet ? null : (
          <SearchBox
            id="orders-search"
            className="orders-search"
            label="Search orders by order number or item name"
            placeholder="Order number or item"
            value={search}
            onChange={setSearch}
          />
        )}
      </div>
      {orders.length === 0 ? (
        <EmptyState
          icon={<FiPackage className="empty-state-icon" aria-hidden="true" />}
          title={nothingYet ? ORDER_SCREEN_MSG.noOrders : ORDER_SCREEN_MSG.noMatchingOrders}
        >
          {nothingYet ? (
            <Link to="/shop-products" className="btn btn-brand mt-2">
              Start shopping
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        <ul className="list-unstyled d-grid gap-3 mb-0" aria-label="Your orders">
          {orders.map((order) => {
            const names = order.items.map((i) => i.product.name);
            const units = order.items.reduce((sum, i) => sum + i.qty, 0);
            return (
              <li key={order._id}>
                <Card className="border-0 shadow-sm order-row">
                  <Card.Body className="d-flex flex-wrap align-items-center gap-3">
                    <img className="order-row-img" src={order.items[0]?.product.pdImage[0] ?? ''} alt="" />
                    <div className="flex-grow-1 order-row-info">
                      <Link to={`/order-details/${encodeURIComponent(order._id)}`} className="order-row-link">
                        {order.orderId}
                      </Link>
                      <p className="text-muted small mb-1">
                        Placed on {orderDate(order.createdAt)} · {units} {units === 1 ? 'item' : 'items'}
                      </p>
                      <p className="small mb-0 text-truncate">{names.join(', ')}</p>
                    </div>
                    <div className="text-md-end order-row-figures">
                      <p className="fw-semibold mb-1">{rupees(order.finalAmount)}</p>
                      <div className="d-flex flex-wrap gap-1 justify-content-md-end">
                        <OrderStatusBadge status={order.status} labelled />
                        {order.paymentStatus !== 'Paid' ? (
                          <PaymentStatusBadge status={order.paymentStatus} labelled />
                        ) : null}
                      </div>
                    </div>
                    {order.canRetryPayment ? (
                      <Link
                        to={`/pending/order-details/${encodeURIComponent(order._id)}`}
                        className="btn btn-sm btn-brand"
                        aria-label={`Pay for order ${order.orderId}`}
                      >
                        Pay now
                      </Link>
                    ) : null}
                    <FiChevronRight aria-hidden="true" className="text-muted d-none d-md-block" />
                  </Card.Body>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </Container>
  );
}
