import { ORDER_MSG } from '@bagshop/shared/order-messages';
import type { OrderDto } from '@bagshop/shared/order-types';
import {
  canMoveItem,
  GONE_ITEM_STATUSES,
  type ItemActor,
  type ItemStatus,
  isPaidFor,
  NEVER_PAID_COD,
  RETURN_WINDOW_DAYS,
  type WalletTransactionType,
} from '@bagshop/shared/orders';
import { invoiceLineFigures } from '@bagshop/shared/pricing/invoice';
import { addPaise, asPaise, type Paise, sumPaise } from '@bagshop/shared/pricing/money';
import { itemRefund } from '@bagshop/shared/pricing/refunds';
import type { StockReason } from '@bagshop/shared/stock';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { itemsOf, lockOrder } from '../../db/order-rows.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import { addPaidOrderToSales, moveSalesWithItem } from '../insight/service.ts';
import { issueCreditNote, issueInvoice } from '../invoicing/service.ts';
import { enqueueMail } from '../mail-outbox/service.ts';
import { markOrderPaid, moveOrderPaymentStatus } from '../payments/service.ts';
import { changeStock } from '../stock-ledger/service.ts';
import { credit } from '../wallet/service.ts';
import { loadOrderDto, type OrderItemRow, type OrderRow } from './order-view.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const orderNotFound = () => notFound(ORDER_MSG.orderNotFound);

/** The ledger's reason for units an item's move puts back on the shelf (docs/decisions/049-stock-ledger.md). */
const RESTOCK_REASON: Partial<Record<ItemStatus, StockReason>> = {
  Cancelled: 'cancellation',
  Returned: 'return',
  'Returned to seller': 'return-to-seller',
};

/**
 * Puts the units of an event's moved items back on the shelf, one ledger row per product and reason: made by the
 * signed-in person who moved them (the shopper of the order when they did), else by nobody (a payment window ending,
 * a courier's update). Last in the event's transaction: a checkout locks the wallet and the day's sales before the
 * products, and so must a cancel or a return, or each waits on the other.
 */
async function restoreStock(tx: Tx, order: OrderRow, moves: readonly MovedItem[]): Promise<void> {
  const byReason = new Map<StockReason, MovedItem[]>();
  for (const moved of moves) {
    const reason = RESTOCK_REASON[moved.step.to];
    if (reason) byReason.set(reason, [...(byReason.get(reason) ?? []), moved]);
  }
  for (const [reason, restocked] of byReason) {
    const { step } = restocked[0];
    await changeStock(
      tx,
      restocked.map(({ item }) => ({ productId: item.productId, delta: item.qty })),
      { reason, actorId: step.actorUserId ?? (step.by === 'customer' ? order.userId : null), orderId: order.id },
    );
  }
}

export interface MoveItemInput {
  orderId: string;
  itemId: string;
  to: ItemStatus;
  by: ItemActor;
  reason?: string;
  /** The signed-in user; a customer may only move items of their own orders. */
  actorUserId: string;
  /** Runs inside the move's transaction, after every write, with the rows as they were before the move. */
  onMoved?: (tx: Tx, moved: ItemMove) => Promise<void>;
}

export interface ItemMove {
  order: OrderRow;
  item: OrderItemRow;
}

const REFUND_TYPE: Partial<Record<ItemStatus, WalletTransactionType>> = {
  Cancelled: 'Order Cancelled',
  Returned: 'Order Returned',
  // A parcel that came back undelivered is refunded as a cancellation is (docs/decisions/039-shipping.md).
  'Returned to seller': 'Order Cancelled',
};

type ItemStep = Pick<MoveItemInput, 'itemId' | 'to' | 'by' | 'reason'> & { actorUserId?: string };

function reasonFields(input: ItemStep, from: ItemStatus, now: Date): Partial<OrderItemRow> {
  const reason = input.reason?.trim() ?? '';
  if (input.to === 'Cancelled') {
    if (!reason) throw validationError({ cancelReason: ORDER_MSG.cancelReasonRequired });
    return { cancelReason: reason };
  }
  if (input.to === 'Return requested') {
    if (!reason) throw validationError({ returnReason: ORDER_MSG.returnReasonRequired });
    return { returnReason: reason };
  }
  if (from === 'Return requested' && input.to === 'Delivered') {
    if (!reason) throw validationError({ reason: ORDER_MSG.rejectReasonRequired });
    return { returnRejectReason: reason };
  }
  if (input.to === 'Delivered') return { deliveredAt: now };
  return {};
}

/**
 * The shopper's mail about one item's move, queued in the move's transaction. Moves that can happen again to the same
 * item (a return asked for again after a rejection) carry their time in the key; the others happen once per item.
 */
