import type { OrderDto, OrderItemDto } from '@bagshop/shared/order-types';
import type { AdminShipmentDto } from '@bagshop/shared/schemas/shipping';
import type { DownloadRequest } from '../../api/download-file.ts';

/**
 * The order's parcels as the desk handles them. The admin order answer is to carry `adminShipmentAnswer`s (decision
 * 040, the admin projection of an order); once it does, `order.shipments` is read directly and this goes.
 */
export function adminShipments(order: Pick<OrderDto, 'shipments'>): AdminShipmentDto[] {
  return order.shipments as unknown as AdminShipmentDto[];
}

/** Items that a Ship booking would carry: those still Pending. */
export const pendingItems = (order: Pick<OrderDto, 'items'>): OrderItemDto[] =>
  order.items.filter((item) => item.status === 'Pending');

/** The shop's label of one parcel, saved as label-ORD-…-AWB.pdf unless the shop names it. */
export function labelDownload(shipment: Pick<AdminShipmentDto, '_id' | 'awb'>, orderNumber: string): DownloadRequest {
  return {
    url: `/api/admin/shipments/${encodeURIComponent(shipment._id)}/label`,
    fileName: `label-${orderNumber}-${shipment.awb}.pdf`,
  };
}

/** One PDF with a label a page for the given parcels. */
export function labelsDownload(shipmentIds: string[]): DownloadRequest {
  return { url: '/api/admin/shipments/labels', fileName: 'labels.pdf', body: { shipmentIds } };
}

/** The parcels of these orders that still travel or wait for pickup: cancelled bookings have no label to print. */
export function liveShipmentIds(orders: Pick<OrderDto, 'shipments'>[]): string[] {
  return orders.flatMap((order) =>
    adminShipments(order)
      .filter((shipment) => shipment.status !== 'cancelled')
      .map((shipment) => shipment._id),
  );
}
