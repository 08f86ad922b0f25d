import fs from 'node:fs';
import { SHOP_TIME_ZONE } from '@bagshop/shared/insight';
import { asPaise, formatINR } from '@bagshop/shared/pricing/money';
import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { jobRuns } from '../../db/schema/job-runs.ts';
import { mailOutbox } from '../../db/schema/messages.ts';
import { orders, payments } from '../../db/schema/orders.ts';
import { shopFacts } from '../../db/schema/shop.ts';
import type { ScheduledHere } from '../../platform/run-once.ts';
import { lastFinishedBackup, lastGoodBackup } from '../backups/service.ts';
import { courierWebhookRefusalsSince } from '../shipping/service.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** A backup is due at least once a day; 36 hours leaves a missed night's backup half a day to be noticed. */
export const BACKUP_MAX_AGE_MS = 36 * HOUR_MS;
/** Mail retried for an hour without getting out: the mail server is down or refusing, not having a bad minute. */
export const MAIL_FAILING_FOR_MS = HOUR_MS;
/** A refund refused this often: the provider retries every minute, so a brief outage does not reach three. */
export const REFUND_REFUSALS = 3;
/** Three periods missed: one late run is drift or a slow run, three is a job that does not run. */
export const JOB_PERIODS_LATE = 3;
/** The data folder's disk this full (df's "Use%"). */
export const DISK_FULL_AT = 0.9;
/** Webhook calls refused in the last hour: a courier retries each update, so a wrong token soon passes five. */
export const WEBHOOK_REFUSALS = 5;

/** The fact in `shop_facts` recorded when the shop is first checked: the grace of a new shop counts from it. */
export const WATCH_STARTED = 'attention-watch-started';

/** What one check found: a problem by its stable key, in words for the owner. */
export interface Found {
  key: string;
  title: string;
  detail: string;
  advice: string;
}

/** Space on the data folder's disk, as `df` counts it: used and still available to the shop. */
export interface DiskUse {
  usedBytes: number;
  availableBytes: number;
}

export interface CheckDeps {
  db: Db;
  config: Pick<Config, 'dataDir'>;
  /** The jobs expected to run, with since when this process has them on a timer. */
  jobs: () => readonly ScheduledHere[];
  /** How full the data folder's disk is; null when the folder is not there (a shop with its data elsewhere). */
  measureDisk: (dir: string) => Promise<DiskUse | null>;
}

const indiaTimeFormat = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: SHOP_TIME_ZONE,
});
/** '24 Nov 2026, 2:00 am (India time)'. */
const indiaTime = (at: Date) => `${indiaTimeFormat.format(at)} (India time)`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '5 minutes', '6 hours', '1 day'. */
function periodText(ms: number): string {
  if (ms % (24 * HOUR_MS) === 0) return plural(ms / (24 * HOUR_MS), 'day', 'days');
  if (ms % HOUR_MS === 0) return plural(ms / HOUR_MS, 'hour', 'hours');
  if (ms >= MINUTE_MS) return plural(Math.round(ms / MINUTE_MS), 'minute', 'minutes');
  return plural(Math.max(1, Math.round(ms / 1000)), 'second', 'seconds');
}

