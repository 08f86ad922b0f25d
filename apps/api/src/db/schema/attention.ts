import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Problems an owner must hear about (docs/decisions/046-attention.md): one row per problem while it lasts. `key`
 * names the problem ('backup', 'outbox', 'refund:<payment id>', 'job:<name>', 'disk', 'courier-webhook'); at most
 * one open row per key, so two shop processes that see the same problem open it (and mail it) once. A problem that
 * clears and comes back later is a new row, with a new mail.
 */
export const attentionProblems = pgTable(
  'attention_problems',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    /** What is wrong, in a few words, and the particulars as last seen. */
    title: text('title').notNull(),
    detail: text('detail').notNull(),
    /** What the owner can do about it. */
    advice: text('advice').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its mail was queued; null while there is nobody to mail. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('attention_problems_open_key_idx').on(t.key).where(sql`${t.clearedAt} is null`)],
);
