import { UNPAID_ORDER_TTL_HOURS } from '@bagshop/shared/orders';
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import { orderItems, orders } from '../../db/schema/orders.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { releaseCoupon } from '../coupons/coupon-rules.ts';
import { itemsOf, lockOrder, restoreStock } from './order-transitions.ts';

const HOUR_MS = 60 * 60 * 1000;
export const EXPIRY_EVERY_MS = 10 * 60 * 1000;
export const EXPIRED_REASON = 'Payment not received within 24 hours';

const unpaid = (cutoff: Date) =>
  and(
    eq(orders.paymentStatus, 'Pending'),
    eq(orders.paymentMethod, 'razorpay'),
    isNull(orders.expiredAt),
    lt(orders.createdAt, cutoff),
  );

/**
 * Card orders left unpaid for 24 hours give their stock and coupon use back: pending items become Cancelled and the order is marked
 * expired. Each order in its own transaction, re-checked under its lock (a payment may have just arrived).
 * Returns the number of orders expired.
 */
export async function expireUnpaidOrders(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - UNPAID_ORDER_TTL_HOURS * HOUR_MS);
  const due = await deps.db.select({ id: orders.id }).from(orders).where(unpaid(cutoff)).orderBy(asc(orders.createdAt));
  let expired = 0;
  for (const { id } of due) {
    const moved = await deps.db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      if (order?.paymentStatus !== 'Pending' || order.expiredAt || order.createdAt >= cutoff) return null;
      const pending = (await itemsOf(tx, id))
        .filter((i) => i.status === 'Pending')
        .sort((a, b) => a.productId.localeCompare(b.productId));
      for (const item of pending) {
        await restoreStock(tx, item);
        await tx
          .update(orderItems)
          .set({ status: 'Cancelled', cancelReason: EXPIRED_REASON, updatedAt: now })
          .where(eq(orderItems.id, item.id));
      }
      await releaseCoupon(tx, id);
      await tx.update(orders).set({ expiredAt: now, updatedAt: now }).where(eq(orders.id, id));
      return { ownerId: order.userId, itemIds: pending.map((i) => i.id) };
    });
    if (!moved) continue;
    expired += 1;
    for (const itemId of moved.itemIds) {
      deps.realtime.orderStatusUpdated({ orderId: id, itemId, status: 'Cancelled' }, moved.ownerId);
    }
  }
  return expired;
}

/** Runs the expiry now and every 10 minutes; the returned function stops it. */
export function scheduleOrderExpiry(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  onError: (error: unknown) => void,
  everyMs: number = EXPIRY_EVERY_MS,
): () => void {
  const run = () => {
    expireUnpaidOrders(deps).catch(onError);
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
