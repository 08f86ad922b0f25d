import { ORDER_SCREEN_MSG } from '@bagshop/shared/order-screen-messages';
import type { OrderDto } from '@bagshop/shared/order-types';
import { BAG_HSN_CODE } from '@bagshop/shared/pricing/invoice';
import { formatINR, type Paise, toPaise } from '@bagshop/shared/pricing/money';
import { useState } from 'react';
import { Button, Card, Spinner, Table } from 'react-bootstrap';
import { FiDownload, FiFileText } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { useDownloadFileMutation } from '../../../api/download-file.ts';
import { errorMessage } from '../../../api/errors.ts';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { creditNoteDownload, invoiceView } from '../invoice.ts';

const minus = (paise: Paise) => `−${formatINR(paise)}`;

/**
 * The GST invoice as the PDF prints it (same shared rule, same figures): a line per invoiced item with its taxable
 * value after offer and coupon and its 5 % GST, the totals with the GST inside the delivery charge, and the credit
 * notes with their downloads (docs/product.md §10.5).
 */
export function InvoiceCard({ order }: { order: OrderDto & { invoiceNumber: string } }) {
  const [downloadFile] = useDownloadFileMutation();
  const [busyNote, setBusyNote] = useState<string | null>(null);
  const view = invoiceView(order);

  async function download(note: OrderDto['creditNotes'][number]) {
    setBusyNote(note._id);
    try {
      await downloadFile(creditNoteDownload(order._id, note)).unwrap();
    } catch (failure) {
      toast.error(errorMessage(failure, ORDER_SCREEN_MSG.invoiceFailed));
    } finally {
      setBusyNote(null);
    }
  }

  return (
    <Card className="border-0 shadow-sm" aria-labelledby="invoice-heading">
      <Card.Body>
        <h2 id="invoice-heading" className="h6 text-uppercase text-muted mb-3">
          <FiFileText aria-hidden="true" className="me-2" />
          Tax invoice {order.invoiceNumber}
        </h2>
        <ScrollRegion label={ORDER_SCREEN_MSG.invoiceLines} className="mb-3">
          <Table size="sm" className="mb-0 align-middle">
            <caption className="visually-hidden">Invoice lines: HSN, taxable value, GST and amount per item</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">HSN</th>
                <th scope="col" className="text-end">
                  Price
                </th>
                <th scope="col" className="text-end">
                  Discount
                </th>
                <th scope="col" className="text-end">
                  Taxable value
                </th>
                <th scope="col" className="text-end">
                  GST 5 %
                </th>
                <th scope="col" className="text-end">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {view.lines.map((line) => (
                <tr key={line.itemId} data-testid="invoice-line">
                  <th scope="row" className="fw-normal">
                    {view.names.get(line.itemId)} × {line.qty}
                  </th>
                  <td>{BAG_HSN_CODE}</td>
                  <td className="text-end">{formatINR(line.grossPaise)}</td>
                  <td className="text-end">{minus(line.discountPaise)}</td>
                  <td className="text-end">{formatINR(line.taxablePaise)}</td>
                  <td className="text-end">{formatINR(line.taxPaise)}</td>
                  <td className="text-end">{formatINR(line.amountPaise)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </ScrollRegion>
        <dl className="summary-list">
          <dt>Total price</dt>
          <dd>{formatINR(view.grossPaise)}</dd>
          <dt>Discounts</dt>
          <dd className="text-success">{minus(view.discountPaise)}</dd>
          <dt>Taxable value</dt>
          <dd>{formatINR(view.taxablePaise)}</dd>
          <dt>{order.pricesIncludeGst ? 'GST 5 % (included)' : 'GST 5 %'}</dt>
          <dd>{formatINR(view.taxPaise)}</dd>
          <dt>Shipping</dt>
          <dd>
            {view.shippingPaise === 0
              ? 'Free'
              : `${formatINR(view.shippingPaise)} (${formatINR(view.shippingTaxablePaise)} + GST ${formatINR(view.shippingTaxPaise)})`}
          </dd>
          <dt>Total paid</dt>
          <dd className="fw-semibold">{formatINR(view.totalPaise)}</dd>
        </dl>
        {order.creditNotes.length > 0 ? (
          <>
            <h3 className="h6 mt-3">Credit notes</h3>
            <ul className="list-unstyled mb-0 d-grid gap-2">
              {order.creditNotes.map((note) => (
                <li key={note._id} className="d-flex flex-wrap align-items-center justify-content-between gap-2">
                  <span>
                    {note.number} · {view.names.get(note.itemId)} · {formatINR(toPaise(note.amount))}
                  </span>
                  <Button
                    size="sm"
                    variant="outline-brand"
                    onClick={() => download(note)}
                    disabled={busyNote === note._id}
                    aria-label={`Download credit note ${note.number}`}
                  >
                    {busyNote === note._id ? (
                      <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
                    ) : (
                      <FiDownload aria-hidden="true" className="me-1" />
                    )}
                    PDF
                  </Button>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Card.Body>
    </Card>
  );
}
