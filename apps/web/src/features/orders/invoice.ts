import type { OrderDto } from '@bagshop/shared/order-types';
import { type InvoiceFigures, orderInvoiceFigures } from '@bagshop/shared/pricing/invoice';
import { toPaise } from '@bagshop/shared/pricing/money';
import type { DownloadRequest } from '../../api/download-file.ts';

/** A safe file name for an order's invoice: ORD-AB12CD34EF.pdf */
export function invoiceFileName(orderNumber: string): string {
  const safe = orderNumber.replace(/[^A-Za-z0-9_-]/g, '');
  return `${safe || 'invoice'}.pdf`;
}

/** The invoice PDF of an order, saved as `invoiceFileName` (for `useDownloadFileMutation`). */
export function invoiceDownload(orderId: string, orderNumber: string): DownloadRequest {
  return {
    url: `/api/orders/${encodeURIComponent(orderId)}/invoice`,
    fileName: invoiceFileName(orderNumber),
    useServerName: false,
  };
}

/** A credit note's PDF, saved as credit-note-CN-26-27-000001.pdf. */
export function creditNoteDownload(orderId: string, note: { _id: string; number: string }): DownloadRequest {
  const safe = note.number.replace(/\//g, '-').replace(/[^A-Za-z0-9_-]/g, '');
  return {
    url: `/api/orders/${encodeURIComponent(orderId)}/credit-notes/${encodeURIComponent(note._id)}`,
    fileName: `credit-note-${safe || 'document'}.pdf`,
    useServerName: false,
  };
}

/** An order has an invoice once it is paid (card, wallet, or cash collected at delivery): the server numbers it. */
export function hasInvoice(order: Pick<OrderDto, 'invoiceNumber'>): boolean {
  return order.invoiceNumber !== null;
}

/** The invoice's figures, computed as the server's PDF computes them (the shared invoice rule), with item names. */
export function invoiceView(order: OrderDto): InvoiceFigures & { names: Map<string, string> } {
  const figures = orderInvoiceFigures(
    {
      couponDiscountPaise: toPaise(order.couponDiscount),
      taxPaise: toPaise(order.tax),
      shippingPaise: toPaise(order.shippingPrice),
      pricesIncludeGst: order.pricesIncludeGst,
      paymentMethod: order.paymentMethod,
    },
    order.items.map((item) => ({
      id: item._id,
      pricePaise: toPaise(item.product.price),
      discountPaise: toPaise(item.discount),
      qty: item.qty,
      status: item.status,
      gstPercent: item.gst.rate,
      couponSharePaise: toPaise(item.gst.couponShare),
      taxablePaise: toPaise(item.gst.taxable),
      taxPaise: toPaise(item.gst.tax),
    })),
    order.creditNotes.map((note) => note.itemId),
  );
  return { ...figures, names: new Map(order.items.map((i) => [i._id, `${i.product.name} (${i.product.color})`])) };
}
