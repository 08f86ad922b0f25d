import { ORDER_MSG } from '@bagshop/shared/order-messages';
import { ORDER_SCREEN_MSG } from '@bagshop/shared/order-screen-messages';
import type { OrderItemDto } from '@bagshop/shared/order-types';
import { formatINR, toPaise } from '@bagshop/shared/pricing/money';
import { useState } from 'react';
import { Alert, Button, Col, Container, Row, Spinner } from 'react-bootstrap';
import { FiDownload, FiRotateCcw, FiXCircle } from 'react-icons/fi';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { useDownloadFileMutation } from '../../../api/download-file.ts';
import { errorMessage, errorStatus } from '../../../api/errors.ts';
import { useOrderEvents } from '../../../api/socket.ts';
import { LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { OrderItemsCard } from '../../../components/order-items-card.tsx';
import { canCancelItem, canRequestReturn, orderDateTime } from '../../../components/order-rules.ts';
import { PaymentCard } from '../../../components/payment-card.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { ShipmentCards } from '../../../components/shipment-card.tsx';
import { ItemStatusBadge, OrderStatusBadge } from '../../../components/status-badge.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import {
  useCancelOrderItemMutation,
  useConfirmCodOrderMutation,
  useOrderDetailsQuery,
  useRequestReturnMutation,
} from '../api.ts';
import { InvoiceCard } from '../components/invoice-card.tsx';
import { OrderItemCard } from '../components/order-item-card.tsx';
import { ShippingAddressCard } from '../components/shipping-address-card.tsx';
import { hasInvoice, invoiceDownload } from '../invoice.ts';

type ItemAction = { kind: 'cancel' | 'return'; item: OrderItemDto };

/**
 * /order-details/:id — the shopper's order: items with their states, cancel, return, invoice (docs/product.md §2, §4).
 */
export function OrderDetailsPage() {
  usePageTitle('Order details');
  const { id = '' } = useParams();
  const [downloadFile] = useDownloadFileMutation();
  const { data, error, isLoading, isFetching, refetch } = useOrderDetailsQuery(id, { refetchOnMountOrArgChange: true });
  const [cancelItem, cancelling] = useCancelOrderItemMutation();
  const [requestReturn, returning] = useRequestReturnMutation();
  const [action, setAction] = useState<ItemAction | null>(null);
  const [downloading, setDownloading] = useState(false);
  useOrderEvents(id, () => refetch());

  if (isLoading) return <LoadingState page text="Loading your order…" />;
  if (error || !data) {
    const text = errorStatus(error) === 404 ? ORDER_MSG.orderNotFound : ORDER_SCREEN_MSG.detailsFailed;
    return <LoadFailed page message={text} onRetry={() => refetch()} retrying={isFetching} />;
  }
  const { order } = data;

  async function confirm(reason: string) {
    if (!action) return;
    const ids = { orderId: order._id, item: action.item._id };
    try {
      if (action.kind === 'cancel') {
        const answer = await cancelItem({ ...ids, cancelReason: reason }).unwrap();
        toast.success(answer.message || ORDER_MSG.itemCancelled);
      } else {
        await requestReturn({ ...ids, returnReason: reason }).unwrap();
        toast.success(ORDER_MSG.returnRequested);
      }
      setAction(null);
    } catch (failure) {
      const fallback = action.kind === 'cancel' ? ORDER_SCREEN_MSG.cancelFailed : ORDER_SCREEN_MSG.returnFailed;
      toast.error(errorMessage(failure, fallback));
    }
  }

  async function invoice() {
    setDownloading(true);
    try {
      await downloadFile(invoiceDownload(order._id, order.orderId)).unwrap();
    } catch (failure) {
      toast.error(errorMessage(failure, ORDER_SCREEN_MSG.invoiceFailed));
    } finally {
      setDownloading(false);
    }
  }

  const now = Date.now();
  return (
    <Container className="py-4">
      <div className="d-flex flex-wrap align-items-start justify-content-between gap-3 mb-4">
        <div>
          <h1 className="h3 mb-1">Order {order.orderId}</h1>
          <p className="text-muted mb-0">
            Placed on {orderDateTime(order.createdAt)} <OrderStatusBadge status={order.status} />
          </p>
        </div>
        <div className="d-flex flex-wrap gap-2">
          {order.canRetryPayment ? (
            <Link to={`/pending/order-details/${encodeURIComponent(order._id)}`} className="btn btn-brand">
              Complete payment
            </Link>
          ) : null}
          {hasInvoice(order) ? (
            <Button variant="outline-brand" onClick={invoice} disabled={downloading}>
              {downloading ? (
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              ) : (
                <FiDownload aria-hidden="true" className="me-2" />
              )}
              Download invoice
            </Button>
          ) : null}
        </div>
      </div>
      {order.codConfirmation?.required ? (
        <CodConfirmation orderId={order._id} deadline={order.codConfirmation.deadline} />
      ) : null}
      <Row className="g-4">
        <Col lg={7}>
          <OrderItemsCard>
            {order.items.map((item) => (
              <OrderItemCard key={item._id} item={item}>
                <ItemState item={item} />
                <div className="d-flex flex-wrap gap-2 mt-2">
                  {canCancelItem(item) ? (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => setAction({ kind: 'cancel', item })}
                      aria-label={`Cancel ${item.product.name}`}
                    >
                      <FiXCircle aria-hidden="true" className="me-1" />
                      Cancel item
                    </Button>
                  ) : null}
                  {canRequestReturn(item, now) ? (
                    <Button
                      size="sm"
                      variant="outline-brand"
                      onClick={() => setAction({ kind: 'return', item })}
                      aria-label={`Return ${item.product.name}`}
                    >
                      <FiRotateCcw aria-hidden="true" className="me-1" />
                      Return item
                    </Button>
                  ) : null}
                </div>
              </OrderItemCard>
            ))}
          </OrderItemsCard>
          {order.shipments.length > 0 ? (
            <div className="mt-4">
              <ShipmentCards shipments={order.shipments} />
            </div>
          ) : null}
        </Col>
        <Col lg={5}>
          <div className="d-grid gap-4">
            <PaymentCard order={order} />
            <ShippingAddressCard address={order.shippingAddress} />
          </div>
        </Col>
        {/* The invoice's seven columns need the page's whole width to show at once (docs/decisions/059-screen-edges.md). */}
        {order.invoiceNumber !== null ? (
          <Col xs={12}>
            <InvoiceCard order={{ ...order, invoiceNumber: order.invoiceNumber }} />
          </Col>
        ) : null}
      </Row>
      <ReasonDialog
        show={action?.kind === 'cancel'}
        title="Cancel item"
        question={action ? `Cancel ${action.item.product.name} from this order?` : ''}
        details={action ? refundDetails(action.item) : []}
        label="Reason for cancelling"
        requiredMessage={ORDER_MSG.cancelReasonRequired}
        maxMessage={ORDER_MSG.cancelReasonMax}
        confirmLabel="Cancel item"
        busy={cancelling.isLoading}
        onCancel={() => setAction(null)}
        onConfirm={confirm}
      />
      <ReasonDialog
        show={action?.kind === 'return'}
        title="Return item"
        question={action ? `Return ${action.item.product.name}? We will collect it and refund it to your wallet.` : ''}
        details={action ? refundDetails(action.item) : []}
        label="Reason for returning"
        requiredMessage={ORDER_MSG.returnReasonRequired}
        maxMessage={ORDER_MSG.returnReasonMax}
        confirmLabel="Request return"
        confirmVariant="brand"
        busy={returning.isLoading}
        onCancel={() => setAction(null)}
        onConfirm={confirm}
      />
    </Container>
  );
}

