import type { OrderDto } from '@bagshop/shared/order-types';
import type { BulkShipResponse } from '@bagshop/shared/schemas/shipping';
import { SHIPPING_SCREEN_MSG } from '@bagshop/shared/shipping-screen-messages';
import { useRef, useState } from 'react';
import { Button, Modal, Spinner } from 'react-bootstrap';
import { FiPrinter, FiTruck } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { useDownloadFileMutation } from '../../../api/download-file.ts';
import { errorMessage } from '../../../api/errors.ts';
import type { BulkSelection } from '../../../components/bulk-selection.tsx';
import { useBulkShipMutation, useShippingSettingsQuery } from '../api.ts';
import { labelsDownload, liveShipmentIds } from '../shipping.ts';

interface BulkShipBarProps {
  selection: BulkSelection;
  orders: Pick<OrderDto, '_id' | 'orderId' | 'shipments'>[];
}

/**
 * Ticked orders: ship them all with Shiprocket's recommended courier (the manual provider needs an AWB per order,
 * so it ships one order at a time), or print the labels of their parcels as one PDF.
 */
export function BulkShipBar({ selection, orders }: BulkShipBarProps) {
  const settings = useShippingSettingsQuery();
  const [bulkShip, shipping] = useBulkShipMutation();
  const [downloadFile, printing] = useDownloadFileMutation();
  const [results, setResults] = useState<BulkShipResponse['results'] | null>(null);
  // One call per click, even when the second click lands before the first marks the call as loading.
  const sending = useRef(false);
  const count = selection.selected.size;
  if (count === 0 && results === null) return null;
  const chosen = orders.filter((order) => selection.isSelected(order._id));
  const numbers = new Map(orders.map((order) => [order._id, order.orderId]));
  const busy = shipping.isLoading || printing.isLoading;

  async function shipSelected() {
    if (sending.current) return;
    sending.current = true;
    try {
      const answer = await bulkShip({ orderIds: chosen.map((order) => order._id) }).unwrap();
      const shipped = answer.results.filter((result) => result.shipment).length;
      const message = SHIPPING_SCREEN_MSG.bulkShipDone(shipped, answer.results.length - shipped);
      if (shipped === answer.results.length) toast.success(message);
      else toast.warning(message);
      setResults(answer.results);
      selection.clear();
    } catch (failure) {
      toast.error(errorMessage(failure, SHIPPING_SCREEN_MSG.shipFailed));
    } finally {
      sending.current = false;
    }
  }

  async function printLabels() {
    const ids = liveShipmentIds(chosen);
    if (ids.length === 0) {
      toast.error(SHIPPING_SCREEN_MSG.noLiveShipments);
      return;
    }
    try {
      await downloadFile(labelsDownload(ids)).unwrap();
    } catch (failure) {
      toast.error(errorMessage(failure, SHIPPING_SCREEN_MSG.labelFailed));
    }
  }

  return (
    <>
      {count > 0 ? (
        <section className="d-flex flex-wrap align-items-center gap-2 mb-3 bulk-bar" aria-label="Bulk actions">
          <span className="small fw-semibold" aria-live="polite">
            {count} {count === 1 ? 'order' : 'orders'} selected
          </span>
          {settings.data?.provider === 'shiprocket' ? (
            <Button size="sm" variant="brand" onClick={shipSelected} disabled={busy}>
              {shipping.isLoading ? (
                <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
              ) : (
                <FiTruck aria-hidden="true" className="me-1" />
              )}
              Ship selected
            </Button>
          ) : null}
          <Button size="sm" variant="outline-secondary" onClick={printLabels} disabled={busy}>
            {printing.isLoading ? (
              <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
            ) : (
              <FiPrinter aria-hidden="true" className="me-1" />
            )}
            Print labels
          </Button>
          <Button size="sm" variant="link" onClick={selection.clear} disabled={busy}>
            Clear selection
          </Button>
        </section>
      ) : null}
      <Modal show={results !== null} onHide={() => setResults(null)} centered aria-labelledby="bulk-ship-title">
        <Modal.Header closeButton>
          <Modal.Title id="bulk-ship-title" as="h2" className="h5">
            Shipping results
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <ul className="list-unstyled mb-0">
            {(results ?? []).map((result) => (
              <li key={result.orderId} className="mb-2">
                <span className="fw-semibold">{numbers.get(result.orderId) ?? result.orderId}</span>:{' '}
                {result.shipment ? (
                  <span className="text-success">
                    {SHIPPING_SCREEN_MSG.shippedWith(result.shipment.courier, result.shipment.awb)}
                  </span>
                ) : (
                  <span className="text-danger">{result.error}</span>
                )}
              </li>
            ))}
          </ul>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setResults(null)}>
            Close
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
