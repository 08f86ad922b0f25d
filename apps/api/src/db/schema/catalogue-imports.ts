import type { ImportStatus } from '@bagshop/shared/catalogue-import';
import type { ImportResultDto } from '@bagshop/shared/schemas/catalogue-import';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Catalogue imports: one row per file sent, its progress while it runs and its report when done, so any shop process
 * behind the load balancer can answer for it (docs/decisions/053-catalogue-import.md).
 */
export const catalogueImports = pgTable(
  'catalogue_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name').notNull(),
    dryRun: boolean('dry_run').notNull(),
    status: text('status').$type<ImportStatus>().notNull().default('running'),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull().default(0),
    error: text('error'),
    result: jsonb('result').$type<ImportResultDto>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved on with the progress: a running import not heard of for a while died with its process. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('catalogue_imports_created_idx').on(t.createdAt)],
);
