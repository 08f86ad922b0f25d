import type { OrderItemDto } from '@bagshop/shared/order-types';
import type { AdminShipmentDto } from '@bagshop/shared/schemas/shipping';
import { SHIPPING_SCREEN_MSG } from '@bagshop/shared/shipping-screen-messages';
import { useState } from 'react';
import { Button, Card, Spinner } from 'react-bootstrap';
import { FiDownload, FiExternalLink, FiXCircle } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { useDownloadFileMutation } from '../../../api/download-file.ts';
import { errorMessage } from '../../../api/errors.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { orderDate, orderDateTime } from '../../../components/order-rules.ts';
import { ShipmentStatusBadge } from '../../../components/shipment-card.tsx';
import { useCancelShipmentMutation } from '../api.ts';
import { labelDownload } from '../shipping.ts';

/** An India calendar day (YYYY-MM-DD) as the desk shows dates: 04 Dec 2026. */
const calendarDay = (day: string) => orderDate(`${day}T12:00:00+05:30`);

interface ShipmentsCardProps {
  orderNumber: string;
  shipments: AdminShipmentDto[];
  items: Pick<OrderItemDto, '_id' | 'product'>[];
}

/** The order's parcels: courier, AWB, where each is, its items, its labels, and cancelling before pickup. */
export function ShipmentsCard({ orderNumber, shipments, items }: ShipmentsCardProps) {
  const [downloadFile] = useDownloadFileMutation();
  const [downloading, setDownloading] = useState<string | null>(null);
  const [cancelShipment, cancelling] = useCancelShipmentMutation();
  const [confirming, setConfirming] = useState<AdminShipmentDto | null>(null);
  const names = new Map(items.map((item) => [item._id, item.product.name]));

  async function download(shipment: AdminShipmentDto) {
    setDownloading(shipment._id);
    try {
      await downloadFile(labelDownload(shipment, orderNumber)).unwrap();
    } catch (failure) {
      toast.error(errorMessage(failure, SHIPPING_SCREEN_MSG.labelFailed));
    } finally {
      setDownloading(null);
    }
  }

  async function cancel() {
    if (!confirming || cancelling.isLoading) return;
    try {
      const answer = await cancelShipment(confirming._id).unwrap();
      toast.success(answer.message);
    } catch (failure) {
      toast.error(errorMessage(failure, SHIPPING_SCREEN_MSG.cancelFailed));
    }
    setConfirming(null);
  }

  return (
    <Card as="section" id="shipments" className="border-0 shadow-sm mt-3" aria-labelledby="shipments-heading">
      <Card.Body className="p-2 p-md-3">
        <h2 id="shipments-heading" className="h6 text-uppercase text-muted m-2">
          Shipments
        </h2>
        {shipments.length === 0 ? (
          <p className="text-muted m-2 mb-0">{SHIPPING_SCREEN_MSG.noShipments}</p>
        ) : (
          <ul className="list-unstyled mb-0">
            {shipments.map((shipment) => (
              <li key={shipment._id} className="shipment-row m-2" aria-label={`Shipment ${shipment.awb}`}>
                <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
                  <span className="fw-semibold">{shipment.courier}</span>
                  <span>
                    AWB{' '}
                    {shipment.trackingUrl ? (
                      <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                        {shipment.awb}
                        <span className="visually-hidden"> (track the parcel, opens in a new tab)</span>
                      </a>
                    ) : (
                      shipment.awb
                    )}
                  </span>
                  <ShipmentStatusBadge status={shipment.status} />
                </div>
                <dl className="detail-list small mb-2">
                  <dt>Booked on</dt>
                  <dd>{orderDateTime(shipment.createdAt)}</dd>
                  {shipment.expectedDelivery ? (
                    <>
                      <dt>Expected delivery</dt>
                      <dd>{calendarDay(shipment.expectedDelivery)}</dd>
                    </>
                  ) : null}
                  {shipment.pickupScheduledFor ? (
                    <>
                      <dt>Pickup</dt>
                      <dd>{shipment.pickupScheduledFor}</dd>
                    </>
                  ) : null}
                  <dt>Items</dt>
                  <dd>{shipment.items.map((id) => names.get(id) ?? id).join(', ')}</dd>
                </dl>
                {shipment.status === 'cancelled' ? null : (
                  <div className="d-flex flex-wrap gap-2 mb-2">
                    <Button
                      size="sm"
                      variant="outline-brand"
                      onClick={() => download(shipment)}
                      disabled={downloading === shipment._id}
                      aria-label={`Download label of shipment ${shipment.awb}`}
                    >
                      {downloading === shipment._id ? (
                        <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
                      ) : (
                        <FiDownload aria-hidden="true" className="me-1" />
                      )}
                      Download label
                    </Button>
                    {shipment.courierLabelUrl ? (
                      <a
                        className="btn btn-sm btn-outline-secondary"
                        href={shipment.courierLabelUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        <FiExternalLink aria-hidden="true" className="me-1" />
                        Courier’s label
                        <span className="visually-hidden"> of shipment {shipment.awb} (opens in a new tab)</span>
                      </a>
                    ) : null}
                    {shipment.canCancel ? (
                      <Button
                        size="sm"
                        variant="outline-danger"
                        onClick={() => setConfirming(shipment)}
                        aria-label={`Cancel shipment ${shipment.awb}`}
                      >
                        <FiXCircle aria-hidden="true" className="me-1" />
                        Cancel shipment
                      </Button>
                    ) : null}
                  </div>
                )}
                {shipment.events.length > 0 ? (
                  <ol className="small shipment-events mb-0" aria-label={`Journey of shipment ${shipment.awb}`}>
                    {shipment.events.map((event) => (
                      <li key={`${event.at}-${event.status}`}>
                        <span className="text-muted">{orderDateTime(event.at)}</span> {event.status}
                        {event.location ? ` · ${event.location}` : ''}
                      </li>
                    ))}
                  </ol>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card.Body>
      <ConfirmDialog
        show={confirming !== null}
        busy={cancelling.isLoading}
        onCancel={() => setConfirming(null)}
        onConfirm={cancel}
        confirmLabel="Cancel shipment"
      >
        {confirming ? SHIPPING_SCREEN_MSG.cancelQuestion(confirming.awb) : null}
      </ConfirmDialog>
    </Card>
  );
}
