import type { AuditAction } from '@bagshop/shared/audit';
import { ADMIN_PAGE_SIZE } from '@bagshop/shared/limits';
import { ORDER_MSG } from '@bagshop/shared/order-messages';
import type { OrderDto } from '@bagshop/shared/order-types';
import type { ItemStatus } from '@bagshop/shared/orders';
import { toRupees } from '@bagshop/shared/pricing/money';
import type { AdminOrderList, AdminOrderListQuery, SaveItemStatusInput } from '@bagshop/shared/schemas/admin-orders';
import { and, count, desc, eq, exists, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { recordAudit } from '../../platform/audit.ts';
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

/** Newest first, six a page. Typed text is matched literally (LIKE wildcards lose their meaning). */
export async function listOrders(db: Db, query: AdminOrderListQuery): Promise<AdminOrderList> {
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
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [{ total }] = await db
    .select({ total: count() })
    .from(orders)
    .innerJoin(users, eq(orders.userId, users.id))
    .where(where);
  const page = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(users, eq(orders.userId, users.id))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((query.page - 1) * ADMIN_PAGE_SIZE);
  const list =
    page.length === 0
      ? []
      : await loadOrderDtos(
          db,
          inArray(
            orders.id,
            page.map((r) => r.id),
          ),
        );
  return { orders: list, total, page: query.page, pages: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)) };
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
  };
}

/**
 * The desk's moves (docs/product.md §4): Pending → Shipped → Delivered, a return approved (Returned) or rejected
 * (Delivered).
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
