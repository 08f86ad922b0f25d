import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';
import { users } from './users.ts';

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Every mail of the shop. Event mail is queued here in the transaction of its event (status pending, subject and
 * body written when the worker renders it) and sent by the worker; mail sent at once (sign-in codes) is kept here
 * only in development, for /dev/mailbox. `dedupe_key` names the event, so one event never queues two mails.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dedupeKey: text('dedupe_key').unique(),
    kind: text('kind').notNull().default('direct'),
    to: text('to').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    subject: text('subject'),
    text: text('text'),
    html: text('html'),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('sent'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** The first failed attempt to send it: mail failing for over an hour is a problem for the owner. */
    firstFailedAt: timestamp('first_failed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`)],
);

/** "Notify me": a signed-in shopper waits for an out-of-stock product; cleared when the restock mail is queued. */
export const restockRequests = pgTable(
  'restock_requests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('restock_requests_product_idx').on(t.productId)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);
