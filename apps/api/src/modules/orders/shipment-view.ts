import type { AdminShipmentDto, ShipmentDto } from '@bagshop/shared/schemas/shipping';
import { canCancelShipment } from '@bagshop/shared/shipping';
import { shipmentEventText } from '@bagshop/shared/shipping-messages';
import type { OrderRecord, ShipmentRecord } from './order-record.ts';

/** A parcel as the shopper sees it on the order page and on /track: the courier's journey in people's words. */
function shipmentOf(parcel: ShipmentRecord): ShipmentDto {
  return {
    courier: parcel.courier,
    awb: parcel.awb,
    trackingUrl: parcel.trackingUrl,
    status: parcel.status,
    expectedDelivery: parcel.expectedDelivery,
    events: parcel.events.map((event) => ({
      at: event.at.toISOString(),
      status: shipmentEventText(event.kind, event.label),
      location: event.location,
    })),
  };
}

/** The shopper's parcels (order page, /track), oldest first: a cancelled booking never left the shop. */
export function shopperShipments(record: OrderRecord): ShipmentDto[] {
  return record.shipments.filter((parcel) => parcel.status !== 'cancelled').map(shipmentOf);
}

/**
 * The desk's parcels, oldest first, cancelled bookings included: the administrator sees every AWB the shop took,
 * also one the courier may still hold (docs/decisions/040-order-read-model.md).
 */
export function adminShipments(record: OrderRecord): AdminShipmentDto[] {
  return record.shipments.map(adminShipmentOf);
}

/** One parcel as the desk sees it (its order page, and the shipping module's answers to a booking). */
export function adminShipmentOf(parcel: ShipmentRecord): AdminShipmentDto {
  return {
    ...shipmentOf(parcel),
    _id: parcel.id,
    orderId: parcel.orderId,
    provider: parcel.provider,
    items: parcel.itemIds,
    createdAt: parcel.createdAt.toISOString(),
    canCancel: canCancelShipment(parcel.status),
    courierLabelUrl: parcel.courierLabelUrl,
    pickupScheduledFor: parcel.pickupScheduledFor,
  };
}