/** df's figures from statfs: blocks in use, and blocks an unprivileged process may still fill. */
export async function statfsDiskUse(dir: string): Promise<DiskUse | null> {
  try {
    const s = await fs.promises.statfs(dir);
    return { usedBytes: (s.blocks - s.bfree) * s.bsize, availableBytes: s.bavail * s.bsize };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Since when the shop has been checked: recorded by the first check (a new shop's start, or the upgrade). */
async function watchStartedAt(db: Db): Promise<Date> {
  await db.insert(shopFacts).values({ key: WATCH_STARTED }).onConflictDoNothing();
  const [fact] = await db.select().from(shopFacts).where(eq(shopFacts.key, WATCH_STARTED));
  return fact.recordedAt;
}

const BACKUP_ADVICE =
  'Look at the backup settings (BACKUP_DIR, or the S3 bucket and BACKUP_S3_PREFIX) and the free space there, then ' +
  'take a backup with npm run backup. This clears once a backup succeeds.';

/** The newest finished backup failed, or none succeeded in 36 hours (not in a shop's first 36 hours). */
async function backupCheck(db: Db, now: Date, watchedSince: Date): Promise<Found[]> {
  const newest = await lastFinishedBackup(db);
  const lastGood = (await lastGoodBackup(db))?.finishedAt ?? null;
  const lastGoodText = lastGood
    ? `The last good backup finished ${indiaTime(lastGood)}.`
    : 'No backup has succeeded yet.';
  if (newest && newest.ok === false) {
    const reason = newest.error ?? 'no reason was recorded';
    return [
      {
        key: 'backup',
        title: 'The last backup failed',
        detail: `The ${newest.kind} backup started ${indiaTime(newest.startedAt)} failed: ${reason}. ${lastGoodText}`,
        advice: BACKUP_ADVICE,
      },
    ];
  }
  const cutoff = now.getTime() - BACKUP_MAX_AGE_MS;
  if (lastGood && lastGood.getTime() >= cutoff) return [];
  if (watchedSince.getTime() > cutoff) return [];
  return [
    {
      key: 'backup',
      title: 'No backup in the last 36 hours',
      detail: `The shop has not been backed up for over 36 hours. ${lastGoodText}`,
      advice: BACKUP_ADVICE,
    },
  ];
}

/** Mail still waiting to go out whose first failed attempt is over an hour ago. */
async function outboxCheck(db: Db, now: Date): Promise<Found[]> {
  const stuck = and(
    inArray(mailOutbox.status, ['pending', 'sending']),
    lte(mailOutbox.firstFailedAt, new Date(now.getTime() - MAIL_FAILING_FOR_MS)),
  );
  const [summary] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${mailOutbox.firstFailedAt})` })
    .from(mailOutbox)
    .where(stuck);
  if (!summary || summary.count === 0 || !summary.oldest) return [];
  const [latest] = await db
    .select({ error: mailOutbox.lastError })
    .from(mailOutbox)
    .where(stuck)
    .orderBy(desc(mailOutbox.nextAttemptAt))
    .limit(1);
  const answer = latest?.error ? ` The last answer was: ${latest.error}` : '';
  return [
    {
      key: 'outbox',
      title: 'Mail is not going out',
      detail:
        `${plural(summary.count, 'mail has', 'mails have')} failed to send for over an hour, the first since ` +
        `${indiaTime(new Date(summary.oldest))}.${answer}`,
      advice:
        'Check SMTP_URL and the mail server (its password, its sending limits, a blocked port). Each mail is tried ' +
        'again on its own for about two days; this clears once they go out.',
    },
  ];
}

/** A card refund the provider refused REFUND_REFUSALS times or more and has still not taken. */
async function refundCheck(db: Db): Promise<Found[]> {
  const rows = await db
    .select({
      id: payments.id,
      amountPaise: payments.amountPaise,
      providerPaymentId: payments.providerPaymentId,
      refusals: payments.refundRefusals,
      firstRefusedAt: payments.refundFirstRefusedAt,
      lastError: payments.refundLastError,
      orderNumber: orders.orderNumber,
    })
    .from(payments)
    .leftJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.status, 'refund_pending'), gte(payments.refundRefusals, REFUND_REFUSALS)))
    .orderBy(payments.refundFirstRefusedAt);
  return rows.map((row) => {
    const what = row.orderNumber ? `order ${row.orderNumber}` : 'a wallet top-up';
    const since = row.firstRefusedAt ? ` since ${indiaTime(row.firstRefusedAt)}` : '';
    return {
      key: `refund:${row.id}`,
      title: 'A card refund keeps being refused',
      detail:
        `The refund of ${formatINR(asPaise(row.amountPaise))} for ${what} (payment ${row.providerPaymentId}) was ` +
        `refused ${row.refusals} times${since}. The last answer was: ${row.lastError ?? 'none recorded'}`,
      advice:
        'Look the payment up in the Razorpay dashboard: the account balance may be too low for the refund, or the ' +
        'payment too old to refund. The shop asks again every minute; this clears once the refund goes through.',
    };
  });
}

/** A scheduled job whose last finished run (or, never finished, its timer's start) is JOB_PERIODS_LATE periods old. */
async function jobCheck(deps: CheckDeps, now: Date): Promise<Found[]> {
  const jobs = deps.jobs();
  if (jobs.length === 0) return [];
  const rows = await deps.db
    .select({ name: jobRuns.name, finishedAt: jobRuns.finishedAt })
    .from(jobRuns)
    .where(
      inArray(
        jobRuns.name,
        jobs.map((j) => j.name),
      ),
    );
  const finished = new Map(rows.map((r) => [r.name, r.finishedAt]));
  const found: Found[] = [];
  for (const job of [...jobs].sort((a, b) => a.name.localeCompare(b.name))) {
    const last = finished.get(job.name) ?? null;
    const from = last ?? job.since;
    if (now.getTime() - from.getTime() <= JOB_PERIODS_LATE * job.everyMs) continue;
    const when = last
      ? `It last finished ${indiaTime(last)}`
      : `It has not finished once since the shop started it ${indiaTime(job.since)}`;
    found.push({
      key: `job:${job.name}`,
      title: `The scheduled job "${job.name}" has not run`,
      detail: `${when}; it should run every ${periodText(job.everyMs)}.`,
      advice:
        `Look for "${job.name}" errors in the shop's log: the database, the payment or the courier service may be ` +
        'failing it. This clears after its next good run.',
    });
  }
  return found;
}

