import type { AdminShipmentDto } from '@bagshop/shared/schemas/shipping';
import { canCancelShipment } from '@bagshop/shared/shipping';
import { shipmentEventText } from '@bagshop/shared/shipping-messages';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { shipmentEvents, shipments } from '../../db/schema/shipping.ts';

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentEventRow = typeof shipmentEvents.$inferSelect;

/** A parcel as the admin desk sees it, events oldest first. */
export function adminShipmentOf(row: ShipmentRow, events: readonly ShipmentEventRow[]): AdminShipmentDto {
  return {
    _id: row.id,
    orderId: row.orderId,
    provider: row.provider,
    items: row.itemIds,
    createdAt: row.createdAt.toISOString(),
    canCancel: canCancelShipment(row.status),
    courierLabelUrl: row.courierLabelUrl,
    pickupScheduledFor: row.pickupScheduledFor,
    courier: row.courier,
    awb: row.awb,
    trackingUrl: row.trackingUrl,
    status: row.status,
    expectedDelivery: row.expectedDelivery,
    events: events.map((e) => ({
      at: e.at.toISOString(),
      status: shipmentEventText(e.kind, e.label),
      location: e.location,
    })),
  };
}

export async function loadAdminShipments(db: DbOrTx, ids: readonly string[]): Promise<AdminShipmentDto[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  const rows = await db.select().from(shipments).where(inArray(shipments.id, valid));
  const events = await db
    .select()
    .from(shipmentEvents)
    .where(inArray(shipmentEvents.shipmentId, valid))
    .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.createdAt));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return valid.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          adminShipmentOf(
            row,
            events.filter((e) => e.shipmentId === id),
          ),
        ]
      : [];
  });
}

export async function loadAdminShipment(db: DbOrTx, id: string): Promise<AdminShipmentDto | null> {
  const [shipment] = await loadAdminShipments(db, [id]);
  return shipment ?? null;
}

/** The shipment's row, or null (also for a malformed id). */
export async function shipmentRow(db: DbOrTx, id: string): Promise<ShipmentRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id));
  return row ?? null;
}
