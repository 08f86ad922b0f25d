// What the server, the routes and the backup code may use from the attention module (docs/decisions/046-attention.md).
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { type ScheduledHere, scheduleAcrossProcesses, scheduledJobs } from '../../platform/run-once.ts';
import { type DiskUse, findProblems, statfsDiskUse } from './checks.ts';
import { type AttentionOutcome, openProblems, recordProblems } from './problems.ts';

export type { DiskUse } from './checks.ts';
export type { AttentionOutcome } from './problems.ts';

export interface AttentionDeps {
  db: Db;
  config: Pick<Config, 'ALERT_EMAIL' | 'dataDir'>;
  /** The jobs expected to run; by default those this process has on a timer. */
  jobs?: () => readonly ScheduledHere[];
  /** How full the data folder's disk is; by default statfs (tests hand in a measure: the disk is not ours). */
  measureDisk?: (dir: string) => Promise<DiskUse | null>;
}

/**
 * Runs every check now and records the result: new problems are opened and their mail queued (once, whichever
 * process gets there first), problems gone are cleared. The mail goes through the outbox, whose commit wakes the
 * mail worker of every running shop process. The backup code calls it right after a failed backup, so the owner
 * hears at once instead of at the next scheduled check.
 */
export async function checkAttentionNow(deps: AttentionDeps, now: Date = new Date()): Promise<AttentionOutcome> {
  const found = await findProblems(
    {
      db: deps.db,
      config: deps.config,
      jobs: deps.jobs ?? scheduledJobs,
      measureDisk: deps.measureDisk ?? statfsDiskUse,
    },
    now,
  );
  return recordProblems(deps.db, found, deps.config.ALERT_EMAIL, now);
}

/** The attention check's name in job_runs. */
export const ATTENTION_JOB = 'attention';
const ATTENTION_EVERY_MS = 60 * 1000;

/** The check every minute, run by one process each minute (platform/run-once.ts). Returns its stop function. */
export function scheduleAttention(
  deps: AttentionDeps,
  onError: (error: unknown) => void,
  everyMs: number = ATTENTION_EVERY_MS,
): () => Promise<void> {
  return scheduleAcrossProcesses(
    deps.db,
    { name: ATTENTION_JOB, everyMs },
    async () => {
      await checkAttentionNow(deps);
    },
    onError,
  );
}

/** GET /api/admin/attention: the open problems, oldest first. */
export const listAttention = (db: Db) => openProblems(db);
