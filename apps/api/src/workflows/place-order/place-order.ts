import { MAX_UNITS_PER_LINE } from '@bagshop/shared/catalogue';
import { ORDER_MSG } from '@bagshop/shared/order-messages';
import type { PlaceOrderResponse } from '@bagshop/shared/order-types';
import { COD_LIMIT_PAISE, MAX_UNPAID_CARD_ORDERS } from '@bagshop/shared/orders';
import { afterOffersOf, cartSummary } from '@bagshop/shared/pricing/cart';
import type { Paise } from '@bagshop/shared/pricing/money';
import type { PlaceOrderInput } from '@bagshop/shared/schemas/orders';
import { SHOP_SETTINGS_MSG } from '@bagshop/shared/shop-settings';
import { and, asc, count, eq, exists, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cartItems, products } from '../../db/schema/catalogue.ts';
import { type AddressSnapshot, orderItems, orders } from '../../db/schema/orders.ts';
import { addresses } from '../../db/schema/users.ts';
import { appliedCouponFor, redeemCoupon } from '../../modules/coupons/service.ts';
import { addPaidOrderToSales } from '../../modules/insight/service.ts';
import { loadOrderDto, type OrderRow } from '../../modules/orders/service.ts';
import { createCheckoutPayment, markOrderPaid, requireCardPayments } from '../../modules/payments/service.ts';
import { findProducts, isAvailable, type ProductWithRelations, priceOf } from '../../modules/products/service.ts';
import { debit } from '../../modules/wallet/service.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import { newOrderNumber } from './order-number.ts';

interface Line {
  cartId: string;
  qty: number;
  row: ProductWithRelations;
  pricePaise: Paise;
  discountPaise: Paise;
}

const conflict = (message: string) => new AppError('CONFLICT', message);

/** Serialises checkouts of one shopper: a double click places one order, and the card order limit holds. */
async function lockCheckout(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout:${userId}`}, 0))`);
}

/**
 * Locks the products of the cart in id order (no deadlocks between shoppers) and reads the cart again under those
 * locks.
 */
async function lockedCart(tx: Tx, userId: string): Promise<Line[]> {
  const first = await tx.select({ productId: cartItems.productId }).from(cartItems).where(eq(cartItems.userId, userId));
  if (first.length === 0) throw validationError({ cart: ORDER_MSG.cartEmptyOrder });
  const ids = [...new Set(first.map((l) => l.productId))].sort();
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');
  const cart = await tx
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, ids)))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
    .for('update');
  if (cart.length === 0) throw validationError({ cart: ORDER_MSG.cartEmptyOrder });
  const rows = new Map((await findProducts(tx, inArray(products.id, ids))).map((r) => [r.product.id, r]));
  const now = new Date();
  return cart.map((c) => {
    const row = rows.get(c.productId);
    if (!row) throw conflict(ORDER_MSG.unavailable('a removed product'));
    const price = priceOf(row, now);
    return { cartId: c.id, qty: c.qty, row, pricePaise: price.pricePaise, discountPaise: price.discountPaise };
  });
}

function checkLines(lines: readonly Line[]): void {
  for (const { row, qty } of lines) {
    const { name, quantity } = row.product;
    if (!isAvailable(row)) throw conflict(ORDER_MSG.unavailable(name));
    if (quantity <= 0) throw conflict(ORDER_MSG.outOfStock(name));
    if (qty > quantity) throw conflict(ORDER_MSG.onlyLeft(quantity, name));
    if (qty > MAX_UNITS_PER_LINE) throw conflict(ORDER_MSG.maxFivePerLine(name));
  }
}

async function addressOf(tx: Tx, userId: string, addressId: string): Promise<AddressSnapshot> {
  const [a] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  if (!a) throw notFound(ORDER_MSG.addressNotFound);
  const { name, houseName, street, town, state, zipcode, country, phone } = a;
  return { name, houseName, street, town, state, zipcode, country, phone };
}

async function takeStock(tx: Tx, line: Line): Promise<void> {
  const updated = await tx
    .update(products)
    .set({
      quantity: sql`${products.quantity} - ${line.qty}`,
      unitsSold: sql`${products.unitsSold} + ${line.qty}`,
      updatedAt: new Date(),
    })
    .where(and(eq(products.id, line.row.product.id), gte(products.quantity, line.qty)))
    .returning({ id: products.id });
  if (updated.length === 0) throw conflict(ORDER_MSG.outOfStock(line.row.product.name));
}

/**
 * Card orders of the shopper still waiting for payment (they hold stock and coupons). Counted under the shopper's
 * checkout lock, so parallel checkouts cannot both see room for one more.
 */
