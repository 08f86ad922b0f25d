import { houseAndStreet } from '@bagshop/shared/address-text';
import { GST_TEXT } from '@bagshop/shared/gst/gst-texts';
import { ORDER_MSG } from '@bagshop/shared/order-messages';
import { ORDER_SCREEN_MSG } from '@bagshop/shared/order-screen-messages';
import type { OrderDto, OrderItemDto } from '@bagshop/shared/order-types';
import type { ItemStatus } from '@bagshop/shared/orders';
import { formatINR, toPaise } from '@bagshop/shared/pricing/money';
import { SHIPPING_MSG } from '@bagshop/shared/shipping-messages';
import { useState } from 'react';
import { Badge, Button, Card, Col, Row, Table } from 'react-bootstrap';
import { FiArrowLeft, FiTruck } from 'react-icons/fi';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../api/errors.ts';
import { useOrderEvents } from '../../../api/socket.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmailText } from '../../../components/email-text.tsx';
import { LoadFailed, LoadingState, Updating } from '../../../components/load-states.tsx';
import { lineTotalPaise, orderDateTime, PAYMENT_METHOD_LABELS } from '../../../components/order-rules.ts';
import { cardRefundText } from '../../../components/payment-card.tsx';
import { rupees } from '../../../components/price.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { ItemStatusBadge, PaymentStatusBadge } from '../../../components/status-badge.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useAdminOrderQuery, useSaveItemStatusMutation } from '../api.ts';
import { ItemStatusControl } from '../components/item-status-control.tsx';
import { ShipDialog } from '../components/ship-dialog.tsx';
import { ShipmentsCard } from '../components/shipments-card.tsx';
import { adminOrderError } from '../item-controls.ts';
import { adminShipments, pendingItems } from '../shipping.ts';

/**
 * /admin/orders/edit/:id — the order desk: details, items and their status changes (docs/product.md §2 Admin order
 * detail).
 */
