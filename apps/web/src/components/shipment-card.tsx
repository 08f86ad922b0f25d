import { SHOP_TIME_ZONE } from '@bagshop/shared/limits';
import type { ShipmentDto } from '@bagshop/shared/schemas/shipping';
import type { ShipmentStatus } from '@bagshop/shared/shipping';
import { SHIPMENT_STATUS_LABELS } from '@bagshop/shared/shipping-messages';
import { Badge, Card } from 'react-bootstrap';
import { FiExternalLink, FiTruck } from 'react-icons/fi';
import { orderDateTime } from './order-rules.ts';

const SHIPMENT_STATUS_VARIANTS: Record<ShipmentStatus, string> = {
  booked: 'secondary',
  'picked-up': 'info',
  'in-transit': 'info',
  'out-for-delivery': 'primary',
  'rto-initiated': 'warning',
  delivered: 'success',
  'returned-to-seller': 'danger',
  cancelled: 'secondary',
};

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
});

/** 'Fri, 4 Dec 2026' for an India date 'YYYY-MM-DD' (en-IN itself writes a comma before the year). */
export function deliveryDay(day: string): string {
  const time = Date.parse(`${day}T12:00:00+05:30`);
  if (!Number.isFinite(time)) return '';
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    dayFormat.formatToParts(time).find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`;
}

/** Where a parcel is, as a coloured badge (order page, /track, the admin desk). */
export function ShipmentStatusBadge({ status }: { status: ShipmentStatus }) {
  const variant = SHIPMENT_STATUS_VARIANTS[status];
  return (
    <Badge bg={variant} text={variant === 'warning' || variant === 'info' ? 'dark' : undefined}>
      {SHIPMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** One parcel: courier, tracking number, where it is, when it should arrive and the courier's scans, oldest first. */
export function ShipmentCard({
  shipment,
  title,
  headingLevel = 2,
}: {
  shipment: ShipmentDto;
  title: string;
  /** The card's heading level under the page's own headings; its history is one below. */
  headingLevel?: 2 | 3;
}) {
  const historyId = `shipment-${shipment.awb}-history`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const HistoryHeading = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <Card className="border-0 shadow-sm shipment-card">
      <Card.Body>
        <Heading className="h6 text-uppercase text-muted mb-3">
          <FiTruck aria-hidden="true" className="me-2" />
          {title}
        </Heading>
        <dl className="detail-list mb-0">
          <dt>Courier</dt>
          <dd>{shipment.courier}</dd>
          <dt>Tracking number (AWB)</dt>
          <dd className="text-break">
            {shipment.trackingUrl ? (
              <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                {shipment.awb}
                <FiExternalLink aria-hidden="true" className="ms-1" />
                <span className="visually-hidden"> (track on the courier’s site, opens in a new tab)</span>
              </a>
            ) : (
              shipment.awb
            )}
          </dd>
          <dt>Status</dt>
          <dd>
            <ShipmentStatusBadge status={shipment.status} />
          </dd>
          {shipment.expectedDelivery ? (
            <>
              <dt>Expected delivery</dt>
              <dd>{deliveryDay(shipment.expectedDelivery)}</dd>
            </>
          ) : null}
        </dl>
        {shipment.events.length > 0 ? (
          <>
            <HistoryHeading id={historyId} className="h6 mt-3 mb-2">
              Tracking history
            </HistoryHeading>
            <ol className="shipment-timeline list-unstyled mb-0" aria-labelledby={historyId}>
              {shipment.events.map((event) => (
                <li key={`${event.at}-${event.status}-${event.location ?? ''}`} className="shipment-event">
                  <time dateTime={event.at} className="small text-muted d-block">
                    {orderDateTime(event.at)}
                  </time>
                  <span className="fw-semibold">{event.status}</span>
                  {event.location ? <span className="text-muted"> · {event.location}</span> : null}
                </li>
              ))}
            </ol>
          </>
        ) : null}
      </Card.Body>
    </Card>
  );
}

/** The order's parcels, one card each; nothing while none is booked. */
export function ShipmentCards({
  shipments,
  headingLevel,
}: {
  shipments: readonly ShipmentDto[];
  headingLevel?: 2 | 3;
}) {
  if (shipments.length === 0) return null;
  return (
    <div className="d-grid gap-4">
      {shipments.map((shipment, index) => (
        <ShipmentCard
          key={shipment.awb}
          shipment={shipment}
          headingLevel={headingLevel}
          title={shipments.length > 1 ? `Shipment ${index + 1} of ${shipments.length}` : 'Shipment'}
        />
      ))}
    </div>
  );
}
