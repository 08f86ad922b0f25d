import { canMovePaymentStatus, type PaymentStatus } from '@bagshop/shared/orders';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';

/**
 * The one way an order's payment status changes: the move must be in PAYMENT_STATUS_TRANSITIONS (anything else is a
 * bug and throws), applied as a conditional update on the status it moves from. Returns whether this call moved it;
 * false when the order was not in `from` (a replay, or another process was first).
 */
export async function moveOrderPaymentStatus(
  tx: Tx,
  orderId: string,
  move: { from: PaymentStatus; to: PaymentStatus },
  changes: { paidAt?: Date } = {},
): Promise<boolean> {
  if (!canMovePaymentStatus(move.from, move.to)) {
    throw new Error(`An order's payment cannot move from ${move.from} to ${move.to}`);
  }
  const moved = await tx
    .update(orders)
    .set({ ...changes, paymentStatus: move.to, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, move.from)))
    .returning({ id: orders.id });
  return moved.length > 0;
}
