import { type Color, MAX_UNITS_PER_LINE } from '@bagshop/shared/catalogue';
import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { CartDto, CartLineDto } from '@bagshop/shared/catalogue-types';
import type { TaxBasis } from '@bagshop/shared/pricing/cart';
import { afterOffersOf, cartSummary } from '@bagshop/shared/pricing/cart';
import { toPaise, toRupees } from '@bagshop/shared/pricing/money';
import { and, asc, eq, sql } from 'drizzle-orm';
import { builtOncePerDb } from '../../db/built-once.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { preparedStatement } from '../../db/prepared-statement.ts';
import { cartItems, products } from '../../db/schema/catalogue.ts';
import { columnName as column } from '../../db/table-rows.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { appliedCouponFor, hasCouponOnCart, putCouponOnCart, takeCouponOffCart } from '../coupons/service.ts';
import {
  availableSql,
  isAvailable,
  type ProductWithRelations,
  priceOf,
  selectProductsWith,
} from '../products/service.ts';

const lineNotFound = () => new AppError('NOT_FOUND', CATALOGUE_MSG.cartLineNotFound);

/**
 * The cart's reads, built once per database handle and prepared on each connection: building a query with its joins
 * costs more than running it.
 */
/** What pricing a cart needs: the database and how listed prices are read (PRICES_INCLUDE_GST). */
export interface CartDeps {
  db: Db;
  basis: TaxBasis;
}

export const cartDepsOf = ({ db, config }: Pick<AppDeps, 'db' | 'config'>): CartDeps => ({
  db,
  basis: { pricesIncludeGst: config.PRICES_INCLUDE_GST },
});

function prepareCartQueries(db: Db) {
  return {
    product: selectProductsWith(db, {})
      .where(eq(products.id, sql.placeholder('productId')))
      .prepare('cart_product'),
    lines: selectProductsWith(db, { line: cartItems, hasCoupon: hasCouponOnCart(cartItems.userId) })
      .innerJoin(cartItems, eq(cartItems.productId, products.id))
      .where(eq(cartItems.userId, sql.placeholder('userId')))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
      .prepare('cart_lines'),
  };
}

/**
 * Puts `qty` units of a bag for sale in the shopper's cart, or adds them to its line, only while the line stays within
 * min(5, stock): the product is read by the statement that writes the line (one round trip; docs/decisions/021-order-
 * hot-path.md). No row when the bag is not for sale or a cap would be passed.
 */
const addToLine = preparedStatement<{ id: string }>(
  'cart_add_to_line',
  sql`insert into ${cartItems} (${column(cartItems.userId)}, ${column(cartItems.productId)}, ${column(cartItems.qty)})
    select ${sql.placeholder('userId')}::uuid, ${products.id}, ${sql.placeholder('qty')}::int
    from ${products}
    where ${products.id} = ${sql.placeholder('productId')}::uuid and ${availableSql}
      and ${sql.placeholder('qty')}::int <= least(${MAX_UNITS_PER_LINE}::int, ${products.quantity})
    on conflict (${column(cartItems.userId)}, ${column(cartItems.productId)}) do update
      set ${column(cartItems.qty)} = ${cartItems.qty} + excluded.${column(cartItems.qty)}
      where ${cartItems.qty} + excluded.${column(cartItems.qty)} <= least(
        ${MAX_UNITS_PER_LINE}::int,
        (select ${products.quantity} from ${products} where ${products.id} = excluded.${column(cartItems.productId)})
      )
    returning ${cartItems.id}`,
);

const cartQueries = builtOncePerDb(prepareCartQueries);

/** The product of a cart change, refused when it is gone or not for sale. */
function sellable(row: ProductWithRelations | undefined): ProductWithRelations {
  if (!row || row.product.deletedAt) throw new AppError('NOT_FOUND', CATALOGUE_MSG.productNotFound);
  if (!isAvailable(row)) throw new AppError('CONFLICT', CATALOGUE_MSG.productUnavailable);
  return row;
}

