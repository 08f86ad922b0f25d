import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Facts about this shop that every process on the database must agree on, e.g. 'demo-data' (the demo seed ran,
 * so card payments may use the sandbox without Razorpay keys; docs/decisions/009-safe-defaults.md).
 */
export const shopFacts = pgTable('shop_facts', {
  key: text('key').primaryKey(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});
