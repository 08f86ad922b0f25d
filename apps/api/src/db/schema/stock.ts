import type { StockReason } from '@bagshop/shared/stock';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * The stock ledger: one row per change of a product's stock, written in the transaction that makes the change
 * (docs/decisions/049-stock-ledger.md). A product's rows start with its opening row and add up to its stock.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    reason: text('reason').$type<StockReason>().notNull(),
    delta: integer('delta').notNull(),
    before: integer('before').notNull(),
    after: integer('after').notNull(),
    /** Who made the change: the administrator, or the shopper of an order; null when nobody signed in did. */
    actorId: uuid('actor_id').references(() => users.id),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stock_movements_adds_up', sql`${t.after} = ${t.before} + ${t.delta} and ${t.after} >= 0`),
    // The product page's ledger, newest first, read off the index.
    index('stock_movements_product_idx').on(t.productId, t.createdAt.desc(), t.id.desc()),
  ],
);
