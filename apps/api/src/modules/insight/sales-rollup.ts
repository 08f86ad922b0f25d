import { bucketKeyOf } from '@bagshop/shared/insight';
import { type Paise, subtractPaise, sumPaise, ZERO_PAISE } from '@bagshop/shared/pricing/money';
import type { RefundItem, RefundOrder } from '@bagshop/shared/pricing/refunds';
import { orderSale } from '@bagshop/shared/pricing/sales';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { salesRollup, salesRollupProducts } from '../../db/schema/sales-rollup.ts';
import { addFigures, type Figures, NO_FIGURES } from './sales-book.ts';
import { saleItemColumns } from './sales-data.ts';

/** An order as the rollup needs it: its payment time and the amounts its items share. */
export interface OrderForSales extends RefundOrder {
  paidAt: Date | null;
}

/** Its items in id order (the order the shares are split in), as they stand. */
export interface ItemForSales extends RefundItem {
  productId: string;
  refundedPaise: Paise;
}

/** What one paid order adds to the rollup where it was paid; nothing once no item is kept. */
interface OrderPart {
  orders: number;
  figures: Figures;
  shippingPaise: Paise;
  refundedPaise: Paise;
  products: Map<string, Figures>;
}

const NO_PART: OrderPart = {
  orders: 0,
  figures: NO_FIGURES,
  shippingPaise: ZERO_PAISE,
  refundedPaise: ZERO_PAISE,
  products: new Map(),
};

/** The order's part of the sales by the report's rules (`orderSale`), so the rollup and the orders always agree. */
function partOf(order: OrderForSales, items: readonly ItemForSales[]): OrderPart {
  const sale = orderSale(order, items);
  const products = new Map<string, Figures>();
  let figures = NO_FIGURES;
  items.forEach((item, i) => {
    const itemSale = sale.items[i];
    if (!itemSale) return;
    figures = addFigures(figures, itemSale);
    products.set(item.productId, addFigures(products.get(item.productId) ?? NO_FIGURES, itemSale));
  });
  if (figures.units === 0) return NO_PART;
  return {
    orders: 1,
    figures,
    shippingPaise: sale.shippingPaise,
    refundedPaise: sumPaise(items.map((i) => i.refundedPaise)),
    products,
  };
}

const minus = (a: Figures, b: Figures): Figures => ({
  units: a.units - b.units,
  grossPaise: subtractPaise(a.grossPaise, b.grossPaise),
  offerDiscountPaise: subtractPaise(a.offerDiscountPaise, b.offerDiscountPaise),
  couponDiscountPaise: subtractPaise(a.couponDiscountPaise, b.couponDiscountPaise),
  taxPaise: subtractPaise(a.taxPaise, b.taxPaise),
  netPaise: subtractPaise(a.netPaise, b.netPaise),
});

const isZero = (f: Figures) =>
  f.units === 0 &&
  f.grossPaise === 0 &&
  f.offerDiscountPaise === 0 &&
  f.couponDiscountPaise === 0 &&
  f.taxPaise === 0 &&
  f.netPaise === 0;

/** `column = column + excluded.column`: concurrent orders of one hour or product add up under the row's lock. */
function addingUp(columns: Record<string, PgColumn>): Record<string, SQL> {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [key, sql`${column} + excluded.${sql.identifier(column.name)}`]),
  );
}

const itemFigureColumns = (t: typeof salesRollup | typeof salesRollupProducts) => ({
  units: t.units,
  grossPaise: t.grossPaise,
  offerDiscountPaise: t.offerDiscountPaise,
  couponDiscountPaise: t.couponDiscountPaise,
  taxPaise: t.taxPaise,
  netPaise: t.netPaise,
});
const totalColumns = {
  ...itemFigureColumns(salesRollup),
  orders: salesRollup.orders,
  shippingPaise: salesRollup.shippingPaise,
  refundedPaise: salesRollup.refundedPaise,
};
const productColumns = itemFigureColumns(salesRollupProducts);

