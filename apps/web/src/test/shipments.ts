import type { ShipmentOnlyResponse } from '@bagshop/shared/schemas/shipping';
import { adminToken, callApi } from './real-server.ts';

/** A tracking number no other test uses, in India Post's form (EK + 9 digits + IN). */
export function newAwb(): string {
  const digits = Array.from(crypto.getRandomValues(new Uint8Array(9)), (n) => n % 10).join('');
  return `EK${digits}IN`;
}

/** The shopper confirms a cash-on-delivery order, as the order page's button does; until then it cannot ship. */
export async function confirmCod(token: string, orderId: string): Promise<void> {
  await callApi('POST', '/api/orders/confirm-cod', { token, body: { orderId } });
}

/**
 * Books a parcel for the order's Pending items (or the named ones) with the manual provider the page tests' shop
 * runs, as the admin's Ship dialog does: the courier and the AWB from the counter receipt.
 */
export async function shipByHand(orderId: string, items?: string[]) {
  const { shipment } = await callApi<ShipmentOnlyResponse>('POST', '/api/admin/shipments', {
    token: adminToken(),
    body: { orderId, ...(items ? { items } : {}), courier: 'India Post', awb: newAwb() },
  });
  return shipment;
}