/** The data folder's disk more than DISK_FULL_AT full. */
async function diskCheck(deps: CheckDeps): Promise<Found[]> {
  const use = await deps.measureDisk(deps.config.dataDir);
  if (!use) return [];
  const total = use.usedBytes + use.availableBytes;
  if (total <= 0 || use.usedBytes / total <= DISK_FULL_AT) return [];
  const percent = Math.floor((use.usedBytes / total) * 100);
  const gb = (use.availableBytes / 1024 ** 3).toFixed(1);
  return [
    {
      key: 'disk',
      title: 'The disk is nearly full',
      detail: `The disk of the data folder (${deps.config.dataDir}) is ${percent}% full: ${gb} GB left.`,
      advice:
        'Free space (old backups, logs) or give the machine a larger disk: the database, the pictures and local ' +
        'backups live there, and a full disk stops the shop taking orders.',
    },
  ];
}

/** The courier's tracking webhook refused WEBHOOK_REFUSALS times or more in the last hour. */
async function courierWebhookCheck(db: Db, now: Date): Promise<Found[]> {
  const { refusals, lastAt } = await courierWebhookRefusalsSince(db, new Date(now.getTime() - HOUR_MS));
  if (refusals < WEBHOOK_REFUSALS) return [];
  const last = lastAt ? `, the last ${indiaTime(lastAt)}` : '';
  return [
    {
      key: 'courier-webhook',
      title: "The courier's tracking updates are refused",
      detail: `${refusals} calls to the tracking webhook were refused in the last hour for a wrong or missing token${last}.`,
      advice:
        "Make the token in Shiprocket's webhook settings and SHIPROCKET_WEBHOOK_TOKEN the same. Until then parcels " +
        'move only when the shop asks Shiprocket itself. This clears after an hour without refusals.',
    },
  ];
}

/** Every check, one after the other (a busy shop's pool is not taken over by them), each problem once by its key. */
export async function findProblems(deps: CheckDeps, now: Date): Promise<Found[]> {
  const watchedSince = await watchStartedAt(deps.db);
  return [
    ...(await backupCheck(deps.db, now, watchedSince)),
    ...(await outboxCheck(deps.db, now)),
    ...(await refundCheck(deps.db)),
    ...(await jobCheck(deps, now)),
    ...(await diskCheck(deps)),
    ...(await courierWebhookCheck(deps.db, now)),
  ];
}
