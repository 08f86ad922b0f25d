import { type Bucket, SHOP_TIME_ZONE } from '@bagshop/shared/insight';
import type { ItemStatus } from '@bagshop/shared/orders';
import type { Paise } from '@bagshop/shared/pricing/money';
import { and, asc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, products } from '../../db/schema/catalogue.ts';
import { orderItems, orders, walletTransactions } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { bucketKeySql } from './bucket-format.ts';

export interface Instants {
  from: Date;
  to: Date;
}

export interface PaidOrderRow {
  id: string;
  orderNumber: string;
  placedAt: Date;
  paidAt: Date;
  customer: string;
  email: string;
  paymentMethod: string;
  paymentStatus: string;
  couponDiscountPaise: Paise;
  taxPaise: Paise;
  shippingPaise: Paise;
  finalPaise: Paise;
}

/** A product as it is now, read once per report however many items name it. */
export interface SoldProduct {
  id: string;
  name: string;
  brand: string;
  categoryId: string;
  categoryName: string;
}

export interface PaidItemRow {
  id: string;
  orderId: string;
  product: SoldProduct;
  pricePaise: Paise;
  discountPaise: Paise;
  qty: number;
  status: ItemStatus;
  refundedPaise: Paise;
}

const paidIn = ({ from, to }: Instants) => and(gte(orders.paidAt, from), lt(orders.paidAt, to));

const orderColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  placedAt: orders.createdAt,
  paidAt: orders.paidAt,
  customer: users.name,
  email: users.email,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  couponDiscountPaise: orders.couponDiscountPaise,
  taxPaise: orders.taxPaise,
  shippingPaise: orders.shippingPaise,
  finalPaise: orders.finalPaise,
  pricesIncludeGst: orders.pricesIncludeGst,
};

/** What the sales figures need of an item: its price, discount, units, status, refund and its GST as sold. */
export const saleItemColumns = {
  id: orderItems.id,
  productId: orderItems.productId,
  pricePaise: orderItems.pricePaise,
  discountPaise: orderItems.discountPaise,
  qty: orderItems.qty,
  status: orderItems.status,
  refundedPaise: orderItems.refundedPaise,
  gstPercent: orderItems.gstPercent,
  couponSharePaise: orderItems.couponSharePaise,
  taxablePaise: orderItems.taxablePaise,
  taxPaise: orderItems.taxPaise,
};

/** A sold product as the report names it (products joined with their categories). */
export const soldProductColumns = {
  id: products.id,
  name: products.name,
  brand: products.brand,
  categoryId: categories.id,
  categoryName: categories.name,
};

/** The items of the orders `ofOrders` picks, with the few products they name read once, not once per item. */
async function loadItemsOf(db: Db, ofOrders: SQL | undefined): Promise<PaidItemRow[]> {
  const itemQuery = db
    .select({ ...saleItemColumns, orderId: orderItems.orderId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    // Items in a fixed order: the coupon and tax shares are split by position, as refunds split them.
    .where(ofOrders)
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
  const soldIds = db
    .selectDistinct({ id: orderItems.productId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(ofOrders);
  const productQuery = db
    .select(soldProductColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, soldIds));
  // Side by side: neither waits for the other's answer.
  const [itemRows, productRows] = await Promise.all([itemQuery, productQuery]);
  const productsById = new Map(productRows.map((p) => [p.id, p]));
  return itemRows.map(({ productId, ...item }) => ({
    ...item,
    product: productsById.get(productId) as SoldProduct,
  }));
}

/**
 * The orders paid in the period (card and wallet when paid, cash on delivery when delivered), with their items as
 * they stand now. Products are named as they are now, so a renamed bag stays one row. For the downloads, which list
 * every order.
 */
export async function loadPaidOrders(db: Db, period: Instants) {
  const orderRows = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(paidIn(period))
    .orderBy(asc(orders.paidAt), asc(orders.orderNumber));
  return { orders: orderRows as PaidOrderRow[], items: await loadItemsOf(db, paidIn(period)) };
}

const keepsAnItem = sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id}
  and ${orderItems.status} not in ('Cancelled', 'Returned', 'Returned to seller'))`;

/**
 * One page of the report's order rows: the orders paid in the period that still keep an item (the others are not in
 * the report), in the report's order, with their items.
 */
export async function loadPaidOrderPage(db: Db, period: Instants, page: { offset: number; limit: number }) {
  const orderRows = (await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(paidIn(period), keepsAnItem))
    .orderBy(asc(orders.paidAt), asc(orders.orderNumber))
    .limit(page.limit)
    .offset(page.offset)) as PaidOrderRow[];
  const ids = orderRows.map((o) => o.id);
  const items = ids.length === 0 ? [] : await loadItemsOf(db, inArray(orders.id, ids));
  return { orders: orderRows, items };
}

/** Returns approved in the period: the refunds the shop gave back for them. */
export async function loadReturns(db: Db, { from, to }: Instants) {
  // Each refund names its one item: its units are looked up by key, rather than joining every item of the shop.
  const units = sql`(select ${orderItems.qty} from ${orderItems} where ${orderItems.id} = ${walletTransactions.orderItemId})`;
  const [row] = await db
    .select({
      units: sql<number>`coalesce(sum(${units}), 0)::int`,
      amountPaise: sql<Paise>`coalesce(sum(${walletTransactions.amountPaise}), 0)::int`,
    })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.type, 'Order Returned'),
        gte(walletTransactions.createdAt, from),
        lt(walletTransactions.createdAt, to),
      ),
    );
  return row;
}

/** Customers (not administrators) who registered in the period, counted per chart bucket of the shop's clock. */
export async function loadNewCustomers(db: Db, { from, to }: Instants, bucket: Bucket) {
  // The zone is the shop's constant, written into the statement so GROUP BY sees the same expression.
  const key = bucketKeySql(sql`(${users.createdAt} at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)})`, bucket);
  return db
    .select({ key, customers: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.isAdmin, false), gte(users.createdAt, from), lt(users.createdAt, to)))
    .groupBy(key);
}
