import type { LowStockEntry } from '@bagshop/shared/insight-types';
import type { StockLedgerDto, StockMovementDto } from '@bagshop/shared/schemas/stock';
import { type AdjustmentReason, LEDGER_PAGE_SIZE, STOCK_MSG, type StockReason } from '@bagshop/shared/stock';
import { and, asc, count, desc, eq, isNull, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { products } from '../../db/schema/catalogue.ts';
import { orders } from '../../db/schema/orders.ts';
import { stockMovements } from '../../db/schema/stock.ts';
import { users } from '../../db/schema/users.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import { adminMailInsertSql, notifyMailSql } from '../mail-outbox/service.ts';
import { queueRestockMails } from '../restock-alerts/service.ts';

/** The reasons that move units between the shelf and the shoppers: they also move the product's units sold. */
const SALE_REASONS: ReadonlySet<StockReason> = new Set(['sale', 'cancellation', 'return', 'return-to-seller']);

type Value = SQL | Placeholder;

/** The values of one stock statement: parallel arrays of products and changes, the rest shared by every row. */
export interface StockChangeValues {
  /** uuid[] of the products. */
  ids: Value;
  /** int[] of the changes, one per id (negative takes units away). */
  deltas: Value;
  reason: StockReason;
  orderId: Value;
  actorId: Value;
  note: Value;
  /** The body of a further CTE of the same statement (the checkout empties the cart lines with it). */
  alsoWith?: SQL;
}

/**
 * The one statement every stock change runs (docs/decisions/049-stock-ledger.md): it locks the products in id order
 * (so statements that share products never deadlock), changes their stock, writes one ledger row per product with
 * before and after, and keeps the low-stock flag: a change that takes a product to its threshold or under while the
 * flag is clear sets it and queues one mail to every administrator; a change that leaves it above clears it. A
 * change that would take a stock below 0 fails on the products' check constraint, and with it the transaction.
 * Answers each product's stock before and after. "No key update", as the update itself takes: order items written
 * earlier in the checkout's transaction hold key-share locks on their products.
 */
export function stockChangeStatement(v: StockChangeValues): SQL {
  const sold = SALE_REASONS.has(v.reason);
  return sql`
    with wanted as (
      select w.id, sum(w.delta)::int as delta
      from unnest(${v.ids}::uuid[], ${v.deltas}::int[]) as w(id, delta)
      group by w.id
    ), locked as (
      select id, low_stock_alerted as was_alerted from ${products}
      where id = any(${v.ids}::uuid[]) order by id for no key update
    ), changed as (
      update ${products} p set
        quantity = p.quantity + wanted.delta,
        ${sold ? sql`units_sold = greatest(p.units_sold - wanted.delta, 0),` : sql``}
        low_stock_alerted = p.quantity + wanted.delta <= p.low_stock_at,
        updated_at = now()
      from locked, wanted
      where p.id = locked.id and p.id = wanted.id
      returning p.id, p.name, p.quantity as after, wanted.delta, p.low_stock_at as threshold,
        p.low_stock_alerted as alerted, locked.was_alerted
    ), moved as (
      insert into ${stockMovements} (product_id, reason, delta, before, after, order_id, actor_id, note)
      select id, ${v.reason}, delta, after - delta, after, ${v.orderId}::uuid, ${v.actorId}::uuid, ${v.note}::text
      from changed
      returning id, product_id
    ), crossed as (
      select 'low-stock:' || m.id as key,
        jsonb_build_object('productId', c.id, 'productName', c.name, 'stock', c.after, 'threshold', c.threshold)
          as payload
      from changed c join moved m on m.product_id = c.id
      where c.alerted and not c.was_alerted
    ), mailed as (${adminMailInsertSql('low-stock', sql.raw('crossed'))})
    ${v.alsoWith ? sql`, ${v.alsoWith}` : sql``}
    select id, after - delta as before, after, ${notifyMailSql(sql.raw('mailed'))} as notified from changed`;
}

export interface StockChange {
  productId: string;
  delta: number;
}

export interface StockChangeContext {
  reason: StockReason;
  /** Who made the change; null when nobody signed in did (a payment window ending). */
  actorId: string | null;
  orderId?: string | null;
  note?: string;
}

export interface ChangedStock {
  productId: string;
  before: number;
  after: number;
}

/** Products' stock changed by `changes` in the caller's transaction, with their ledger rows (see stockChangeStatement). */
export async function changeStock(
  tx: Tx,
  changes: readonly StockChange[],
  context: StockChangeContext,
): Promise<ChangedStock[]> {
  if (changes.length === 0) return [];
  const result = await tx.execute<{ id: string; before: number; after: number }>(
    stockChangeStatement({
      ids: sql`${sql.param(changes.map((c) => c.productId))}`,
      deltas: sql`${sql.param(changes.map((c) => c.delta))}`,
      reason: context.reason,
      orderId: sql`${context.orderId ?? null}`,
      actorId: sql`${context.actorId}`,
      note: sql`${context.note ?? ''}`,
    }),
  );
  return result.rows.map((r) => ({ productId: r.id, before: Number(r.before), after: Number(r.after) }));
}

/**
 * A product's first ledger row (or each of several products'), in the transaction that adds it: its stock as it was added (`opening`) or imported
 * (`import`). Its low-stock flag starts as its stock stands, without a mail: whoever added it sees the number.
 */
export async function openStock(
  tx: DbOrTx,
  productIds: string | readonly string[],
  context: { actorId: string | null; reason?: 'opening' | 'import'; note?: string },
): Promise<void> {
  const ids = typeof productIds === 'string' ? [productIds] : [...productIds];
  await tx.execute(sql`
    with product as (
      update ${products} set low_stock_alerted = quantity <= low_stock_at where id = any(${sql.param(ids)}::uuid[])
      returning id, quantity
    )
    insert into ${stockMovements} (product_id, reason, delta, before, after, actor_id, note)
    select id, ${context.reason ?? 'opening'}, quantity, 0, quantity, ${context.actorId}::uuid, ${context.note ?? ''}
    from product`);
}

/**
 * What the catalogue import calls for one product, in its transaction: a product it has just added gets its opening
 * row; an existing one's stock is set to the imported count with an `import` row for the difference.
 */
export async function recordImportedStock(
  tx: Tx,
  input: { productId: string; quantity: number; actorId: string; isNew: boolean },
): Promise<void> {
  if (input.isNew) return openStock(tx, input.productId, { actorId: input.actorId, reason: 'import' });
  const stock = await lockedStock(tx, input.productId);
  if (stock === input.quantity) return;
  await changeStock(tx, [{ productId: input.productId, delta: input.quantity - stock }], {
    reason: 'import',
    actorId: input.actorId,
  });
}

/**
 * The administrator's product form saved a stock: the difference from the stock under the row lock (which the caller
 * holds) is a `count` row, so the ledger still adds up (docs/decisions/049-stock-ledger.md).
 */
export async function countStock(tx: Tx, productId: string, counted: number, actorId: string): Promise<void> {
  const stock = await lockedStock(tx, productId);
  if (stock === counted) return;
  await changeStock(tx, [{ productId, delta: counted - stock }], { reason: 'count', actorId });
}

const productNotFound = () => notFound(STOCK_MSG.productNotFound);

/** A live product's stock and name, its row locked until the transaction ends; else a 404. */
async function lockedProduct(tx: Tx, productId: string) {
  if (!isUuid(productId)) throw productNotFound();
  const [row] = await tx
    .select({ quantity: products.quantity, name: products.name, lowStockAt: products.lowStockAt })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)))
    .for('no key update');
  if (!row) throw productNotFound();
  return row;
}

