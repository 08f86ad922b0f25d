import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every backup the shop took or tried (scheduled or `npm run backup`), newest last: the dashboard's attention panel,
 * the metrics and the schedule read it (docs/decisions/044-backups-and-recovery.md).
 */
export const backups = pgTable(
  'backups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'scheduled' (the daily job), 'manual' (`npm run backup`) or 'first-base' (archiving's first base backup). */
    kind: text('kind').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** null while running; then whether a complete, checksummed file was written. */
    ok: boolean('ok'),
    /** Where the file went: a path, or s3://bucket/key. */
    location: text('location'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** Why it failed, in words an owner can act on. */
    error: text('error'),
  },
  (t) => [index('backups_started_at_idx').on(t.startedAt)],
);
