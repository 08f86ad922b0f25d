import { type Color, MAX_UNITS_PER_LINE } from '@bagshop/shared/catalogue';
import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { CartDto, CartLineDto } from '@bagshop/shared/catalogue-types';
import { afterOffersOf, cartSummary } from '@bagshop/shared/pricing/cart';
import { toPaise, toRupees } from '@bagshop/shared/pricing/money';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { cartItems, products } from '../../db/schema/catalogue.ts';
import { AppError } from '../../platform/errors.ts';
import { appliedCouponFor, putCouponOnCart, takeCouponOffCart } from '../coupons/service.ts';
import { findProducts, isAvailable, type ProductWithRelations, priceOf } from '../products/service.ts';

const lineNotFound = () => new AppError('NOT_FOUND', CATALOGUE_MSG.cartLineNotFound);

/**
 * Locks the product row, so every change to any cart line of this product waits its turn:
 * parallel requests cannot together pass the 5-per-line and stock caps.
 */
async function lockedProduct(tx: Tx, productId: string): Promise<ProductWithRelations> {
  await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
  const [row] = await findProducts(tx, eq(products.id, productId));
  if (!row || row.product.deletedAt) throw new AppError('NOT_FOUND', CATALOGUE_MSG.productNotFound);
  if (!isAvailable(row)) throw new AppError('CONFLICT', CATALOGUE_MSG.productUnavailable);
  return row;
}

/** 1 ≤ qty ≤ min(5, stock), with the message telling which cap was hit. */
function checkCaps(qty: number, stock: number) {
  if (qty > MAX_UNITS_PER_LINE) throw new AppError('CONFLICT', CATALOGUE_MSG.maxFivePerLine);
  if (qty > stock) throw new AppError('CONFLICT', CATALOGUE_MSG.outOfStock);
}

export async function addToCart(db: Db, userId: string, productId: string, qty: number): Promise<CartDto> {
  await db.transaction(async (tx) => {
    const row = await lockedProduct(tx, productId);
    const [line] = await tx
      .select({ id: cartItems.id, qty: cartItems.qty })
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
    const wanted = (line?.qty ?? 0) + qty;
    checkCaps(wanted, row.product.quantity);
    if (line) await tx.update(cartItems).set({ qty: wanted }).where(eq(cartItems.id, line.id));
    else await tx.insert(cartItems).values({ userId, productId, qty: wanted });
  });
  return cartOf(db, userId);
}

export async function updateCartLine(db: Db, userId: string, lineId: string, qty: number): Promise<CartDto> {
  if (!isUuid(lineId)) throw lineNotFound();
  await db.transaction(async (tx) => {
    const [line] = await tx
      .select({ productId: cartItems.productId })
      .from(cartItems)
      .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)));
    if (!line) throw lineNotFound();
    const row = await lockedProduct(tx, line.productId);
    checkCaps(qty, row.product.quantity);
    const updated = await tx
      .update(cartItems)
      .set({ qty })
      .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)))
      .returning({ id: cartItems.id });
    if (!updated.length) throw lineNotFound();
  });
  return cartOf(db, userId);
}

export async function removeCartLine(db: Db, userId: string, lineId: string): Promise<CartDto> {
  if (!isUuid(lineId)) throw lineNotFound();
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (!removed.length) throw lineNotFound();
  return cartOf(db, userId);
}

/** The cart priced by the shared pricing module; lines no longer for sale are shown but not counted. */
export async function cartOf(db: Db, userId: string): Promise<CartDto> {
  const lines = await db
    .select()
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const rows = lines.length
    ? await findProducts(
        db,
        inArray(
          products.id,
          lines.map((l) => l.productId),
        ),
      )
    : [];
  const byId = new Map(rows.map((r) => [r.product.id, r]));
  const now = new Date();
  const priced = lines.flatMap((line) => {
    const row = byId.get(line.productId);
    return row ? [{ line, row, price: priceOf(row, now), available: isAvailable(row) }] : [];
  });
  const carts: CartLineDto[] = priced.map(({ line, row, price, available }) => ({
    _id: line.id,
    productId: row.product.id,
    name: row.product.name,
    image: row.product.images[0]?.thumb ?? '',
    color: row.product.color as Color,
    price: toRupees(price.pricePaise),
    discount: toRupees(price.discountPaise),
    qty: line.qty,
    originalQuantity: row.product.quantity,
    available,
  }));
  const counted = priced
    .filter((p) => p.available)
    .map((p) => ({ pricePaise: p.price.pricePaise, discountPaise: p.price.discountPaise, qty: p.line.qty }));
  const afterOffers = afterOffersOf(counted);
  const coupon = await appliedCouponFor(db, userId, afterOffers);
  const summary = cartSummary(counted, coupon?.terms);
  return {
    carts,
    summary: {
      totalPrice: toRupees(summary.totalPrice),
      discount: toRupees(summary.discount),
      tax: toRupees(summary.tax),
      shipping: toRupees(summary.shipping),
      couponDiscount: toRupees(summary.couponDiscount),
      final: toRupees(summary.final),
    },
    ...(coupon ? { coupon: coupon.view } : {}),
  };
}

/** Stores the coupon on the shopper's cart when it can be used on this cart now, and answers the cart priced with it. */
export async function applyCoupon(db: Db, userId: string, code: string): Promise<CartDto> {
  const cart = await cartOf(db, userId);
  await putCouponOnCart(db, userId, code, toPaise(cart.summary.totalPrice - cart.summary.discount));
  return cartOf(db, userId);
}

export async function removeCoupon(db: Db, userId: string): Promise<CartDto> {
  await takeCouponOffCart(db, userId);
  return cartOf(db, userId);
}
