import { refundNotes } from '@bagshop/shared/order-messages';
import type { OrderDto } from '@bagshop/shared/order-types';
import { isPaidFor, orderStatusOf } from '@bagshop/shared/orders';
import { addPaise, type Paise, toRupees, ZERO_PAISE } from '@bagshop/shared/pricing/money';
import { itemRefund } from '@bagshop/shared/pricing/refunds';
import { and, asc, desc, eq, inArray, type SQL, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { creditNotes } from '../../db/schema/invoices.ts';
import { orderItems, orders, payments } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { canRetryPayment, expiresAtOf } from '../payments/service.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

type CardRefund = OrderDto['cardRefund'];

type Owner = { id: string; name: string; email: string; phone: string };

/**
 * What the item would refund if it left the order now (cancelled while pending, returned once delivered), with the
 * reasons for anything kept back: shown before the shopper confirms. Null when nothing was paid for it yet.
 */
function refundPreviewOf(order: OrderRow, items: readonly OrderItemRow[], item: OrderItemRow) {
  const leaving = item.status === 'Pending' ? 'Cancelled' : 'Returned';
  const canLeave = item.status === 'Pending' || item.status === 'Delivered' || item.status === 'Return requested';
  if (!canLeave || !isPaidFor(order, leaving)) return null;
  const refund = itemRefund(order, items, item.id);
  return { amount: toRupees(refund.amountPaise), notes: refundNotes(order, refund) };
}

export function toOrderDto(
  order: OrderRow,
  items: OrderItemRow[],
  owner: Owner,
  now: Date = new Date(),
  cardRefund: CardRefund = null,
  creditNotes: OrderDto['creditNotes'] = [],
): OrderDto {
  const expiresAt = expiresAtOf(order);
  return {
    _id: order.id,
    orderId: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    userId: { _id: owner.id, name: owner.name, email: owner.email, phone: owner.phone },
    shippingPrice: toRupees(order.shippingPaise),
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    couponDiscount: toRupees(order.couponDiscountPaise),
    totalDiscount: toRupees(order.totalDiscountPaise),
    tax: toRupees(order.taxPaise),
    totalPrice: toRupees(order.totalPricePaise),
    finalAmount: toRupees(order.finalPaise),
    shippingAddress: order.shippingAddress,
    status: orderStatusOf(items),
    items: items.map((i) => ({
      _id: i.id,
      product: { _id: i.productId, name: i.name, color: i.color, price: toRupees(i.pricePaise), pdImage: [i.image] },
      qty: i.qty,
      discount: toRupees(i.discountPaise),
      status: i.status,
      cancelReason: i.cancelReason,
      returnReason: i.returnReason,
      returnRejectReason: i.returnRejectReason,
      refunded: toRupees(i.refundedPaise),
      refundNotes: refundNotes(order, i.refundFigures),
      refundPreview: refundPreviewOf(order, items, i),
      deliveredAt: i.deliveredAt?.toISOString() ?? null,
    })),
    canRetryPayment: canRetryPayment(order, items, now),
    expiresAt: expiresAt && expiresAt > now ? expiresAt.toISOString() : null,
    cardRefund,
    invoiceNumber: order.invoiceNumber,
    creditNotes,
    codConfirmation: codConfirmationOf(order, items),
    shipments: [],
  };
}

/**
 * A cash-on-delivery order waits for the shopper's confirmation while it is not confirmed, not expired and none of
 * its items has moved past Pending (docs/decisions/036-cod-and-order-limits.md).
 */
export function awaitsCodConfirmation(order: OrderRow, items: readonly OrderItemRow[]): boolean {
  return (
    order.codConfirmBy !== null &&
    order.codConfirmedAt === null &&
    order.expiredAt === null &&
    items.some((i) => i.status === 'Pending') &&
    items.every((i) => i.status === 'Pending' || i.status === 'Cancelled')
  );
}

function codConfirmationOf(order: OrderRow, items: readonly OrderItemRow[]): OrderDto['codConfirmation'] {
  if (!order.codConfirmBy) return null;
  return {
    required: awaitsCodConfirmation(order, items),
    confirmedAt: order.codConfirmedAt?.toISOString() ?? null,
    deadline: order.codConfirmBy.toISOString(),
  };
}

/** Orders matching `where` as the API shows them, newest first, with their items and owner. */
export async function loadOrderDtos(db: DbOrTx, where: SQL | undefined): Promise<OrderDto[]> {
  const rows = await db
    .select({ order: orders, owner: { id: users.id, name: users.name, email: users.email, phone: users.phone } })
    .from(orders)
    .innerJoin(users, eq(orders.userId, users.id))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.order.id),
      ),
    )
    .orderBy(asc(orderItems.name), asc(orderItems.id));
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  const refunds = await cardRefundsOf(
    db,
    rows.map((r) => r.order.id),
  );
  const notes = await creditNotesOf(
    db,
    rows.map((r) => r.order.id),
  );
  const now = new Date();
  return rows.map((r) =>
    toOrderDto(
      r.order,
      byOrder.get(r.order.id) ?? [],
      r.owner,
      now,
      refunds.get(r.order.id) ?? null,
      notes.get(r.order.id) ?? [],
    ),
  );
}

/** The credit notes of each order, oldest first. */
async function creditNotesOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, OrderDto['creditNotes']>> {
  const rows = await db
    .select()
    .from(creditNotes)
    .where(inArray(creditNotes.orderId, orderIds))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.number));
  const byOrder = new Map<string, OrderDto['creditNotes']>();
  for (const row of rows) {
    const note = {
      _id: row.id,
      number: row.number,
      itemId: row.orderItemId,
      amount: toRupees(row.amountPaise),
      issuedAt: row.issuedAt.toISOString(),
    };
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), note]);
  }
  return byOrder;
}

/** Card payments handed back through the provider, per order: their sum and whether one is still on its way. */
async function cardRefundsOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, NonNullable<CardRefund>>> {
  const rows = await db
    .select({
      orderId: payments.orderId,
      status: payments.status,
      amountPaise: sum(payments.amountPaise).mapWith(payments.amountPaise),
    })
    .from(payments)
    .where(and(inArray(payments.orderId, orderIds), inArray(payments.status, ['refund_pending', 'refunded'])))
    .groupBy(payments.orderId, payments.status);
  const byOrder = new Map<string, { paise: Paise; pending: boolean }>();
  for (const row of rows) {
    if (!row.orderId) continue;
    const seen = byOrder.get(row.orderId) ?? { paise: ZERO_PAISE, pending: false };
    byOrder.set(row.orderId, {
      paise: addPaise(seen.paise, row.amountPaise),
      pending: seen.pending || row.status === 'refund_pending',
    });
  }
  return new Map([...byOrder].map(([id, r]) => [id, { amount: toRupees(r.paise), pending: r.pending }]));
}

export async function loadOrderDto(db: DbOrTx, orderId: string): Promise<OrderDto | null> {
  if (!isUuid(orderId)) return null;
  const [dto] = await loadOrderDtos(db, eq(orders.id, orderId));
  return dto ?? null;
}
