import type { AttentionAnswer } from '@bagshop/shared/schemas/attention';
import { and, asc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { attentionProblems } from '../../db/schema/attention.ts';
import { users } from '../../db/schema/users.ts';
import { enqueueMail } from '../mail-outbox/service.ts';
import type { Found } from './checks.ts';

/** Advisory lock of the attention record, in a key space of its own: one process at a time writes it. */
const ATTENTION_LOCK = 1_730_302;

/** What one check changed: the keys open after it, and those it opened, cleared and mailed. */
export interface AttentionOutcome {
  open: string[];
  opened: string[];
  cleared: string[];
  mailed: string[];
}

/** ALERT_EMAIL, else the first administrator: the oldest admin account still in use. */
async function recipientOf(tx: Tx, alertEmail: string | undefined): Promise<string | null> {
  if (alertEmail) return alertEmail;
  const [admin] = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isBlocked, false), isNull(users.deletedAt)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return admin?.email ?? null;
}

/**
 * Writes what the checks found: a problem not open yet is opened, one still there gets its particulars and
 * last_seen_at, an open one no longer found is cleared (if it comes back it is a new problem). Each open problem not
 * mailed yet is marked mailed and its mail queued in the same transaction, so it is mailed once whichever process
 * gets there first; with nobody to mail (no ALERT_EMAIL, no admin yet) it waits for the next check. Checks run
 * by several processes take turns on a transaction-level lock, so none waits on another's rows in a different order.
 */
export async function recordProblems(
  db: Db,
  found: readonly Found[],
  alertEmail: string | undefined,
  now: Date,
): Promise<AttentionOutcome> {
  const sorted = [...found].sort((a, b) => a.key.localeCompare(b.key));
  const keys = sorted.map((f) => f.key);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ATTENTION_LOCK}, 0)`);
    const opened: string[] = [];
    for (const problem of sorted) {
      const [row] = await tx
        .insert(attentionProblems)
        .values({ ...problem, firstSeenAt: now, lastSeenAt: now })
        .onConflictDoUpdate({
          target: attentionProblems.key,
          targetWhere: isNull(attentionProblems.clearedAt),
          set: { title: problem.title, detail: problem.detail, advice: problem.advice, lastSeenAt: now },
        })
        .returning({ inserted: sql<boolean>`xmax = 0` });
      if (row?.inserted) opened.push(problem.key);
    }
    const cleared = await tx
      .update(attentionProblems)
      .set({ clearedAt: now })
      .where(
        and(isNull(attentionProblems.clearedAt), keys.length > 0 ? notInArray(attentionProblems.key, keys) : undefined),
      )
      .returning({ key: attentionProblems.key });
    const recipient = await recipientOf(tx, alertEmail);
    const mailed: string[] = [];
    if (recipient) {
      const due = await tx
        .update(attentionProblems)
        .set({ mailedAt: now })
        .where(and(isNull(attentionProblems.clearedAt), isNull(attentionProblems.mailedAt)))
        .returning();
      for (const problem of due.sort((a, b) => a.key.localeCompare(b.key))) {
        await enqueueMail(tx, `attention:${problem.id}`, { address: recipient }, 'attention', {
          title: problem.title,
          detail: problem.detail,
          advice: problem.advice,
          since: problem.firstSeenAt.toISOString(),
        });
        mailed.push(problem.key);
      }
    }
    return { open: keys, opened, cleared: cleared.map((c) => c.key).sort(), mailed };
  });
}

/** The open problems, oldest first. */
export async function openProblems(db: DbOrTx): Promise<AttentionAnswer> {
  const rows = await db
    .select()
    .from(attentionProblems)
    .where(isNull(attentionProblems.clearedAt))
    .orderBy(asc(attentionProblems.firstSeenAt), asc(attentionProblems.key));
  return {
    problems: rows.map((row) => ({
      key: row.key,
      title: row.title,
      detail: row.detail,
      advice: row.advice,
      since: row.firstSeenAt.toISOString(),
    })),
  };
}
