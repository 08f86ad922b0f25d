import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The last run of each scheduled job, shared by every shop process so a job runs once per period across all. */
export const jobRuns = pgTable('job_runs', {
  /** The job's name, e.g. 'order-expiry'. */
  name: text('name').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** How many runs finished, across all processes (what operators and tests read). */
  runs: bigint('runs', { mode: 'number' }).notNull().default(0),
});
