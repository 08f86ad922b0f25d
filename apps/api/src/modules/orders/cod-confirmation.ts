import { ORDER_MSG } from '@bagshop/shared/order-messages';
import type { OrderDto } from '@bagshop/shared/order-types';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { itemsOf, lockOrder } from '../../db/order-rows.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { scheduleAcrossProcesses } from '../../platform/run-once.ts';
import type { SignedLinks } from '../../platform/signed-links.ts';
import { releaseHeldOrders } from '../payments/service.ts';
import { moveLockedItems } from './order-transitions.ts';
import { awaitsCodConfirmation, loadOrderDto } from './order-view.ts';

// Cash-on-delivery orders are confirmed by the shopper before they ship, or cancelled
// (docs/decisions/036-cod-and-order-limits.md).

const LINK_PURPOSE = 'cod-confirm';
const HOUR_MS = 60 * 60 * 1000;

/** The token of the order mail's confirmation link. */
export const codConfirmTokenOf = (links: SignedLinks, orderId: string) => links.sign(LINK_PURPOSE, orderId);

/**
 * Confirms the order under its lock: once is enough (a second confirmation answers the order as it is); an order
 * cancelled in the meantime, expired or never asked for confirmation is a 409. `ownerId` null: the signed link.
 */
async function confirm(db: Db, orderId: string, ownerId: string | null): Promise<{ orderNumber: string }> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || (ownerId !== null && order.userId !== ownerId)) throw notFound(ORDER_MSG.orderNotFound);
    if (!order.codConfirmBy) throw new AppError('CONFLICT', ORDER_MSG.codConfirmNotNeeded);
    if (order.codConfirmedAt) return { orderNumber: order.orderNumber };
    if (!awaitsCodConfirmation(order, await itemsOf(tx, order.id))) {
      throw new AppError('CONFLICT', ORDER_MSG.codConfirmTooLate);
    }
    const now = new Date();
    await tx.update(orders).set({ codConfirmedAt: now, updatedAt: now }).where(eq(orders.id, order.id));
    return { orderNumber: order.orderNumber };
  });
}

/** POST /api/orders/confirm-cod: the shopper's button on the order page. */
export async function confirmCodOrder(db: Db, userId: string, orderId: string): Promise<OrderDto> {
  await confirm(db, orderId, userId);
  const dto = await loadOrderDto(db, orderId);
  if (!dto) throw notFound(ORDER_MSG.orderNotFound);
  return dto;
}

/** POST /api/orders/confirm-cod-link: the link in the order mail, no sign-in. */
export async function confirmCodOrderByLink(
  deps: Pick<AppDeps, 'db' | 'signedLinks'>,
  token: string,
): Promise<{ message: string; orderId: string }> {
  const orderId = deps.signedLinks.verify(LINK_PURPOSE, token);
  if (!orderId)
    throw new AppError('VALIDATION', ORDER_MSG.codConfirmLinkInvalid, { token: ORDER_MSG.codConfirmLinkInvalid });
  const { orderNumber } = await confirm(deps.db, orderId, null);
  return { message: ORDER_MSG.codConfirmed, orderId: orderNumber };
}

type ExpiryDeps = Pick<AppDeps, 'db' | 'realtime'>;

/**
 * Cash-on-delivery orders whose confirmation did not come in time give their stock and coupon use back: the shop
 * cancels their pending items (payments' `releaseHeldOrders`, which re-checks each under its lock, as the shopper may
 * have just confirmed). Returns how many orders were cancelled.
 */
export async function expireUnconfirmedCodOrders(deps: ExpiryDeps, now: Date = new Date()): Promise<number> {
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        isNull(orders.codConfirmedAt),
        isNull(orders.expiredAt),
        lte(orders.codConfirmBy, now),
        // An order the desk has already moved on waits for nobody: it is not read again every run.
        sql`not exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id}
          and ${orderItems.status} not in ('Pending', 'Cancelled'))`,
        sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id}
          and ${orderItems.status} = 'Pending')`,
      ),
    )
    .orderBy(asc(orders.codConfirmBy));
  return releaseHeldOrders(
    { ...deps, moveLockedItems },
    due.map((row) => row.id),
    (order, items) => {
      if (!order.codConfirmBy || order.codConfirmBy > now || !awaitsCodConfirmation(order, items)) return null;
      return ORDER_MSG.codNotConfirmed(
        Math.round((order.codConfirmBy.getTime() - order.createdAt.getTime()) / HOUR_MS),
      );
    },
    now,
  );
}

/** The expiry's name in the job_runs table. */
export const COD_CONFIRMATION_JOB = 'cod-confirmation-expiry';
const EVERY_MS = 5 * 60 * 1000;

/**
 * The scheduled expiry, now and every five minutes, run by one process of several each period
 * (platform/run-once.ts). The returned function stops it and waits for a run under way.
 */
export function scheduleCodConfirmationExpiry(
  deps: ExpiryDeps,
  onError: (error: unknown) => void,
  everyMs: number = EVERY_MS,
): () => Promise<void> {
  return scheduleAcrossProcesses(
    deps.db,
    { name: COD_CONFIRMATION_JOB, everyMs },
    async () => {
      await expireUnconfirmedCodOrders(deps);
    },
    onError,
  );
}
