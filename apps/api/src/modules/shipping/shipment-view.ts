import type { AdminShipmentDto } from '@bagshop/shared/schemas/shipping';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { shipmentEvents, shipments } from '../../db/schema/shipping.ts';
import { adminShipmentOf } from '../orders/service.ts';

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentEventRow = typeof shipmentEvents.$inferSelect;

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
    return row ? [adminShipmentOf({ ...row, events: events.filter((e) => e.shipmentId === id) })] : [];
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
