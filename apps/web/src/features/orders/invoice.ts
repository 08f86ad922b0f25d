import type { OrderDto } from '@bagshop/shared/order-types';
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

/**
 * Invoices exist for paid orders (also once refunded to the wallet) and cash-on-delivery orders; not for an order
 * whose only payment came after it was cancelled and went back to the card.
 */
export function hasInvoice(order: Pick<OrderDto, 'paymentStatus' | 'paymentMethod' | 'cardRefund'>): boolean {
  if (order.paymentMethod === 'cod' || order.paymentStatus === 'Paid') return true;
  return order.paymentStatus === 'Refunded' && order.cardRefund === null;
}