export function AdminOrderPage() {
  usePageTitle('Order');
  const { id = '' } = useParams();
  const { data, error, isLoading, isFetching, refetch } = useAdminOrderQuery(id, { refetchOnMountOrArgChange: true });
  const [saveItemStatus, saving] = useSaveItemStatusMutation();
  const [rejecting, setRejecting] = useState<OrderItemDto | null>(null);
  const [approving, setApproving] = useState<OrderItemDto | null>(null);
  // Shipped and Delivered cannot be taken back: asked before they are saved, as the other irreversible changes are.
  const [advancing, setAdvancing] = useState<{ item: OrderItemDto; status: ItemStatus } | null>(null);
  const [shipping, setShipping] = useState(false);
  useOrderEvents(id, () => refetch());

  const back = (
    <Link to="/admin/orders" className="btn btn-sm btn-outline-secondary">
      <FiArrowLeft aria-hidden="true" className="me-1" />
      Orders
    </Link>
  );

  if (isLoading) {
    return <LoadingState text="Loading order…" />;
  }
  if (error || !data) {
    return (
      <>
        <div className="mb-3">{back}</div>
        <LoadFailed message={adminOrderError(error)} onRetry={() => refetch()} retrying={isFetching} />
      </>
    );
  }
  const { order } = data;
  const address = order.shippingAddress;

  async function save(item: OrderItemDto, status: ItemStatus, reason?: string, success?: string) {
    try {
      const answer = await saveItemStatus({ id: order._id, item: item._id, status, reason }).unwrap();
      toast.success(success ?? (answer.message || ORDER_SCREEN_MSG.itemStatusSaved));
      return true;
    } catch (failure) {
      toast.error(errorMessage(failure, ORDER_SCREEN_MSG.itemStatusFailed));
      return false;
    }
  }

  const busyItem = (item: OrderItemDto) => saving.isLoading && saving.originalArgs?.item === item._id;
  const completed = order.status === 'Completed';
  const canShip = pendingItems(order).length > 0;
  const awaitsCod = order.codConfirmation?.required === true;

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <div>
          <div className="mb-2">{back}</div>
          <h1 className="h3 mb-0">
            Order {order.orderId}
            <Updating busy={isFetching} />
          </h1>
        </div>
        <div className="d-flex flex-wrap align-items-center gap-3">
          <p className="mb-0">
            Order status{' '}
            <Badge bg={completed ? 'success' : 'danger'} className="fs-6">
              {order.status}
            </Badge>
          </p>
          {canShip ? (
            <Button
              variant="brand"
              onClick={() => setShipping(true)}
              disabled={awaitsCod}
              aria-describedby={awaitsCod ? 'ship-refused' : undefined}
            >
              <FiTruck aria-hidden="true" className="me-1" />
              Ship
            </Button>
          ) : null}
        </div>
      </div>
      {canShip && awaitsCod ? (
        <p id="ship-refused" className="alert alert-warning">
          {SHIPPING_MSG.awaitsCodConfirmation}
        </p>
      ) : null}
      <Row className="g-3 mb-3">
        <Col md={6}>
          <Card className="border-0 shadow-sm h-100">
            <Card.Body>
              <h2 className="h6 text-uppercase text-muted mb-3">Customer and payment</h2>
              <dl className="detail-list mb-0">
                <dt>Customer</dt>
                <dd>{order.userId.name}</dd>
                <dt>Date</dt>
                <dd>{orderDateTime(order.createdAt)}</dd>
                <dt>Email</dt>
                <dd>
                  <EmailText email={order.userId.email} />
                </dd>
                <dt>Phone</dt>
                <dd>{order.userId.phone}</dd>
                <dt>Payment method</dt>
                <dd>
                  {PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod}{' '}
                  <PaymentStatusBadge status={order.paymentStatus} />
                </dd>
                {order.codConfirmation ? (
                  <>
                    <dt>Shopper's confirmation</dt>
                    <dd>{codConfirmationText(order.codConfirmation)}</dd>
                  </>
                ) : null}
                {order.cardRefund ? (
                  <>
                    <dt>Card refund</dt>
                    <dd>{cardRefundText(order.cardRefund)}</dd>
                  </>
                ) : null}
              </dl>
            </Card.Body>
          </Card>
        </Col>
        <Col md={6}>
          <Card className="border-0 shadow-sm h-100">
            <Card.Body>
              <h2 className="h6 text-uppercase text-muted mb-3">Amounts and address</h2>
              <dl className="detail-list mb-0">
                <dt>Items total</dt>
                <dd>{rupees(order.totalPrice)}</dd>
                <dt>Offer discount</dt>
                <dd>−{rupees(order.totalDiscount)}</dd>
                <dt>Coupon discount</dt>
                <dd>−{rupees(order.couponDiscount)}</dd>
                <dt>{order.pricesIncludeGst ? GST_TEXT.summaryLine(true) : 'Tax'}</dt>
                <dd>{rupees(order.tax)}</dd>
                <dt>Shipping price</dt>
                <dd>{rupees(order.shippingPrice)}</dd>
                <dt>Total price</dt>
                <dd className="fw-bold">{rupees(order.finalAmount)}</dd>
                <dt>Address</dt>
                <dd>
                  {address.name}, {houseAndStreet(address)}, {address.town}, {address.state} {address.zipcode},{' '}
                  {address.country}. Phone {address.phone}
                  {address.gstin ? `. GSTIN ${address.gstin}` : null}
                </dd>
              </dl>
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <Card className="border-0 shadow-sm">
        <Card.Body className="p-2 p-md-3">
          <h2 className="h6 text-uppercase text-muted m-2">Items</h2>
          <Table responsive className="align-middle mb-0 admin-order-items">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Qty</th>
                <th scope="col" className="text-end">
                  Total
                </th>
                <th scope="col">Status</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={item._id}>
                  <td>
                    <div className="d-flex align-items-center gap-2">
                      <img className="admin-product-thumb" src={item.product.pdImage[0] ?? ''} alt="" />
                      <div>
                        <div className="fw-semibold">{item.product.name}</div>
                        <div className="small text-muted">{item.product.color}</div>
                      </div>
                    </div>
                  </td>
                  <td>{item.qty}</td>
                  <td className="text-end">{formatINR(lineTotalPaise(item))}</td>
                  <td>
                    <ItemStatusBadge status={item.status} />
                    {item.cancelReason ? <div className="small text-muted">Reason: {item.cancelReason}</div> : null}
                    {item.returnReason ? (
                      <div className="small text-muted">Return reason: {item.returnReason}</div>
                    ) : null}
                    {item.returnRejectReason ? (
                      <div className="small text-danger">Rejected: {item.returnRejectReason}</div>
                    ) : null}
                    {toPaise(item.refunded) > 0 ? (
                      <div className="small text-success">Refunded {rupees(item.refunded)}</div>
                    ) : null}
                  </td>
                  <td>
                    <ItemStatusControl
                      key={item.status}
                      item={item}
                      busy={busyItem(item)}
                      onSave={(status) =>
                        IRREVERSIBLE_STATUSES.has(status) ? setAdvancing({ item, status }) : save(item, status)
                      }
                      onApprove={() => setApproving(item)}
                      onReject={() => setRejecting(item)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Card.Body>
      </Card>
      <ShipmentsCard orderNumber={order.orderId} shipments={adminShipments(order)} items={order.items} />
      <ShipDialog order={order} show={shipping} onClose={() => setShipping(false)} />
      <ConfirmDialog
        show={approving !== null}
        busy={saving.isLoading}
        onCancel={() => setApproving(null)}
        onConfirm={async () => {
          if (approving) await save(approving, 'Returned', undefined, ORDER_SCREEN_MSG.returnApproved);
          setApproving(null);
        }}
        confirmLabel="Approve return"
        confirmVariant="success"
      >
        {approving
          ? `Approve the return of ${approving.product.name}? What the customer paid for it goes back to their wallet and the stock is restored.`
          : null}
      </ConfirmDialog>
      <ConfirmDialog
        show={advancing !== null}
        busy={saving.isLoading}
        onCancel={() => setAdvancing(null)}
        onConfirm={async () => {
          if (advancing) await save(advancing.item, advancing.status);
          setAdvancing(null);
        }}
        confirmLabel={advancing ? `Mark ${advancing.status}` : 'Confirm'}
      >
        {advancing ? ORDER_SCREEN_MSG.advanceQuestion(advancing.item.product.name, advancing.status) : null}
      </ConfirmDialog>
      <ReasonDialog
        show={rejecting !== null}
        title="Reject return"
        question={rejecting ? `Reject the return of ${rejecting.product.name}? The customer will see your reason.` : ''}
        label="Reason for rejecting"
        requiredMessage={ORDER_MSG.rejectReasonRequired}
        maxMessage={ORDER_MSG.cancelReasonMax}
        confirmLabel="Reject return"
        busy={saving.isLoading}
        onCancel={() => setRejecting(null)}
        onConfirm={async (reason) => {
          if (rejecting && (await save(rejecting, 'Delivered', reason, ORDER_SCREEN_MSG.returnRejected))) {
            setRejecting(null);
          }
        }}
      />
    </>
  );
}

const IRREVERSIBLE_STATUSES: ReadonlySet<ItemStatus> = new Set(['Shipped', 'Delivered']);

/** Where a cash-on-delivery order stands with its shopper's confirmation (docs/decisions/036-cod-and-order-limits.md). */
function codConfirmationText(confirmation: NonNullable<OrderDto['codConfirmation']>): string {
  if (confirmation.confirmedAt) return `Confirmed on ${orderDateTime(confirmation.confirmedAt)}`;
  if (confirmation.required) return `Waiting, until ${orderDateTime(confirmation.deadline)}; do not ship it yet`;
  return 'Not confirmed';
}
