import type { DocumentSeries } from '@bagshop/shared/pricing/invoice';
import type { Paise } from '@bagshop/shared/pricing/money';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orderItems, orders } from './orders.ts';

/**
 * The last serial of each GST document series (INV invoices, CN credit notes) per financial year. Taken with an
 * update under the row's lock inside the issuing transaction, so a rolled-back sale leaves no gap (a sequence would).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').$type<DocumentSeries>().notNull(),
    /** '26-27' for April 2026 – March 2027, India time. */
    financialYear: text('financial_year').notNull(),
    lastSerial: integer('last_serial').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.series, t.financialYear] }),
    check('document_counters_series', sql`${t.series} in ('INV', 'CN')`),
  ],
);

/** One per cancelled or returned invoiced item, written with its refund. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** CN/26-27/000001 */
    number: text('number').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    /** The refund it documents: the line's amount, plus the shipping when it was the last item kept. */
    amountPaise: integer('amount_paise').$type<Paise>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_idx').on(t.number),
    uniqueIndex('credit_notes_item_idx').on(t.orderItemId),
    index('credit_notes_order_idx').on(t.orderId),
    index('credit_notes_issued_idx').on(t.issuedAt),
  ],
);
