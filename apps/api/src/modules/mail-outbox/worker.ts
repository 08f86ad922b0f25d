import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import { type MailTransport, messageIdDomain } from '../../platform/mail.ts';
import { type ClaimedMail, claimDueMail, MAIL_CHANNEL, markFailed, markSent, nextDueAt } from './outbox.ts';
import { type MailSources, renderQueuedMail } from './render.ts';

/** The longest the worker sleeps: it also catches mail whose notification a lost listener missed. */
const POLL_MS = 60 * 1000;
const RELISTEN_MS = 5 * 1000;

export interface MailWorkerDeps {
  db: Db;
  transport: MailTransport;
  sources: MailSources;
  /** MAIL_FROM: its domain names each Message-ID. */
  from: string;
  onError(error: unknown, mail?: ClaimedMail): void;
}

async function recipientName(db: Db, to: string): Promise<string | null> {
  const result = await db.execute(sql`select name from users where lower(email) = lower(${to}) limit 1`);
  const name = (result.rows[0] as { name?: string } | undefined)?.name;
  return name || null;
}

async function deliverOne(deps: MailWorkerDeps, mail: ClaimedMail, now: Date): Promise<boolean> {
  try {
    const rendered = await renderQueuedMail(mail, deps.sources, await recipientName(deps.db, mail.to));
    await deps.transport.deliver({
      to: mail.to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      attachments: rendered.attachments,
      // The same on every attempt: a receiver that got the mail before the shop heard its answer can drop the copy.
      messageId: `<${mail.id}@${messageIdDomain(deps.from)}>`,
    });
    await markSent(deps.db, mail, rendered, new Date(Math.max(now.getTime(), Date.now())));
    return true;
  } catch (error) {
    await markFailed(deps.db, mail, error, now);
    deps.onError(error, mail);
    return false;
  }
}

/**
 * Sends every mail due at `now`, a few at a time, each claimed under a lease so other workers skip it. Returns how
 * many were handed to the transport. Tests pass a later `now` instead of waiting for a retry or a lease.
 */
export async function deliverDueMail(deps: MailWorkerDeps, now: Date = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await claimDueMail(deps.db, now);
    if (batch.length === 0) return sent;
    for (const mail of batch) if (await deliverOne(deps, mail, now)) sent += 1;
  }
}

export interface MailWorker {
  /** Runs now (or right after the run under way). */
  nudge(): void;
  /** Stops listening and waits for a run under way. */
  stop(): Promise<void>;
}

/**
 * The worker of one shop process: woken by the commit of any transaction that queued mail (LISTEN on its own
 * connection, never one of the pool's), at the next retry or lease end, and at least every minute. Never a busy
 * loop: it sleeps until one of those.
 */
export function startMailWorker(deps: MailWorkerDeps & { pool: pg.Pool }): MailWorker {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let listener: pg.Client | null = null;

  const sleepUntilDue = async () => {
    let wait = POLL_MS;
    try {
      const due = await nextDueAt(deps.db);
      if (due) wait = Math.min(POLL_MS, Math.max(0, due.getTime() - Date.now()) + 50);
    } catch (error) {
      deps.onError(error);
    }
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(nudge, wait);
    timer.unref();
  };

  function nudge() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await deliverDueMail(deps);
        } catch (error) {
          deps.onError(error);
        }
      } while (again && !stopped);
      await sleepUntilDue();
    })().finally(() => {
      running = null;
    });
  }

  const listen = async () => {
    if (stopped) return;
    const client = new pg.Client({ ...deps.pool.options, application_name: 'bagshop mail worker' });
    client.on('notification', nudge);
    client.on('error', (error) => {
      deps.onError(error);
      client.end().catch(() => {});
      if (listener === client) listener = null;
      if (!stopped) setTimeout(() => void listen(), RELISTEN_MS).unref();
    });
    try {
      await client.connect();
      await client.query(`listen ${MAIL_CHANNEL}`);
      if (stopped) {
        await client.end();
        return;
      }
      listener = client;
      nudge(); // whatever was queued while nobody listened
    } catch (error) {
      deps.onError(error);
      client.end().catch(() => {});
      if (!stopped) setTimeout(() => void listen(), RELISTEN_MS).unref();
    }
  };

  void listen();
  nudge();
  return {
    nudge,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await listener?.end().catch(() => {});
      listener = null;
      deps.transport.close();
    },
  };
}