async function enqueueItemMail(tx: Tx, order: OrderRow, moved: MovedItem, now: Date): Promise<void> {
  const { item, step } = moved;
  const ids = { orderId: order.id, itemId: item.id };
  const to = { userId: order.userId };
  const reason = step.reason?.trim() ?? '';
  const refundedPaise = moved.changes.refundedPaise ?? asPaise(0);
  if (step.to === 'Shipped') return enqueueMail(tx, `item-shipped:${item.id}`, to, 'item-shipped', ids);
  if (step.to === 'Returned') {
    return enqueueMail(tx, `return-approved:${item.id}`, to, 'return-approved', { ...ids, refundedPaise });
  }
  if (step.to === 'Returned to seller') {
    return enqueueMail(tx, `returned-to-seller:${item.id}`, to, 'returned-to-seller', { ...ids, refundedPaise });
  }
  const at = now.getTime();
  if (step.to === 'Return requested') {
    return enqueueMail(tx, `return-requested:${item.id}:${at}`, to, 'return-requested', { ...ids, reason });
  }
  if (step.to === 'Delivered' && item.status === 'Return requested') {
    return enqueueMail(tx, `return-rejected:${item.id}:${at}`, to, 'return-rejected', { ...ids, reason });
  }
  if (step.to === 'Delivered') return enqueueMail(tx, `item-delivered:${item.id}`, to, 'item-delivered', ids);
}

/**
 * The shopper's mail about one event's moves: items cancelled together (an unpaid order's payment window ending)
 * make one mail naming them all, with their refunds added up; every other move its own mail. A cancel mail's key is
 * its first item's: each item is cancelled once, so the key names the event.
 */
async function enqueueMovesMail(tx: Tx, order: OrderRow, moves: readonly MovedItem[], now: Date): Promise<void> {
  const cancelsByReason = new Map<string, MovedItem[]>();
  for (const moved of moves) {
    if (moved.step.to !== 'Cancelled') {
      await enqueueItemMail(tx, order, moved, now);
      continue;
    }
    const reason = moved.step.reason?.trim() ?? '';
    cancelsByReason.set(reason, [...(cancelsByReason.get(reason) ?? []), moved]);
  }
  for (const [reason, cancels] of cancelsByReason) {
    await enqueueMail(tx, `item-cancelled:${cancels[0].item.id}`, { userId: order.userId }, 'item-cancelled', {
      orderId: order.id,
      itemIds: cancels.map((c) => c.item.id),
      reason,
      refundedPaise: sumPaise(cancels.map((c) => c.changes.refundedPaise ?? asPaise(0))),
    });
  }
}

type MovedItem = { item: OrderItemRow; step: ItemStep; changes: Partial<OrderItemRow> };

/**
 * One item's move inside a transaction that holds the order's lock (`order` and `items` as read under it): the
 * transition table, the return window, the refund to the wallet and the order's payment status. Its stock restore
 * and its mail are left to the caller.
 */
async function moveOneLocked(
  tx: Tx,
  order: OrderRow,
  items: readonly OrderItemRow[],
  step: ItemStep,
  now: Date,
): Promise<{ items: OrderItemRow[]; paid: boolean; moved: MovedItem }> {
  const item = items.find((i) => i.id === step.itemId);
  if (!item) throw notFound(ORDER_MSG.itemNotFound);
  if (!canMoveItem(item.status, step.to, step.by)) {
    throw new AppError('CONFLICT', ORDER_MSG.cannotMove(item.status, step.to));
  }
  if (step.to === 'Return requested') {
    const deadline = (item.deliveredAt?.getTime() ?? 0) + RETURN_WINDOW_DAYS * DAY_MS;
    if (now.getTime() > deadline) throw new AppError('CONFLICT', ORDER_MSG.returnWindowOver);
  }
  const changes: Partial<OrderItemRow> = {
    status: step.to,
    updatedAt: now,
    ...reasonFields(step, item.status, now),
  };

  const refundType = REFUND_TYPE[step.to];
  if (refundType) {
    if (isPaidFor(order, step.to)) {
      // What is left of the order keeps paying for what it still earns (docs/decisions/035-refunds-keep-what-was-earned.md).
      const { amountPaise, ...figures } = itemRefund(order, items, item.id);
      changes.refundFigures = figures;
      if (amountPaise > 0) {
        await credit(tx, {
          userId: order.userId,
          amountPaise,
          type: refundType,
          description: `${refundType}: ${item.name} × ${item.qty} (${order.orderNumber})`,
          orderId: order.id,
          orderItemId: item.id,
        });
        changes.refundedPaise = amountPaise;
        await issueCreditNote(tx, { orderId: order.id, orderItemId: item.id, amountPaise, at: now });
      }
    } else if (order.paymentMethod === 'cod') {
      // Invoiced when its goods left but never paid for (cancelled, or refused at the door): its invoice line is
      // reversed by a credit note and nothing is refunded (docs/decisions/042-gst-on-what-is-paid.md).
      await issueCreditNote(tx, {
        orderId: order.id,
        orderItemId: item.id,
        amountPaise: unpaidLineValue(order, items, item.id),
        at: now,
      });
    }
  }
  await tx.update(orderItems).set(changes).where(eq(orderItems.id, item.id));
  if (step.to === 'Shipped' && order.paymentMethod === 'cod') {
    // CGST Act s. 31(1)(a): the tax invoice is issued at the removal of the goods, so with the first parcel.
    await issueInvoice(tx, order.id, now);
  }

  const after = items.map((i) => (i.id === item.id ? { ...i, ...changes } : i));
  await moveSalesWithItem(tx, order, items, after);
  const allGone = after.every((i) => GONE_ITEM_STATUSES.has(i.status));
  let paid = false;
  if (allGone && order.paymentStatus === 'Paid' && after.some((i) => i.refundedPaise > 0)) {
    await moveOrderPaymentStatus(tx, order.id, { from: 'Paid', to: 'Refunded' });
  } else if (order.paymentMethod === 'cod' && codSettled(step.to, after)) {
    // Cash was collected at the door for everything that was delivered.
    paid = await markOrderPaid(tx, order.id, cashCollectedAt(after, now));
    if (paid) await issueInvoice(tx, order.id, now);
    if (paid) await addPaidOrderToSales(tx, order.id);
  } else {
    await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, order.id));
  }
  return { items: after, paid, moved: { item, step, changes } };
}

