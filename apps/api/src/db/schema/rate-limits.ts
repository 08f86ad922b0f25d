import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Request counters of the rate-limited routes, shared by every shop process and kept across restarts. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    /** Route and caller, e.g. 'POST/api/user/login:1.2.3.4|asha@example.in'. */
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_resets_idx').on(t.resetsAt)],
);
