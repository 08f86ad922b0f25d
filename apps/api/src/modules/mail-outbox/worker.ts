import { setImmediate as nextTurn } from 'node:timers/promises';
import type { OrderDto } from '@bagshop/shared/order-types';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import { type MailTransport, messageIdDomain } from '../../platform/mail.ts';
import {
  CLAIM_LIMIT,
  type ClaimedMail,
  claimDueMail,
  LEASE_MS,
  MAIL_CHANNEL,
  type MailOutcome,
  nextDueAt,
  recordOutcomes,
} from './outbox.ts';
import { type MailSources, orderIdsOf, renderQueuedMail } from './render.ts';

/** The longest the worker sleeps: it also catches mail whose notification a lost listener missed. */
const POLL_MS = 60 * 1000;
const RELISTEN_MS = 5 * 1000;
/**
 * A notification is acted on this much later, so the mail of commits close together (a busy hour's orders) goes out
 * in one claim, one read of their orders and one record of the outcomes, instead of a round of statements each.
 */
const GATHER_MS = 100;

export interface MailWorkerDeps {
  db: Db;
  transport: MailTransport;
  sources: MailSources;
  /** MAIL_FROM: its domain names each Message-ID. */
  from: string;
  onError(error: unknown, mail?: ClaimedMail): void;
}

/**
 * Renders and hands over the mails of one claim, then records every outcome in one statement. The batch's orders
 * are read together first. Hand-overs stop at half the lease: whatever is left goes back to pending at once, so no
 * other worker can take a row over while this one may still send it.
 */
async function deliverClaimed(deps: MailWorkerDeps, batch: readonly ClaimedMail[], now: Date): Promise<number> {
  const handOverUntil = Date.now() + LEASE_MS / 2;
  let orders: Map<string, OrderDto>;
  try {
    orders = await deps.sources.loadOrders(orderIdsOf(batch));
  } catch (error) {
    deps.onError(error);
    await recordOutcomes(
      deps.db,
      batch.map((mail) => ({ mail, error })),
      now,
    );
    return 0;
  }
  const outcomes: MailOutcome[] = [];
  for (const mail of batch) {
    // One mail per turn of the event loop: rendering a whole claim at once would hold every request waiting behind
    // it, and a checkout waiting there holds its bags' row locks, so every other checkout of them waits too.
    await nextTurn();
    if (Date.now() > handOverUntil) {
      outcomes.push({ mail, released: true });
      continue;
    }
    try {
      const rendered = await renderQueuedMail(mail, deps.sources, orders);
      await deps.transport.deliver({
        to: mail.to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        attachments: rendered.attachments,
        // The same on every attempt: a receiver that got the mail before the shop heard its answer can drop the copy.
        messageId: `<${mail.id}@${messageIdDomain(deps.from)}>`,
        about: rendered.about,
      });
      outcomes.push({ mail, sent: { subject: rendered.subject, text: rendered.text, html: rendered.html } });
    } catch (error) {
      outcomes.push({ mail, error });
      deps.onError(error, mail);
    }
  }
  await recordOutcomes(deps.db, outcomes, now, new Date(Math.max(now.getTime(), Date.now())));
  return outcomes.filter((o) => 'sent' in o).length;
}

/**
 * Sends every mail due at `now`, a claim of up to CLAIM_LIMIT rows at a time, each claimed under a lease so other
 * workers skip it. Returns how many were handed to the transport. Tests pass a later `now` instead of waiting for a
 * retry or a lease. A claim that came back short means nothing else was due; mail queued since wakes the worker.
 */
export async function deliverDueMail(deps: MailWorkerDeps, now: Date = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await claimDueMail(deps.db, now, CLAIM_LIMIT);
    if (batch.length > 0) sent += await deliverClaimed(deps, batch, now);
    if (batch.length < CLAIM_LIMIT) return sent;
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
 * connection, never one of the pool's; GATHER_MS later), at the next retry or lease end, and at least every minute.
 * Never a busy loop: it sleeps until one of those.
 */
export function startMailWorker(deps: MailWorkerDeps & { pool: pg.Pool }): MailWorker {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let gathering: NodeJS.Timeout | null = null;
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

  const gatherThenNudge = () => {
    if (stopped || gathering) return;
    gathering = setTimeout(() => {
      gathering = null;
      nudge();
    }, GATHER_MS);
    gathering.unref();
  };

  const listen = async () => {
    if (stopped) return;
    const client = new pg.Client({ ...deps.pool.options, application_name: 'bagshop mail worker' });
    client.on('notification', gatherThenNudge);
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
      if (gathering) clearTimeout(gathering);
      await running;
      await listener?.end().catch(() => {});
      listener = null;
      deps.transport.close();
    },
  };
}