/** A cash-on-delivery order waiting for the shopper: until when, and the button (docs/decisions/036-cod-and-order-limits.md). */
function CodConfirmation({ orderId, deadline }: { orderId: string; deadline: string }) {
  const [confirmCod, confirming] = useConfirmCodOrderMutation();
  async function onConfirm() {
    try {
      const answer = await confirmCod(orderId).unwrap();
      toast.success(answer.message);
    } catch (failure) {
      toast.error(errorMessage(failure, ORDER_SCREEN_MSG.codConfirmFailed));
    }
  }
  return (
    <Alert variant="warning" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <span>{ORDER_MSG.codConfirmPlease(orderDateTime(deadline))}</span>
      <Button variant="brand" onClick={onConfirm} disabled={confirming.isLoading}>
        {confirming.isLoading ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
        Confirm order
      </Button>
    </Alert>
  );
}

/** What leaving the order would refund now, and why anything is kept back (the server's own figures). */
function refundDetails(item: OrderItemDto): string[] {
  if (!item.refundPreview) return [];
  return [ORDER_MSG.refundWouldBe(toPaise(item.refundPreview.amount)), ...item.refundPreview.notes];
}

/** The item's status with the reasons and refund that go with it. */
function ItemState({ item }: { item: OrderItemDto }) {
  const refunded = toPaise(item.refunded);
  return (
    <div className="small d-grid gap-1">
      <div>
        <span className="visually-hidden">Status: </span>
        <ItemStatusBadge status={item.status} />
      </div>
      {item.cancelReason ? <p className="mb-0 text-muted">Cancel reason: {item.cancelReason}</p> : null}
      {item.returnReason ? <p className="mb-0 text-muted">Return reason: {item.returnReason}</p> : null}
      {item.returnRejectReason ? <p className="mb-0 text-danger">Return rejected: {item.returnRejectReason}</p> : null}
      {refunded > 0 ? <p className="mb-0 text-success">Refunded to wallet: {formatINR(refunded)}</p> : null}
      {item.refundNotes.map((note) => (
        <p key={note} className="mb-0 text-muted">
          {note}
        </p>
      ))}
    </div>
  );
}
