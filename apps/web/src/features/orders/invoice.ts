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

/** Invoices exist for paid orders and cash-on-delivery orders. */
export function hasInvoice(order: { paymentStatus: string; paymentMethod: string }): boolean {
  return order.paymentStatus === 'Paid' || order.paymentStatus === 'Refunded' || order.paymentMethod === 'cod';
}
