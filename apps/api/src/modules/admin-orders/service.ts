import type { AuditAction } from '@bagshop/shared/audit';
import { ORDER_MSG } from '@bagshop/shared/order-messages';
import type { OrderDto } from '@bagshop/shared/order-types';
import { type ItemStatus, PAYMENT_METHOD_LABELS } from '@bagshop/shared/orders';
import { toPaise, toRupees } from '@bagshop/shared/pricing/money';
import type { AdminOrderExportQuery, AdminOrderListQuery, OrderSort } from '@bagshop/shared/schemas/admin-lists';
import type { AdminOrderList, SaveItemStatusInput } from '@bagshop/shared/schemas/admin-orders';
import { and, count, eq, exists, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { orderWithId, textKey } from '../../db/sort.ts';
import { recordAudit } from '../../platform/audit.ts';
import { type CsvCell, csvIndiaTime, csvRupees, csvText, inBatches } from '../../platform/csv-export.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import {
  type ItemMove,
  loadOrderDto,
  loadOrderDtos,
  moveItem,
  type OrderItemRow,
  type OrderRow,
} from '../orders/service.ts';
import { followHandMove } from '../shipping/service.ts';

const ORDER_SORT_KEYS: Record<OrderSort, AnyPgColumn | SQL> = {
  createdAt: orders.createdAt,
  orderId: orders.orderNumber,
  customer: textKey(users.name),
  total: orders.finalPaise,
};

/** Typed text is matched literally (LIKE wildcards lose their meaning). */
function orderFilter(db: Db, query: AdminOrderExportQuery): SQL | undefined {
  const filters: SQL[] = [];
  const term = query.searchTerm?.trim();
  if (term) {
    const pattern = containsPattern(term);
    filters.push(
      or(ilike(orders.orderNumber, pattern), ilike(users.name, pattern), ilike(users.email, pattern)) as SQL,
    );
  }
  if (query.status) {
    const withStatus = db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orders.id), eq(orderItems.status, query.status)));
    filters.push(exists(withStatus));
  }
  return filters.length > 0 ? and(...filters) : undefined;
}

/** The orders of one page of the list, in the list's order. */
async function sortedOrders(db: Db, query: AdminOrderExportQuery, offset: number, size: number): Promise<OrderDto[]> {
  const page = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(users, eq(orders.userId, users.id))
    .where(orderFilter(db, query))
    .orderBy(...orderWithId(ORDER_SORT_KEYS[query.sort], orders.id, query.dir))
    .limit(size)
    .offset(offset);
  if (page.length === 0) return [];
  const ids = page.map((r) => r.id);
  const byId = new Map((await loadOrderDtos(db, inArray(orders.id, ids))).map((o) => [o._id, o]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Newest first unless sorted otherwise, 6, 25, 50 or 100 a page. */
export async function listOrders(db: Db, query: AdminOrderListQuery): Promise<AdminOrderList> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(orders)
    .innerJoin(users, eq(orders.userId, users.id))
    .where(orderFilter(db, query));
  const list = await sortedOrders(db, query, (query.page - 1) * query.limit, query.limit);
  return { orders: list, total, page: query.page, pages: Math.max(1, Math.ceil(total / query.limit)) };
}

export const ORDER_CSV_HEADER = [
  'Order',
  'Date (India time)',
  'Customer',
  'Email',
  'Items',
  'Payment method',
  'Payment status',
  'Status',
  'Total (₹)',
] as const;

/** Every order the list's search, status and sort select, in batches, as CSV rows (docs/decisions/029-admin-lists.md). */
export async function* adminOrderCsvRows(db: Db, query: AdminOrderExportQuery): AsyncGenerator<CsvCell[][]> {
  for await (const batch of inBatches((offset, size) => sortedOrders(db, query, offset, size), 200)) {
    yield batch.map((o) => [
      o.orderId,
      csvIndiaTime(new Date(o.createdAt)),
      csvText(o.userId.name),
      csvText(o.userId.email),
      o.items.reduce((sum, item) => sum + item.qty, 0),
      PAYMENT_METHOD_LABELS[o.paymentMethod],
      o.paymentStatus,
      o.status,
      csvRupees(toPaise(o.finalAmount)),
    ]);
  }
}

export async function getOrder(db: Db, id: string): Promise<OrderDto> {
  const order = await loadOrderDto(db, id);
  if (!order) throw notFound(ORDER_MSG.orderNotFound);
  return order;
}

/** What the desk shows of an item, for the audit log. */
function itemSnapshot(order: OrderRow, item: OrderItemRow) {
  return {
    order: order.orderNumber,
    item: item.name,
    qty: item.qty,
    status: item.status,
    paymentStatus: order.paymentStatus,
    cancelReason: item.cancelReason,
    returnReason: item.returnReason,
    returnRejectReason: item.returnRejectReason,
    refunded: toRupees(item.refundedPaise),
    deliveredAt: item.deliveredAt,
  };
}

function moveAction(from: ItemStatus, to: ItemStatus): AuditAction {
  if (from === 'Return requested') return to === 'Returned' ? 'return-approve' : 'return-reject';
  return 'status';
}

/** Records the desk's move with the item and order as they are after every write of the move. */
function auditMove(adminId: string, to: ItemStatus) {
  return async (tx: Tx, { order, item }: ItemMove) => {
    const [orderAfter] = await tx.select().from(orders).where(eq(orders.id, order.id));
    const [itemAfter] = await tx.select().from(orderItems).where(eq(orderItems.id, item.id));
    await recordAudit(tx, adminId, {
      kind: 'order',
      action: moveAction(item.status, to),
      entityId: order.id,
      summary: `Order ${order.orderNumber} item "${item.name}"`,
      before: itemSnapshot(order, item),
      after: itemSnapshot(orderAfter, itemAfter),
    });
    await followHandMove(tx, item.id, to, new Date());
  };
}

/**
 * The desk's moves (docs/product.md §4): a shipped item Delivered or Returned to seller by hand (its parcel follows),
 * a return approved (Returned) or rejected (Delivered). Items are shipped by booking a parcel (modules/shipping).
 */
export function saveItemStatus(deps: AppDeps, adminId: string, input: SaveItemStatusInput): Promise<OrderDto> {
  return moveItem(deps, {
    orderId: input.id,
    itemId: input.item,
    to: input.status,
    by: 'admin',
    reason: input.reason,
    actorUserId: adminId,
    onMoved: auditMove(adminId, input.status),
  });
}
