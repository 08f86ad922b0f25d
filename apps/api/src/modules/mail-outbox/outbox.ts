import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { MailStatus } from '../../db/schema/messages.ts';
import type { MailKind, MailPayloads, QueuedMail } from './mail-kinds.ts';

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

/**
 * Mail goes to a user's current address, read in the event's transaction, or to an address of the shop's settings
 * (ALERT_EMAIL), which belongs to no account.
 */
export type Recipient = { userId: string } | { address: string };

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
  await tx.execute(enqueueMailStatement(key, recipient, kind, payload));
}

/** enqueueMail's statement, for a transaction that sends it together with others (see `CommitWith`). */
export function enqueueMailStatement<K extends QueuedMail['kind']>(
  key: string,
  recipient: Recipient,
  kind: K,
  payload: MailPayloads[K],
): SQL {
  const to =
    'address' in recipient
      ? sql`${recipient.address}::text`
      : sql`(select email from users where id = ${recipient.userId})`;
  // One round trip; the notification goes out at commit, and only when a row was added.
  return sql`
    with queued as (
      insert into mail_outbox (dedupe_key, kind, "to", payload, status, attempts, next_attempt_at)
      select ${key}, ${kind}, t.address, ${JSON.stringify(payload)}::jsonb, 'pending', 0, now()
      from (select ${to} as address) t where t.address is not null
      on conflict (dedupe_key) do nothing
      returning id)
    select pg_notify(${MAIL_CHANNEL}, '') from queued`;
}

/**
 * The body of a CTE that queues one mail of `kind` to every administrator (not blocked, not deleted) for each row of
 * `events`, a relation of the same statement with the columns `key` (the event) and `payload`. The caller's
 * statement runs `pg_notify` over its answer (see `notifyMailSql`), so the workers wake at commit.
 */
export function adminMailInsertSql(kind: MailKind, events: SQL): SQL {
  return sql`
    insert into mail_outbox (dedupe_key, kind, "to", payload, status, attempts, next_attempt_at)
    select e.key || ':' || u.id, ${kind}, u.email, e.payload, 'pending', 0, now()
    from ${events} e
      -- Read per event: a statement with no event (nearly every checkout) never reads the users.
      cross join lateral (select id, email from users where is_admin and not is_blocked and deleted_at is null) u
    on conflict (dedupe_key) do nothing
    returning id`;
}

/** A scalar that notifies the mail workers once when `queued` (a CTE of inserted outbox rows) has a row. */
export function notifyMailSql(queued: SQL): SQL {
  return sql`(select count(*) from (select pg_notify(${MAIL_CHANNEL}, '') from ${queued} limit 1) q)`;
}

export interface OutboxBacklog {
  /** Mail not delivered and not given up: waiting for its turn, or claimed by a worker that may have died. */
  pending: number;
  /** Seconds since the oldest of them was queued; 0 when there is none. */
  oldestAgeSeconds: number;
}

/** The outbox's backlog in one read of the due index (its predicate is the same status list). */
export async function outboxBacklog(db: DbOrTx): Promise<OutboxBacklog> {
  const result = await db.execute<{ pending: number; oldest_age_seconds: number | null }>(sql`
    select count(*)::int as pending, extract(epoch from now() - min(created_at))::float8 as oldest_age_seconds
    from mail_outbox where status in ('pending', 'sending')`);
  const row = result.rows[0];
  return { pending: row.pending, oldestAgeSeconds: Math.max(0, row.oldest_age_seconds ?? 0) };
}

export interface ClaimedMail {
  id: string;
  kind: QueuedMail['kind'];
  to: string;
  payload: Record<string, unknown>;
  attempts: number;
  createdAt: Date;
  /** The name of the user with this address, read with the claim (order mail greets the order's owner instead). */
  recipientName: string | null;
}

/** How many rows one claim takes: the mails sent between a claim and the one statement that records them. */
export const CLAIM_LIMIT = 20;

/**
 * Takes up to `limit` due rows for this worker: pending rows whose time has come and sending rows whose lease ran
 * out. SKIP LOCKED lets several workers claim at once without waiting on or taking each other's rows; the attempt
 * is counted here, so a worker that dies mid-send has used one. The recipient's name comes in the same statement.
 */
