/** A safe file name for an order's invoice: ORD-AB12CD34EF.pdf */
export function invoiceFileName(orderNumber: string): string {
  const safe = orderNumber.replace(/[^A-Za-z0-9_-]/g, '');
  return `${safe || 'invoice'}.pdf`;
}

/** The shop refused the invoice, with its reason. */
export class InvoiceRefused extends Error {}

/** Fetches the invoice PDF with the access token and hands it to the browser as a download. */
export async function downloadInvoice(orderId: string, orderNumber: string, token: string | null): Promise<void> {
  const response = await fetch(`/api/orders/${encodeURIComponent(orderId)}/invoice`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) {
    let message: string | undefined;
    try {
      message = ((await response.json()) as { message?: string }).message;
    } catch {
      // Not JSON: the caller's default message is shown.
    }
    throw new InvoiceRefused(message ?? '');
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = invoiceFileName(orderNumber);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Invoices exist for paid orders and cash-on-delivery orders. */
export function hasInvoice(order: { paymentStatus: string; paymentMethod: string }): boolean {
  return order.paymentStatus === 'Paid' || order.paymentStatus === 'Refunded' || order.paymentMethod === 'cod';
}