async function lockedStock(tx: Tx, productId: string): Promise<number> {
  return (await lockedProduct(tx, productId)).quantity;
}

/**
 * A manual adjustment (received, damaged, count, other) under the product's row lock, so parallel adjustments and
 * orders queue and none loses a unit; one that would take the stock below 0 is refused and changes nothing. Stock
 * back from 0 mails the shoppers who asked for it.
 */
export async function adjustStock(
  db: Db,
  adminId: string,
  productId: string,
  input: { delta: number; reason: AdjustmentReason; note: string },
): Promise<{ stock: number; threshold: number }> {
  return db.transaction(async (tx) => {
    const product = await lockedProduct(tx, productId);
    if (product.quantity + input.delta < 0) throw validationError({ delta: STOCK_MSG.belowZero(product.quantity) });
    const [changed] = await changeStock(tx, [{ productId, delta: input.delta }], {
      reason: input.reason,
      actorId: adminId,
      note: input.note,
    });
    if (changed.before === 0 && changed.after > 0) await queueRestockMails(tx, productId, product.name);
    return { stock: changed.after, threshold: product.lowStockAt };
  });
}

/**
 * A product's low-stock threshold. A stock above the new threshold ends a low spell (the next fall mails again); one
 * at or under it keeps the flag as it is: a product not yet mailed about is mailed by its next change of stock.
 */