export async function claimDueMail(db: DbOrTx, now: Date, limit = CLAIM_LIMIT): Promise<ClaimedMail[]> {
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
    returning m.id, m.kind, m."to", m.payload, m.attempts, m.created_at,
      (select u.name from users u where u.email = m."to" and u.deleted_at is null) as recipient_name`);
  return (result.rows as Record<string, unknown>[]).map((r) => ({
    id: String(r.id),
    kind: r.kind as QueuedMail['kind'],
    to: String(r.to),
    payload: r.payload as Record<string, unknown>,
    attempts: Number(r.attempts),
    createdAt: new Date(String(r.created_at)),
    recipientName: typeof r.recipient_name === 'string' && r.recipient_name ? r.recipient_name : null,
  }));
}

/** What became of one claimed row in this worker's hands. */
export type MailOutcome =
  /** Handed to the SMTP server (or printed): the rendered mail is kept with the row. */
  | { mail: ClaimedMail; sent: { subject: string; text: string; html: string } }
  /** The attempt failed: retried after the backoff, or failed for good after the last attempt. */
  | { mail: ClaimedMail; error: unknown }
  /** Not tried (the claim ran short of lease): back to pending at once, the attempt not counted. */
  | { mail: ClaimedMail; released: true };

/** One row of the outcome statement; the names are the columns of its `json_to_recordset`. */
type OutcomeRow = {
  id: string;
  attempts: number;
  status: MailStatus;
  new_attempts: number;
  next_attempt_at: string | null;
  sent_at: string | null;
  last_error: string | null;
  failed_at: string | null;
  subject: string | null;
  text: string | null;
  html: string | null;
};

function outcomeRow(outcome: MailOutcome, now: Date, sentAt: Date): OutcomeRow {
  const { mail } = outcome;
  const claim = { id: mail.id, attempts: mail.attempts };
  const nothing = {
    next_attempt_at: null,
    sent_at: null,
    last_error: null,
    failed_at: null,
    subject: null,
    text: null,
    html: null,
  };
  if ('sent' in outcome) {
    return {
      ...claim,
      ...nothing,
      ...outcome.sent,
      status: 'sent',
      new_attempts: mail.attempts,
      sent_at: sentAt.toISOString(),
    };
  }
  if ('released' in outcome) {
    return {
      ...claim,
      ...nothing,
      status: 'pending',
      new_attempts: mail.attempts - 1,
      next_attempt_at: now.toISOString(),
    };
  }
  const { error } = outcome;
  return {
    ...claim,
    ...nothing,
    status: mail.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
    new_attempts: mail.attempts,
    next_attempt_at: new Date(now.getTime() + retryDelayMs(mail.attempts)).toISOString(),
    last_error: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
    failed_at: now.toISOString(),
  };
}

/**
 * Records the outcomes of one claim in one statement, each only while this worker's claim on its row still stands
 * (same attempt, still sending): a worker whose lease was taken over cannot overwrite the newer attempt's outcome.
 * `now` dates the retries (tests pass a later one), `sentAt` the hand-overs.
 */
export async function recordOutcomes(
  db: DbOrTx,
  outcomes: readonly MailOutcome[],
  now: Date,
  sentAt: Date = now,
): Promise<void> {
  if (outcomes.length === 0) return;
  const rows = JSON.stringify(outcomes.map((o) => outcomeRow(o, now, sentAt)));
  await db.execute(sql`
    update mail_outbox m set status = o.status, attempts = o.new_attempts, lease_until = null,
      next_attempt_at = coalesce(o.next_attempt_at, m.next_attempt_at), sent_at = o.sent_at,
      last_error = o.last_error, first_failed_at = coalesce(m.first_failed_at, o.failed_at),
      subject = o.subject, text = o.text, html = o.html
    from json_to_recordset(${rows}::json) as o(id uuid, attempts int, status text, new_attempts int,
      next_attempt_at timestamptz, sent_at timestamptz, last_error text, failed_at timestamptz,
      subject text, text text, html text)
    where m.id = o.id and m.status = 'sending' and m.attempts = o.attempts`);
}

/** When the next row becomes due (a retry's time or a lease's end), or null when none waits. */
export async function nextDueAt(db: DbOrTx): Promise<Date | null> {
  const result = await db.execute(sql`
    select min(case when status = 'pending' then next_attempt_at else lease_until end) as at
    from mail_outbox where status in ('pending', 'sending')`);
  const at = (result.rows[0] as { at: string | Date | null } | undefined)?.at;
  return at ? new Date(at) : null;
}