/**
 * A cash-on-delivery order is settled by the move that leaves every item delivered or gone unpaid (cancelled, refused
 * at the door) with at least one delivered: the last delivery, or a cancellation or refusal after it.
 */
function codSettled(to: ItemStatus, after: readonly OrderItemRow[]): boolean {
  return (
    (to === 'Delivered' || NEVER_PAID_COD.has(to)) &&
    after.some((i) => i.status === 'Delivered') &&
    after.every((i) => NEVER_PAID_COD.has(i.status) || i.status === 'Delivered')
  );
}

/** When the cash of a settled cash-on-delivery order was taken: its last delivery. */
function cashCollectedAt(after: readonly OrderItemRow[], now: Date): Date {
  const times = after.filter((i) => i.status === 'Delivered').map((i) => (i.deliveredAt ?? now).getTime());
  return new Date(Math.max(...times));
}

/** An unpaid cash-on-delivery item's invoice line, with the delivery charge when no other item is left to carry it. */
function unpaidLineValue(order: OrderRow, items: readonly OrderItemRow[], itemId: string): Paise {
  const line = invoiceLineFigures(order, items).find((l) => l.itemId === itemId);
  if (!line) throw new Error(`Item ${itemId} is not part of the order`);
  const othersLive = items.some((i) => i.id !== itemId && !GONE_ITEM_STATUSES.has(i.status));
  return othersLive ? line.amountPaise : addPaise(line.amountPaise, order.shippingPaise);
}

/**
 * Several items of one order moved as one event, inside a transaction that holds the order's lock (`order` and
 * `items` as read under it), one after the other as `moveLockedItem` would; the shopper gets one mail per event,
 * not one per item (items cancelled together are named in one mail). Returns the order's items after the moves and
 * whether a move paid the order.
 */
export async function moveLockedItems(
  tx: Tx,
  order: OrderRow,
  items: readonly OrderItemRow[],
  steps: readonly ItemStep[],
  now: Date,
): Promise<{ items: OrderItemRow[]; paid: boolean }> {
  let current = [...items];
  let paid = false;
  const moves: MovedItem[] = [];
  for (const step of steps) {
    const result = await moveOneLocked(tx, order, current, step, now);
    current = result.items;
    paid ||= result.paid;
    moves.push(result.moved);
  }
  await restoreStock(tx, order, moves);
  await enqueueMovesMail(tx, order, moves, now);
  return { items: current, paid };
}

/** One item's move (see `moveLockedItems`) with its mail. */
export function moveLockedItem(
  tx: Tx,
  order: OrderRow,
  items: readonly OrderItemRow[],
  step: ItemStep,
  now: Date,
): Promise<{ items: OrderItemRow[]; paid: boolean }> {
  return moveLockedItems(tx, order, items, [step], now);
}

/**
 * The one way an item changes status (docs/product.md §4), for customers and the admin desk alike: the move happens
 * in one transaction under the order's lock; the live event follows the commit.
 */
export async function moveItem(deps: Pick<AppDeps, 'db' | 'realtime'>, input: MoveItemInput): Promise<OrderDto> {
  const now = new Date();
  const { ownerId, paid } = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order || (input.by === 'customer' && order.userId !== input.actorUserId)) throw orderNotFound();
    const items = await itemsOf(tx, order.id);
    const moved = await moveLockedItem(tx, order, items, input, now);
    const item = items.find((i) => i.id === input.itemId) as OrderItemRow;
    await input.onMoved?.(tx, { order, item });
    return { ownerId: order.userId, paid: moved.paid };
  });
  deps.realtime.orderStatusUpdated({ orderId: input.orderId, itemId: input.itemId, status: input.to }, ownerId);
  if (paid) deps.realtime.orderPaid(input.orderId);
  const dto = await loadOrderDto(deps.db, input.orderId);
  if (!dto) throw orderNotFound();
  return dto;
}