/** 1 ≤ qty ≤ min(5, stock), with the message naming the cap that was hit: the stock when it is below five. */
function checkCaps(qty: number, stock: number) {
  if (qty <= Math.min(MAX_UNITS_PER_LINE, stock)) return;
  if (stock <= 0) throw new AppError('CONFLICT', CATALOGUE_MSG.outOfStock);
  if (stock < MAX_UNITS_PER_LINE) throw new AppError('CONFLICT', CATALOGUE_MSG.onlyInStock(stock));
  throw new AppError('CONFLICT', CATALOGUE_MSG.maxFivePerLine);
}

/**
 * Adds without a transaction or a product lock: one conditional upsert that reads the product too. Parallel adds to
 * one line queue on that line's row, and each is counted only while the line stays within min(5, stock), so together
 * they cannot pass the caps. A bag everyone buys is not locked by putting it in a cart.
 */
export async function addToCart(cart: CartDeps, userId: string, productId: string, qty: number): Promise<CartDto> {
  const { db } = cart;
  const [added] = await addToLine(db, { userId, productId, qty });
  if (!added) await refuseAdd(db, userId, productId, qty);
  return cartOf(cart, userId);
}

/** Throws why the bag was not put in the cart: gone, not for sale, or the cap its line would pass. */
async function refuseAdd(db: Db, userId: string, productId: string, qty: number): Promise<never> {
  const [found] = await cartQueries(db).product.execute({ productId });
  const stock = sellable(found).product.quantity;
  checkCaps(qty, stock);
  const [line] = await db
    .select({ qty: cartItems.qty })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
  checkCaps((line?.qty ?? 0) + qty, stock);
  // The stock or the line changed since the statement ran.
  throw new AppError('CONFLICT', CATALOGUE_MSG.outOfStock);
}

/** Sets a line's quantity with one conditional update; parallel changes of the line queue on its row. */
export async function updateCartLine(cart: CartDeps, userId: string, lineId: string, qty: number): Promise<CartDto> {
  const { db } = cart;
  if (!isUuid(lineId)) throw lineNotFound();
  const [found] = await selectProductsWith(db, { line: { id: cartItems.id } })
    .innerJoin(cartItems, eq(cartItems.productId, products.id))
    .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)));
  if (!found) throw lineNotFound();
  checkCaps(qty, sellable(found).product.quantity);
  const updated = await db
    .update(cartItems)
    .set({ qty })
    .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (!updated.length) throw lineNotFound();
  return cartOf(cart, userId);
}

export async function removeCartLine(cart: CartDeps, userId: string, lineId: string): Promise<CartDto> {
  const { db } = cart;
  if (!isUuid(lineId)) throw lineNotFound();
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (!removed.length) throw lineNotFound();
  return cartOf(cart, userId);
}

/** The cart priced by the shared pricing module; lines no longer for sale are shown but not counted. */
export async function cartOf(cart: CartDeps, userId: string): Promise<CartDto> {
  const { db } = cart;
  const rows = await cartQueries(db).lines.execute({ userId });
  const now = new Date();
  const priced = rows.map(({ line, hasCoupon: _, ...row }) => ({
    line,
    row,
    price: priceOf(row, now),
    available: isAvailable(row),
  }));
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
  // An empty cart reads no line to tell whether a coupon is on it.
  const coupon = rows.length === 0 || rows[0].hasCoupon ? await appliedCouponFor(db, userId, afterOffers) : null;
  const summary = cartSummary(counted, coupon?.terms, cart.basis);
  return {
    carts,
    summary: {
      totalPrice: toRupees(summary.totalPrice),
      discount: toRupees(summary.discount),
      tax: toRupees(summary.tax),
      shipping: toRupees(summary.shipping),
      couponDiscount: toRupees(summary.couponDiscount),
      final: toRupees(summary.final),
      pricesIncludeGst: summary.pricesIncludeGst,
    },
    ...(coupon ? { coupon: coupon.view } : {}),
  };
}

/** Stores the coupon on the shopper's cart when it can be used on this cart now, and answers the cart priced with it. */
export async function applyCoupon(cart: CartDeps, userId: string, code: string): Promise<CartDto> {
  const priced = await cartOf(cart, userId);
  await putCouponOnCart(cart.db, userId, code, toPaise(priced.summary.totalPrice - priced.summary.discount));
  return cartOf(cart, userId);
}

export async function removeCoupon(cart: CartDeps, userId: string): Promise<CartDto> {
  const { db } = cart;
  await takeCouponOffCart(db, userId);
  return cartOf(cart, userId);
}
