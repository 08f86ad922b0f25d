import { isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobRuns } from '../db/schema/job-runs.ts';

/** Advisory locks of scheduled jobs live in their own key space, so they never meet another feature's locks. */
const JOB_LOCK_SPACE = 1_730_301;

export interface ScheduledJob {
  /** Unique per job, e.g. 'order-expiry'. */
  name: string;
  /** How often the job runs across all processes. */
  everyMs: number;
}

/**
 * Runs `work` unless another shop process is running this job now or ran it within its period, so a job run by
 * every process on a timer runs once per period across all of them (docs/decisions/030-several-machines.md).
 *
 * The claim is one transaction: a transaction-level advisory lock (a second process skips at once instead of
 * waiting), then the job's row is claimed only if its last run started a period ago (timers of different processes
 * drift, so a tenth of the period is forgiven). The row is written back and the lock released when `work` ends.
 * If the process dies mid-run, its connection drops: PostgreSQL rolls the claim back and frees the lock, and the
 * next timer of any process runs the job again. So `work` must be safe to redo from the start (each unit of it in
 * its own transaction, re-checked under its lock). An error from `work` also rolls the claim back and is thrown.
 * Returns whether this process ran the job.
 */
export async function runOnceAcrossProcesses(db: Db, job: ScheduledJob, work: () => Promise<void>): Promise<boolean> {
  const gapMs = Math.max(0, job.everyMs - Math.min(job.everyMs / 10, 10_000));
  return db.transaction(async (tx) => {
    const lock = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${JOB_LOCK_SPACE}, hashtext(${job.name})) as locked`,
    );
    if (!lock.rows[0]?.locked) return false;
    const claimed = await tx.execute(sql`
      insert into ${jobRuns} (name, started_at) values (${job.name}, now())
      on conflict (name) do update set started_at = excluded.started_at
      where ${jobRuns.startedAt} <= now() - make_interval(secs => ${gapMs / 1000})
      returning name`);
    if (claimed.rows.length === 0) return false;
    await work();
    await tx.execute(
      sql`update ${jobRuns} set finished_at = clock_timestamp(), runs = ${jobRuns.runs} + 1 where name = ${job.name}`,
    );
    return true;
  });
}

/** When each job last finished a run, in any process (what the metrics report). */
export async function lastJobFinishes(db: Db): Promise<Array<{ name: string; finishedAt: Date }>> {
  const rows = await db
    .select({ name: jobRuns.name, finishedAt: jobRuns.finishedAt })
    .from(jobRuns)
    .where(isNotNull(jobRuns.finishedAt));
  return rows.flatMap(({ name, finishedAt }) => (finishedAt ? [{ name, finishedAt }] : []));
}

/** A job this process has on a timer, and since when. */
export interface ScheduledHere extends ScheduledJob {
  since: Date;
}

const scheduledHere = new Map<string, ScheduledHere>();

/**
 * The jobs this process has on a timer: what the attention check expects to see run (docs/decisions/046-attention.md).
 * Every process schedules the same jobs, so any of them can tell; a job retired from the code leaves with the process.
 */
export function scheduledJobs(): ScheduledHere[] {
  return [...scheduledHere.values()];
}

/**
 * Runs `work` through `runOnceAcrossProcesses` now and on a timer of the job's period, one run at a time in this
 * process; an error goes to `onError` and the timer goes on. The returned function stops the timer and waits for a
 * run under way.
 */
export function scheduleAcrossProcesses(
  db: Db,
  job: ScheduledJob,
  work: () => Promise<void>,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const entry: ScheduledHere = { ...job, since: new Date() };
  scheduledHere.set(job.name, entry);
  const run = () => {
    running ??= (async () => {
      try {
        await runOnceAcrossProcesses(db, job, work);
      } catch (error) {
        onError(error);
      } finally {
        running = null;
      }
    })();
  };
  run();
  const timer = setInterval(run, job.everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    if (scheduledHere.get(job.name) === entry) scheduledHere.delete(job.name);
    await running;
  };
}
