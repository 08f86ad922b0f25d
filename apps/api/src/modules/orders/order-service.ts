import { ORDER_MSG } from '@bagshop/shared/order-messages';
import type { OrderDto } from '@bagshop/shared/order-types';
import type { VerifyPaymentInput } from '@bagshop/shared/schemas/orders';
import { and, eq, exists, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import type { CurrentUser } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { verifyOrderPayment } from '../payments/service.ts';
import { loadOrderDto, loadOrderDtos } from './order-view.ts';

/** The shopper's orders, newest first; the search matches the order number or an item's name. */
export async function myOrders(db: Db, userId: string, searchTerm?: string): Promise<OrderDto[]> {
  const term = searchTerm?.trim();
  const search = term
    ? or(
        ilike(orders.orderNumber, containsPattern(term)),
        exists(
          db
            .select({ one: orderItems.id })
            .from(orderItems)
            .where(and(eq(orderItems.orderId, orders.id), ilike(orderItems.name, containsPattern(term)))),
        ),
      )
    : undefined;
  return loadOrderDtos(db, and(eq(orders.userId, userId), search));
}

/** One order: its owner's, or any for an admin; anything else is not found. */
export async function orderFor(db: Db, user: CurrentUser, orderId: string): Promise<OrderDto> {
  const dto = await loadOrderDto(db, orderId);
  if (!dto || (dto.userId._id !== user.id && !user.isAdmin)) throw notFound(ORDER_MSG.orderNotFound);
  return dto;
}

/**
 * verify-payment and verify-retry-payment: the payments module checks and applies the checkout's signed result (or
 * refuses it, or refunds a payment the order no longer waits for); the answer is the order as it now stands.
 */
export async function confirmOrderPayment(
  deps: Pick<AppDeps, 'db' | 'realtime' | 'payments' | 'metrics'>,
  userId: string,
  input: VerifyPaymentInput,
): Promise<OrderDto> {
  await verifyOrderPayment(deps, userId, input);
  const dto = await loadOrderDto(deps.db, input.orderId);
  if (!dto) throw notFound(ORDER_MSG.orderNotFound);
  return dto;
}
