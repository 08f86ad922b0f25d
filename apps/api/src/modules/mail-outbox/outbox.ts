import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { MailStatus } from '../../db/schema/messages.ts';
import type { MailPayloads, QueuedMail } from './mail-kinds.ts';

/** The channel a commit that queued mail notifies, so every worker wakes at once instead of at its next poll. */
export const MAIL_CHANNEL = 'mail_outbox';

/** How long a claimed row belongs to its worker; after that another worker may try it (the first one died). */
export const LEASE_MS = 2 * 60 * 1000;
/** Attempts before a mail is given up (status failed); with the backoff below that is about two days. */
export const MAX_ATTEMPTS = 12;
const FIRST_RETRY_MS = 30 * 1000;
const LONGEST_WAIT_MS = 6 * 60 * 60 * 1000;

/** Exponential backoff: 30 s, 1 min, 2 min … capped at 6 h, after the given failed attempt (1-based). */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);
}

/** Mail goes to a user's current address, read in the event's transaction. */
export type Recipient = { userId: string };

/**
 * Queues one mail inside the caller's transaction: it exists exactly when the event commits. `key` names the event
 * (e.g. `order-placed:<orderId>`); a second enqueue with the same key (a replayed webhook, a retried request) adds
 * nothing. The user's address is read in the same statement; a user who is gone gets no row.
 */
export async function enqueueMail<K extends QueuedMail['kind']>(
  tx: Tx,
  key: string,
  recipient: Recipient,
  kind: K,
  payload: MailPayloads[K],
): Promise<void> {
  const to = sql`(select email from users where id = ${recipient.userId})`;
  // One round trip; the notification goes out at commit, and only when a row was added.
  await tx.execute(sql`
    with queued as (
      insert into mail_outbox (dedupe_key, kind, "to", payload, status, attempts, next_attempt_at)
      select ${key}, ${kind}, t.address, ${JSON.stringify(payload)}::jsonb, 'pending', 0, now()
      from (select ${to} as address) t where t.address is not null
      on conflict (dedupe_key) do nothing
      returning id)
    select pg_notify(${MAIL_CHANNEL}, '') from queued`);
}

export interface ClaimedMail {
  id: string;
  kind: QueuedMail['kind'];
  to: string;
  payload: Record<string, unknown>;
  attempts: number;
  createdAt: Date;
}

/**
 * Takes up to `limit` due rows for this worker: pending rows whose time has come and sending rows whose lease ran
 * out. SKIP LOCKED lets several workers claim at once without waiting on or taking each other's rows; the attempt
 * is counted here, so a worker that dies mid-send has used one.
 */
export async function claimDueMail(db: DbOrTx, now: Date, limit = 10): Promise<ClaimedMail[]> {
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const result = await db.execute(sql`
    update mail_outbox m set status = 'sending', attempts = m.attempts + 1, lease_until = ${leaseUntil.toISOString()}
    where m.id in (
      select id from mail_outbox
      where (status = 'pending' and next_attempt_at <= ${now.toISOString()})
         or (status = 'sending' and lease_until <= ${now.toISOString()})
      order by next_attempt_at
      limit ${limit}
      for update skip locked)
    returning m.id, m.kind, m."to", m.payload, m.attempts, m.created_at`);
  return (result.rows as Record<string, unknown>[]).map((r) => ({
    id: String(r.id),
    kind: r.kind as QueuedMail['kind'],
    to: String(r.to),
    payload: r.payload as Record<string, unknown>,
    attempts: Number(r.attempts),
    createdAt: new Date(String(r.created_at)),
  }));
}

/**
 * Records the hand-over to the SMTP server, only while this worker's claim still stands (same attempt, still
 * sending): a worker whose lease was taken over cannot overwrite the newer attempt's outcome.
 */
export async function markSent(
  db: DbOrTx,
  mail: ClaimedMail,
  rendered: { subject: string; text: string; html: string },
  now: Date,
): Promise<void> {
  await db.execute(sql`
    update mail_outbox set status = 'sent', sent_at = ${now.toISOString()}, lease_until = null, last_error = null,
      subject = ${rendered.subject}, text = ${rendered.text}, html = ${rendered.html}
    where id = ${mail.id} and status = 'sending' and attempts = ${mail.attempts}`);
}

/** A failed attempt: back to pending after the backoff, or failed for good after the last attempt. */
export async function markFailed(db: DbOrTx, mail: ClaimedMail, error: unknown, now: Date): Promise<MailStatus> {
  const status: MailStatus = mail.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
  const next = new Date(now.getTime() + retryDelayMs(mail.attempts));
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  await db.execute(sql`
    update mail_outbox set status = ${status}, next_attempt_at = ${next.toISOString()}, lease_until = null,
      last_error = ${message}
    where id = ${mail.id} and status = 'sending' and attempts = ${mail.attempts}`);
  return status;
}

/** When the next row becomes due (a retry's time or a lease's end), or null when none waits. */
export async function nextDueAt(db: DbOrTx): Promise<Date | null> {
  const result = await db.execute(sql`
    select min(case when status = 'pending' then next_attempt_at else lease_until end) as at
    from mail_outbox where status in ('pending', 'sending')`);
  const at = (result.rows[0] as { at: string | Date | null } | undefined)?.at;
  return at ? new Date(at) : null;
}
