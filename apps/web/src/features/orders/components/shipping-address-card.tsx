import type { OrderAddressDto } from '@bagshop/shared/order-types';
import { Card } from 'react-bootstrap';
import { FiMapPin } from 'react-icons/fi';

/** The delivery address as it was when the order was placed. */
export function ShippingAddressCard({ address }: { address: OrderAddressDto }) {
  return (
    <Card className="border-0 shadow-sm h-100">
      <Card.Body>
        <h2 className="h6 text-uppercase text-muted mb-3">
          <FiMapPin aria-hidden="true" className="me-2" />
          Shipping address
        </h2>
        <dl className="detail-list mb-0">
          <dt>Name</dt>
          <dd>{address.name}</dd>
          <dt>House name</dt>
          <dd>{address.houseName}</dd>
          <dt>Street</dt>
          <dd>{address.street}</dd>
          {address.landmark && (
            <>
              <dt>Landmark</dt>
              <dd>{address.landmark}</dd>
            </>
          )}
          <dt>Town</dt>
          <dd>{address.town}</dd>
          <dt>State</dt>
          <dd>{address.state}</dd>
          <dt>Country</dt>
          <dd>{address.country}</dd>
          <dt>Zipcode</dt>
          <dd>{address.zipcode}</dd>
          <dt>Phone</dt>
          <dd>{address.phone}</dd>
          {address.gstin ? (
            <>
              <dt>GSTIN</dt>
              <dd className="text-break">{address.gstin}</dd>
            </>
          ) : null}
        </dl>
      </Card.Body>
    </Card>
  );
}
