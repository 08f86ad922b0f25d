import { ORDER_MSG } from '@bagshop/shared/order-messages';
import { type ItemActor, type ItemStatus, paymentWindowText } from '@bagshop/shared/orders';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { itemsOf, lockOrder, type OrderItemRow, type OrderRow } from '../../db/order-rows.ts';
import { orders } from '../../db/schema/orders.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { scheduleAcrossProcesses } from '../../platform/run-once.ts';
import { releaseCoupon } from '../coupons/service.ts';
import { retryPendingRefunds } from './card-refunds.ts';

/** Often enough for a payment window of minutes. */
export const EXPIRY_EVERY_MS = 60 * 1000;
const MINUTE_MS = 60 * 1000;

const unpaid = (now: Date) =>
  and(
    eq(orders.paymentStatus, 'Pending'),
    eq(orders.paymentMethod, 'razorpay'),
    isNull(orders.expiredAt),
    lte(orders.paymentDueAt, now),
  );

/**
 * The item transition function of the orders module for several items of one order moved as one event (the table,
 * the stock restore, the refunds, one mail for the event), run inside a transaction that holds the order's lock.
 * The payments module may not import the orders module (orders calls payments), so the server hands it to the job.
 */
export type MoveLockedItems = (
  tx: Tx,
  order: OrderRow,
  items: readonly OrderItemRow[],
  steps: ReadonlyArray<{ itemId: string; to: ItemStatus; by: ItemActor; reason?: string }>,
  now: Date,
) => Promise<{ items: OrderItemRow[] }>;

export type ExpiryDeps = Pick<AppDeps, 'db' | 'realtime'> & { moveLockedItems: MoveLockedItems };

/** Why the shop cancelled the items, with the window the order was placed under. */
export function expiryReasonOf(order: Pick<OrderRow, 'createdAt' | 'paymentDueAt'>): string {
  const dueAt = order.paymentDueAt ?? order.createdAt;
  const minutes = Math.max(1, Math.round((dueAt.getTime() - order.createdAt.getTime()) / MINUTE_MS));
  return ORDER_MSG.paymentNotReceived(paymentWindowText(minutes));
}

/**
 * Releases what orders hold when the shop gives up on them: the shop ('system' in the item transition table) cancels
 * their pending items (stock back, one mail naming them all), their coupon use is given back and each is marked
 * expired. Each order in its own transaction, re-checked under its lock by `reasonIfDue` (a payment or a confirmation
 * may have just arrived): the cancel reason, or null when the order is no longer due. Returns how many were released.
 */
export async function releaseHeldOrders(
  deps: ExpiryDeps,
  orderIds: readonly string[],
  reasonIfDue: (order: OrderRow, items: readonly OrderItemRow[]) => string | null,
  now: Date,
): Promise<number> {
  let released = 0;
  for (const id of orderIds) {
    const moved = await deps.db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      if (!order || order.expiredAt) return null;
      const items = await itemsOf(tx, id);
      const reason = reasonIfDue(order, items);
      if (reason === null) return null;
      // Product rows are locked in id order, as checkouts lock them, so the two never deadlock.
      const pending = items
        .filter((i) => i.status === 'Pending')
        .sort((a, b) => a.productId.localeCompare(b.productId));
      // One event: the shopper gets one mail naming every cancelled item.
      await deps.moveLockedItems(
        tx,
        order,
        items,
        pending.map((item) => ({ itemId: item.id, to: 'Cancelled' as const, by: 'system' as const, reason })),
        now,
      );
      await releaseCoupon(tx, id);
      await tx.update(orders).set({ expiredAt: now, updatedAt: now }).where(eq(orders.id, id));
      return { ownerId: order.userId, itemIds: pending.map((i) => i.id) };
    });
    if (!moved) continue;
    released += 1;
    for (const itemId of moved.itemIds) {
      deps.realtime.orderStatusUpdated({ orderId: id, itemId, status: 'Cancelled' }, moved.ownerId);
    }
  }
  return released;
}

/**
 * Card orders left unpaid past their payment window give their stock and coupon use back (`releaseHeldOrders`). A
 * card order never has a wallet part (wallet orders are paid in full when placed), so no money moves here. Returns
 * the number of orders expired.
 */
export async function expireUnpaidOrders(deps: ExpiryDeps, now: Date = new Date()): Promise<number> {
  const due = await deps.db.select({ id: orders.id }).from(orders).where(unpaid(now)).orderBy(asc(orders.paymentDueAt));
  return releaseHeldOrders(
    deps,
    due.map((row) => row.id),
    (order) =>
      order.paymentDueAt && order.paymentStatus === 'Pending' && order.paymentDueAt <= now
        ? expiryReasonOf(order)
        : null,
    now,
  );
}

/** The expiry job's name in the job_runs table. */
export const ORDER_EXPIRY_JOB = 'order-expiry';

/**
 * The scheduled job, now and every minute: cancels card orders past their payment window, then asks the provider
 * again for refunds whose earlier call failed. Every process schedules it; one of them runs it each period
 * (platform/run-once.ts). Every step re-checks under a lock or a conditional update, so a run cut short by a dying
 * process is simply redone. The returned function stops it and waits for a run under way.
 */
export function scheduleOrderExpiry(
  deps: ExpiryDeps & Pick<AppDeps, 'payments' | 'metrics'>,
  onError: (error: unknown) => void,
  everyMs: number = EXPIRY_EVERY_MS,
): () => Promise<void> {
  return scheduleAcrossProcesses(
    deps.db,
    { name: ORDER_EXPIRY_JOB, everyMs },
    async () => {
      await expireUnpaidOrders(deps);
      await retryPendingRefunds(deps, new Date(), onError);
    },
    onError,
  );
}
