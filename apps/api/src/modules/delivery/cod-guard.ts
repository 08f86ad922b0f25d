import type { CodEligibility } from '@bagshop/shared/schemas/shipping';
import { COD_RTO_WINDOW_DAYS } from '@bagshop/shared/shipping';
import { SHIPPING_MSG } from '@bagshop/shared/shipping-messages';
import { and, count, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { AppError } from '../../platform/errors.ts';
import { cachedEstimate, type EstimateDeps } from './estimates.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Cash-on-delivery items of the shopper that came back undelivered in the last 180 days. */
export async function codReturnsToSeller(db: DbOrTx, userId: string, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - COD_RTO_WINDOW_DAYS * DAY_MS);
  const [{ n }] = await db
    .select({ n: count() })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentMethod, 'cod'),
        eq(orderItems.status, 'Returned to seller'),
        gt(orderItems.updatedAt, since),
      ),
    );
  return n;
}

/** GET /api/user/cod-eligibility: a shopper with COD_RTO_LIMIT refused parcels is offered card and wallet only. */
export async function codEligibility(db: DbOrTx, limit: number, userId: string): Promise<CodEligibility> {
  const refused = await codReturnsToSeller(db, userId);
  return refused >= limit ? { allowed: false, message: SHIPPING_MSG.codRtoLimit } : { allowed: true, message: null };
}

/**
 * The checkout's delivery check for the address's pincode: a pincode no courier serves is refused, and so is cash on
 * delivery where couriers do not collect it. When the courier service cannot be asked, the order goes ahead: an
 * outage at the courier must not stop the shop selling (the booking will tell).
 */
export async function checkDelivery(deps: EstimateDeps, pincode: string, paymentMethod: string): Promise<void> {
  const estimate = await cachedEstimate(deps, pincode).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'SHIPPING_PROVIDER') return null;
    throw error;
  });
  if (!estimate) return;
  if (!estimate.serviceable) throw new AppError('CONFLICT', SHIPPING_MSG.notServiceable(pincode));
  if (paymentMethod === 'cod' && !estimate.codAvailable) {
    throw new AppError('CONFLICT', SHIPPING_MSG.codNotAvailable(pincode));
  }
}

/** Refuses cash on delivery to a shopper over the refused-parcel limit; read under the checkout lock. */
export async function checkCodAllowed(db: DbOrTx, limit: number, userId: string): Promise<void> {
  if ((await codReturnsToSeller(db, userId)) >= limit) throw new AppError('CONFLICT', SHIPPING_MSG.codRtoLimit);
}
