import { houseAndStreet } from '@bagshop/shared/address-text';
import type { AddressDto } from '@bagshop/shared/types';
import { Card, Col, Form, Row } from 'react-bootstrap';
import { Link } from 'react-router';

interface AddressPickerProps {
  addresses: readonly AddressDto[];
  chosen: string | null;
  onChoose: (id: string) => void;
}

/** The delivery address: one card per saved address to choose from, and '+ Add Address'. */
export function AddressPicker({ addresses, chosen, onChoose }: AddressPickerProps) {
  return (
    <fieldset>
      <legend className="h5 mb-3">Delivery address</legend>
      <Row xs={1} sm={2} className="g-3">
        {addresses.map((address, index) => {
          const id = `address-${address._id}`;
          const selected = chosen === address._id;
          return (
            <Col key={address._id}>
              <Card className={`address-card checkout-choice h-100${selected ? ' is-chosen' : ''}`}>
                <Card.Body>
                  <Form.Check
                    type="radio"
                    id={id}
                    name="delivery-address"
                    checked={selected}
                    onChange={() => onChoose(address._id)}
                    label={
                      <span className="d-block">
                        <span className="fw-semibold d-block">
                          Address {index + 1}: {address.name}
                        </span>
                        <span className="small text-muted d-block">
                          {houseAndStreet(address)}, {address.town}
                        </span>
                        <span className="small text-muted d-block">
                          {address.state} {address.zipcode}, {address.country}
                        </span>
                        <span className="small text-muted d-block">Phone {address.phone}</span>
                        {address.gstin ? (
                          <span className="small text-muted d-block text-break">GSTIN {address.gstin}</span>
                        ) : null}
                      </span>
                    }
                  />
                </Card.Body>
              </Card>
            </Col>
          );
        })}
        <Col>
          <Link
            to="/account/add-address"
            className="card address-card add-address-card h-100 text-decoration-none d-flex align-items-center justify-content-center text-brand fw-semibold"
          >
            + Add Address
          </Link>
        </Col>
      </Row>
    </fieldset>
  );
}