async function unpaidCardOrders(tx: Tx, userId: string): Promise<number> {
  const liveItem = tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orders.id), ne(orderItems.status, 'Cancelled')));
  const [{ n }] = await tx
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentMethod, 'razorpay'),
        eq(orders.paymentStatus, 'Pending'),
        isNull(orders.expiredAt),
        exists(liveItem),
      ),
    );
  return n;
}

type PlaceDeps = Pick<AppDeps, 'db' | 'realtime' | 'payments' | 'config'>;

/** Everything of placing an order that must happen together or not at all (docs/product.md §11.2). */
async function placeInTransaction(
  tx: Tx,
  config: PlaceDeps['config'],
  userId: string,
  input: PlaceOrderInput,
): Promise<OrderRow> {
  await lockCheckout(tx, userId);
  if (input.paymentMethod === 'razorpay' && (await unpaidCardOrders(tx, userId)) >= MAX_UNPAID_CARD_ORDERS) {
    throw conflict(ORDER_MSG.tooManyUnpaidCardOrders);
  }
  const lines = await lockedCart(tx, userId);
  checkLines(lines);
  const shippingAddress = await addressOf(tx, userId, input.addressId);
  const afterOffers = afterOffersOf(lines);
  // A coupon that stopped applying since it was put on the cart refuses the order with the reason.
  const coupon = await appliedCouponFor(tx, userId, afterOffers);
  if (coupon?.problem) throw conflict(coupon.problem);
  const summary = cartSummary(lines, coupon?.terms);
  if (input.paymentMethod === 'cod' && summary.final > COD_LIMIT_PAISE) {
    throw validationError({ paymentMethod: ORDER_MSG.codLimit });
  }
  const [order] = await tx
    .insert(orders)
    .values({
      orderNumber: newOrderNumber(),
      userId,
      paymentMethod: input.paymentMethod,
      totalPricePaise: summary.totalPrice,
      totalDiscountPaise: summary.discount,
      couponDiscountPaise: summary.couponDiscount,
      taxPaise: summary.tax,
      shippingPaise: summary.shipping,
      finalPaise: summary.final,
      couponId: coupon?.row.id ?? null,
      couponCode: coupon?.row.code ?? null,
      shippingAddress,
      paymentDueAt:
        input.paymentMethod === 'razorpay'
          ? sql`now() + make_interval(mins => ${config.PAYMENT_WINDOW_MINUTES})`
          : null,
    })
    .returning();
  await tx.insert(orderItems).values(
    lines.map((l) => ({
      orderId: order.id,
      productId: l.row.product.id,
      name: l.row.product.name,
      color: l.row.product.color,
      image: l.row.product.images[0]?.large ?? '',
      pricePaise: l.pricePaise,
      discountPaise: l.discountPaise,
      qty: l.qty,
    })),
  );
  for (const line of lines) await takeStock(tx, line);
  if (coupon) await redeemCoupon(tx, { couponId: coupon.row.id, userId, orderId: order.id });
  if (input.paymentMethod === 'wallet') {
    await debit(tx, {
      userId,
      amountPaise: summary.final,
      type: 'Debited',
      description: `Payment for order ${order.orderNumber}`,
      orderId: order.id,
    });
    const paidAt = new Date();
    await markOrderPaid(tx, order.id, paidAt);
    await addPaidOrderToSales(tx, order.id);
    order.paymentStatus = 'Paid';
    order.paidAt = paidAt;
  }
  await tx.delete(cartItems).where(
    inArray(
      cartItems.id,
      lines.map((l) => l.cartId),
    ),
  );
  return order;
}

/**
 * POST /api/orders: the order is placed in one transaction; a card order then gets its provider order (outside the
 * transaction: no network call holds row locks).
 */
export async function placeOrder(deps: PlaceDeps, userId: string, input: PlaceOrderInput): Promise<PlaceOrderResponse> {
  // Refused before anything is taken: without a provider a card order could never be paid.
  if (input.paymentMethod === 'razorpay') {
    requireCardPayments(deps, { paymentMethod: SHOP_SETTINGS_MSG.cardPaymentsOff });
  }
  const order = await deps.db.transaction((tx) => placeInTransaction(tx, deps.config, userId, input));
  if (order.paymentStatus === 'Paid') deps.realtime.orderPaid(order.id);
  const payment = order.paymentMethod === 'razorpay' ? await createCheckoutPayment(deps, order) : undefined;
  const dto = await loadOrderDto(deps.db, order.id);
  if (!dto) throw notFound(ORDER_MSG.orderNotFound);
  return payment ? { order: dto, payment } : { order: dto };
}