export async function setLowStockThreshold(
  db: Db,
  productId: string,
  threshold: number,
): Promise<{ stock: number; threshold: number }> {
  return db.transaction(async (tx) => {
    const product = await lockedProduct(tx, productId);
    await tx
      .update(products)
      .set({
        lowStockAt: threshold,
        lowStockAlerted: sql`${products.lowStockAlerted} and ${products.quantity} <= ${threshold}`,
        updatedAt: new Date(),
      })
      .where(eq(products.id, productId));
    return { stock: product.quantity, threshold };
  });
}

/** One page of a product's ledger, newest first, with who made each change and the order behind it. */
export async function stockLedger(db: DbOrTx, productId: string, page: number): Promise<StockLedgerDto> {
  if (!isUuid(productId)) throw productNotFound();
  const [product] = await db
    .select({ quantity: products.quantity, lowStockAt: products.lowStockAt })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)));
  if (!product) throw productNotFound();
  const [{ total }] = await db
    .select({ total: count() })
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId));
  const pages = Math.max(1, Math.ceil(total / LEDGER_PAGE_SIZE));
  const rows = await db
    .select({
      id: stockMovements.id,
      reason: stockMovements.reason,
      delta: stockMovements.delta,
      before: stockMovements.before,
      after: stockMovements.after,
      by: users.name,
      note: stockMovements.note,
      orderNumber: orders.orderNumber,
      createdAt: stockMovements.createdAt,
    })
    .from(stockMovements)
    .leftJoin(users, eq(users.id, stockMovements.actorId))
    .leftJoin(orders, eq(orders.id, stockMovements.orderId))
    .where(eq(stockMovements.productId, productId))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(LEDGER_PAGE_SIZE)
    .offset((Math.min(page, pages) - 1) * LEDGER_PAGE_SIZE);
  return {
    productId,
    stock: product.quantity,
    threshold: product.lowStockAt,
    rows: rows.map(
      (r): StockMovementDto => ({
        _id: r.id,
        reason: r.reason,
        delta: r.delta,
        before: r.before,
        after: r.after,
        by: r.by,
        note: r.note,
        orderNumber: r.orderNumber,
        createdAt: r.createdAt.toISOString(),
      }),
    ),
    page: Math.min(page, pages),
    pages,
    total,
  };
}

/** Live products at or under their low-stock threshold, the fewest units first (the dashboard's list). */
export async function lowStockProducts(db: DbOrTx, limit = 100): Promise<LowStockEntry[]> {
  const rows = await db
    .select({ id: products.id, name: products.name, stock: products.quantity, threshold: products.lowStockAt })
    .from(products)
    .where(and(isNull(products.deletedAt), lte(products.quantity, products.lowStockAt)))
    .orderBy(asc(products.quantity), asc(products.name))
    .limit(limit);
  return rows.map((r) => ({ _id: r.id, name: r.name, stock: r.stock, threshold: r.threshold }));
}
