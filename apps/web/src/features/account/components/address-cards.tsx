import { houseAndStreet } from '@bagshop/shared/address-text';
import { MSG } from '@bagshop/shared/messages';
import { countryName, stateLabel } from '@bagshop/shared/places';
import type { AddressDto } from '@bagshop/shared/types';
import { useState } from 'react';
import { Button, Card, Col, Row } from 'react-bootstrap';
import { FiEdit2, FiPhone, FiTrash2 } from 'react-icons/fi';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { useDeleteAddressMutation } from '../../../api/account-api.ts';
import { errorMessage } from '../../../api/errors.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

/**
 * docs/product.md §2 Account: 'Address N' cards with edit and delete, and an '+ Add Address' card that is always there.
 */
export function AddressCards({ addresses }: { addresses: AddressDto[] }) {
  const [deleteAddress, { isLoading }] = useDeleteAddressMutation();
  const [askDelete, setAskDelete] = useState<string | null>(null);

  async function confirmDelete() {
    if (!askDelete) return;
    try {
      const answer = await deleteAddress(askDelete).unwrap();
      toast.success(answer.message || MSG.addressDeleted);
    } catch (error) {
      toast.error(errorMessage(error, MSG.addressDeleteFailed));
    }
    setAskDelete(null);
  }

  return (
    <>
      {addresses.length === 0 ? <p className="text-muted">{MSG.noAddresses}</p> : null}
      <Row xs={1} sm={2} xl={3} className="g-3">
        {addresses.map((address, index) => (
          <Col key={address._id}>
            <Card className="address-card h-100 shadow-sm">
              <Card.Body className="d-flex flex-column">
                <div className="d-flex align-items-start justify-content-between gap-2 mb-2">
                  <Card.Title as="h3" className="h6 mb-0 text-brand">
                    Address {index + 1}
                  </Card.Title>
                  <div className="d-flex gap-1 flex-shrink-0">
                    <Link
                      to={`/account/edit-address/${address._id}`}
                      className="btn btn-sm btn-outline-brand"
                      aria-label={`Edit address ${index + 1}`}
                    >
                      <FiEdit2 aria-hidden="true" />
                    </Link>
                    <Button
                      variant="outline-danger"
                      size="sm"
                      onClick={() => setAskDelete(address._id)}
                      aria-label={`Delete address ${index + 1}`}
                    >
                      <FiTrash2 aria-hidden="true" />
                    </Button>
                  </div>
                </div>
                <address className="small mb-0 text-break">
                  <strong>{address.name}</strong>
                  <br />
                  {houseAndStreet(address)}
                  <br />
                  {address.town}, {stateLabel(address.state)} {address.zipcode}
                  <br />
                  {countryName(address.country)}
                  <br />
                  <FiPhone aria-hidden="true" className="me-1" />
                  {address.phone}
                  {address.gstin ? (
                    <>
                      <br />
                      GSTIN <span className="font-monospace">{address.gstin}</span>
                    </>
                  ) : null}
                </address>
              </Card.Body>
            </Card>
          </Col>
        ))}
        <Col>
          <Link
            to="/account/add-address"
            className="card address-card add-address-card h-100 text-decoration-none d-flex align-items-center justify-content-center"
          >
            <span className="fs-5 fw-semibold text-brand">+ Add Address</span>
          </Link>
        </Col>
      </Row>
      <ConfirmDialog
        show={askDelete !== null}
        busy={isLoading}
        onCancel={() => setAskDelete(null)}
        onConfirm={confirmDelete}
      >
        This address will be removed from your address book.
      </ConfirmDialog>
    </>
  );
}
