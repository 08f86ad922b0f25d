import { ADMIN_PAGE_SIZE } from '@bagshop/shared/limits';
import { ORDER_MSG } from '@bagshop/shared/order-messages';
import type { OrderDto } from '@bagshop/shared/order-types';
import type { AdminOrderList, AdminOrderListQuery, SaveItemStatusInput } from '@bagshop/shared/schemas/admin-orders';
import { and, count, desc, eq, exists, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { moveItem } from '../orders/order-transitions.ts';
import { loadOrderDto, loadOrderDtos } from '../orders/order-view.ts';

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

/** The desk's moves (spec §4): Pending → Shipped → Delivered, a return approved (Returned) or rejected (Delivered). */
export function saveItemStatus(deps: AppDeps, adminId: string, input: SaveItemStatusInput): Promise<OrderDto> {
  return moveItem(deps, {
    orderId: input.id,
    itemId: input.item,
    to: input.status,
    by: 'admin',
    reason: input.reason,
    actorUserId: adminId,
  });
}
