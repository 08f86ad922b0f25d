import type { OrderDto } from '@bagshop/shared/order-types';
import { DownloadRefused, downloadFile } from '../../api/download-file.ts';

/** A safe file name for an order's invoice: ORD-AB12CD34EF.pdf */
export function invoiceFileName(orderNumber: string): string {
  const safe = orderNumber.replace(/[^A-Za-z0-9_-]/g, '');
  return `${safe || 'invoice'}.pdf`;
}

/** The shop refused the invoice, with its reason. */
export { DownloadRefused as InvoiceRefused };

/** Fetches the invoice PDF with the access token and hands it to the browser as a download. */
export async function downloadInvoice(orderId: string, orderNumber: string, token: string | null): Promise<void> {
  await downloadFile(`/api/orders/${encodeURIComponent(orderId)}/invoice`, {
    token,
    fileName: invoiceFileName(orderNumber),
    useServerName: false,
  });
}

/**
 * Invoices exist for paid orders (also once refunded to the wallet) and cash-on-delivery orders; not for an order
 * whose only payment came after it was cancelled and went back to the card.
 */
export function hasInvoice(order: Pick<OrderDto, 'paymentStatus' | 'paymentMethod' | 'cardRefund'>): boolean {
  if (order.paymentMethod === 'cod' || order.paymentStatus === 'Paid') return true;
  return order.paymentStatus === 'Refunded' && order.cardRefund === null;
}
