import { asc, eq } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { isUuid } from './ids.ts';
import { orderItems, orders } from './schema/orders.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/**
 * Locks the order row: every change to one order's items and money (item moves, payments, refunds, expiry) waits
 * its turn. The one lock of an order, shared by the orders and payments modules.
 */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | null> {
  if (!isUuid(orderId)) return null;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order ?? null;
}

/** The order's items in a stable order; read under the order's lock when they are about to change. */
export async function itemsOf(tx: Tx, orderId: string): Promise<OrderItemRow[]> {
  return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}