/** The shop's clock at the start of the hour, day and month of an instant: '2026-11-24 09:00:00' and so on. */
function startsOf(paidAt: Date) {
  const hour = bucketKeyOf(paidAt, 'hour');
  const day = hour.slice(0, 10);
  const month = `${day.slice(0, 7)}-01`;
  return { hour: `${day} ${hour.slice(11)}:00:00`, day, month };
}

/** Moves the order's part in the rollup from `before` to `after` (paise by paise), where it was paid. */
async function applyChange(tx: Tx, paidAt: Date, before: OrderPart, after: OrderPart): Promise<void> {
  const figures = minus(after.figures, before.figures);
  const orderCount = after.orders - before.orders;
  const shippingPaise = subtractPaise(after.shippingPaise, before.shippingPaise);
  const refundedPaise = subtractPaise(after.refundedPaise, before.refundedPaise);
  const starts = startsOf(paidAt);
  // Rows always in key order (grain, start, product), so two transactions never wait for each other in a circle.
  if (!isZero(figures) || orderCount !== 0 || shippingPaise !== 0 || refundedPaise !== 0) {
    const change = { orders: orderCount, ...figures, shippingPaise, refundedPaise };
    await tx
      .insert(salesRollup)
      .values([
        { grain: 'day', startsAt: `${starts.day} 00:00:00`, ...change },
        { grain: 'hour', startsAt: starts.hour, ...change },
        { grain: 'month', startsAt: `${starts.month} 00:00:00`, ...change },
      ])
      .onConflictDoUpdate({ target: [salesRollup.grain, salesRollup.startsAt], set: addingUp(totalColumns) });
  }
  const productIds = [...new Set([...before.products.keys(), ...after.products.keys()])].sort();
  const changes = productIds
    .map((productId) => ({
      productId,
      ...minus(after.products.get(productId) ?? NO_FIGURES, before.products.get(productId) ?? NO_FIGURES),
    }))
    .filter((row) => !isZero(row));
  if (changes.length === 0) return;
  await tx
    .insert(salesRollupProducts)
    .values([
      ...changes.map((change) => ({ grain: 'day' as const, startsOn: starts.day, ...change })),
      ...changes.map((change) => ({ grain: 'month' as const, startsOn: starts.month, ...change })),
    ])
    .onConflictDoUpdate({
      target: [salesRollupProducts.grain, salesRollupProducts.startsOn, salesRollupProducts.productId],
      set: addingUp(productColumns),
    });
}

/**
 * Adds an order that was just paid (card captured, wallet debited, cash collected at the door) to the rollup, as it
 * stands in this transaction: items cancelled before the payment are left out, their refunds counted.
 */
export async function addPaidOrderToSales(tx: Tx, orderId: string): Promise<void> {
  const [order] = await tx
    .select({
      paidAt: orders.paidAt,
      couponDiscountPaise: orders.couponDiscountPaise,
      taxPaise: orders.taxPaise,
      shippingPaise: orders.shippingPaise,
      pricesIncludeGst: orders.pricesIncludeGst,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order?.paidAt) throw new Error(`Order ${orderId} is not paid`);
  const items = await tx
    .select(saleItemColumns)
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  await applyChange(tx, order.paidAt, NO_PART, partOf(order, items));
}

/**
 * An item of an order moved (cancelled, returned, …): the order's part moves with it if the order was already paid.
 * `before` and `after` are the order's items in id order around the move, in the move's transaction.
 */
export async function moveSalesWithItem(
  tx: Tx,
  order: OrderForSales,
  before: readonly ItemForSales[],
  after: readonly ItemForSales[],
): Promise<void> {
  if (!order.paidAt) return;
  await applyChange(tx, order.paidAt, partOf(order, before), partOf(order, after));
}

/** Works the rollup out afresh from the orders (the migration's backfill): after orders were changed by hand. */
export async function rebuildSalesRollup(db: DbOrTx): Promise<void> {
  await db.execute(sql`select rebuild_sales_rollup()`);
}
