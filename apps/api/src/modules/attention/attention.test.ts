import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeRazorpay, startFakeRazorpay } from '../../../test/fake-razorpay.ts';
import type { CaughtMail } from '../../../test/mail-catcher.ts';
import { testMailWorkerDeps } from '../../../test/mail-worker.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { connectDatabase, type Database, type Db } from '../../db/client.ts';
import { attentionProblems } from '../../db/schema/attention.ts';
import { backups } from '../../db/schema/backups.ts';
import { jobRuns } from '../../db/schema/job-runs.ts';
import { mailOutbox } from '../../db/schema/messages.ts';
import { payments } from '../../db/schema/orders.ts';
import { courierWebhookRefusals } from '../../db/schema/shipping.ts';
import { shopFacts } from '../../db/schema/shop.ts';
import type { PaymentProvider } from '../../platform/payments/provider.ts';
import { createRazorpayProvider } from '../../platform/payments/razorpay.ts';
import { runOnceAcrossProcesses, type ScheduledHere } from '../../platform/run-once.ts';
import { enqueueMail } from '../mail-outbox/service.ts';
import { deliverDueMail, type MailWorkerDeps } from '../mail-outbox/worker.ts';
import { createShopper, placeOrderOf, recordingRealtime } from '../orders/order-fixtures.ts';
import { moveLockedItems } from '../orders/service.ts';
import { retryPendingRefunds } from '../payments/card-refunds.ts';
import { expireUnpaidOrders } from '../payments/service.ts';
import { type DiskUse, statfsDiskUse, WATCH_STARTED } from './checks.ts';
import { type AttentionDeps, type AttentionOutcome, checkAttentionNow } from './service.ts';

const ALERT = 'owner@bagshop.example';
const WEBHOOK_TOKEN = 'courier-webhook-token-0123456789';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ago = (ms: number) => new Date(Date.now() - ms);

describe('the attention check: one mail per problem while it lasts', () => {
  let t: TestApp;
  /** A second shop process on the same database. */
  let other: Database;
  let fake: FakeRazorpay;
  let provider: PaymentProvider;
  let admin: TestUser;
  let shopper: TestUser;
  let mailDeps: MailWorkerDeps;
  const mailErrors: unknown[] = [];
  /** What the checks are told: ALERT_EMAIL, the jobs on a timer and the disk's figures. */
  let alertEmail: string | undefined = ALERT;
  let jobs: ScheduledHere[] = [];
  let disk: DiskUse = { usedBytes: 40, availableBytes: 60 };

  beforeAll(async () => {
    fake = await startFakeRazorpay('rzp_test_attention', 'attention_key_secret');
    provider = createRazorpayProvider({ keyId: fake.keyId, keySecret: fake.keySecret, apiUrl: fake.url });
    t = await createTestApp(
      {
        ALERT_EMAIL: ALERT,
        SHIPPING_PROVIDER: 'shiprocket',
        SHIPROCKET_EMAIL: 'shop@example.in',
        SHIPROCKET_PASSWORD: 'not-used-here',
        SHIPROCKET_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
        // Nothing here books a parcel: the courier's API is never called.
        SHIPROCKET_API_URL: 'http://127.0.0.1:9',
      },
      { payments: provider },
    );
    other = connectDatabase(String(t.database.pool.options.connectionString), 3);
    admin = await createUser(t, { isAdmin: true, name: 'Meera Iyer' });
    shopper = await createUser(t);
    mailDeps = testMailWorkerDeps(t, 'https://shop.example.in', (error) => mailErrors.push(error));
  });
  afterAll(async () => {
    await other.close();
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    alertEmail = ALERT;
    jobs = [];
    disk = { usedBytes: 40, availableBytes: 60 };
  });

  const depsOf = (db: Db): AttentionDeps => ({
    db,
    config: { ALERT_EMAIL: alertEmail, dataDir: t.dataDir },
    jobs: () => jobs,
    measureDisk: async () => disk,
  });

  /** A moment no earlier than any row queued so far (rows are stamped to the microsecond). */
  const dueNow = () => new Date(Date.now() + 1);

  /**
   * Two shop processes check at the same moment, then one checks again; the mail queued is then sent. Returns the
   * outcomes and the attention mails that reached the SMTP server meanwhile.
   */
  async function checkTwice(): Promise<{ outcomes: AttentionOutcome[]; mails: CaughtMail[] }> {
    const before = t.mail.messages.length;
    const outcomes = await Promise.all([checkAttentionNow(depsOf(t.database.db)), checkAttentionNow(depsOf(other.db))]);
    outcomes.push(await checkAttentionNow(depsOf(other.db)));
    await deliverDueMail(mailDeps, dueNow());
    const mails = t.mail.messages.slice(before).filter((m) => m.subject.startsWith('Needs your attention'));
    return { outcomes, mails };
  }

  const panel = async () => {
    const res = await t.request({ method: 'GET', url: '/api/admin/attention', token: admin.token });
    expect(res.statusCode).toBe(200);
    return res.json().problems as Array<{ key: string; title: string; detail: string; advice: string; since: string }>;
  };

  /** The problem opened once (by one of the two processes), mailed once to ALERT_EMAIL, and on the panel. */
  async function expectRaisedOnce(key: string, title: string, to = ALERT) {
    const { outcomes, mails } = await checkTwice();
    expect(outcomes.filter((o) => o.opened.includes(key))).toHaveLength(1);
    expect(outcomes.filter((o) => o.mailed.includes(key))).toHaveLength(1);
    expect(outcomes.every((o) => o.open.includes(key))).toBe(true);
    const about = mails.filter((m) => m.subject === `Needs your attention: ${title}`);
    expect(about).toHaveLength(1);
    expect(about[0].to).toEqual([to]);
    expect(about[0].text).toContain('What to do:');
    expect(about[0].text).toContain('https://shop.example.in/admin/dashboard');
    const listed = (await panel()).find((p) => p.key === key);
    expect(listed).toMatchObject({ key, title });
    // Checked again while it lasts: no second mail.
    expect((await checkTwice()).mails).toEqual([]);
    return { mail: about[0], listed: listed as NonNullable<typeof listed> };
  }

  /** Gone once the condition is fixed: cleared by the next check, off the panel, and nothing mailed. */
  async function expectCleared(key: string) {
    const { outcomes, mails } = await checkTwice();
    expect(outcomes.filter((o) => o.cleared.includes(key))).toHaveLength(1);
    expect(outcomes.every((o) => !o.open.includes(key))).toBe(true);
    expect(mails).toEqual([]);
    expect((await panel()).map((p) => p.key)).not.toContain(key);
    const rows = await t.database.db.select().from(attentionProblems).where(eq(attentionProblems.key, key));
    expect(rows.every((r) => r.clearedAt !== null && r.mailedAt !== null)).toBe(true);
  }

  it('the panel is for administrators only, and empty while all is well', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/attention' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/admin/attention', token: shopper.token })).statusCode).toBe(
      403,
    );
    const { outcomes, mails } = await checkTwice();
    expect(outcomes.map((o) => o.open)).toEqual([[], [], []]);
    expect(mails).toEqual([]);
    expect(await panel()).toEqual([]);
  });

  describe('backups', () => {
    it('a failed backup: raised once with its error, cleared by a good one', async () => {
      await t.database.db.insert(backups).values({
        kind: 'scheduled',
        startedAt: ago(20 * MINUTE),
        finishedAt: ago(15 * MINUTE),
        ok: false,
        error: 'No space left on device',
      });
      const { mail, listed } = await expectRaisedOnce('backup', 'The last backup failed');
      expect(listed.detail).toMatch(
        /^The scheduled backup started .* \(India time\) failed: No space left on device\./,
      );
      expect(listed.detail).toContain('No backup has succeeded yet.');
      expect(mail.text).toContain('No space left on device');

      await t.database.db.insert(backups).values({
        kind: 'manual',
        startedAt: ago(2 * MINUTE),
        finishedAt: ago(MINUTE),
        ok: true,
        location: '/var/backups/bagshop/manual.tar',
        sizeBytes: 1_048_576,
      });
      await expectCleared('backup');
    });

    it('no good backup in 36 hours: not in a new shop’s first 36 hours, then raised as a new problem', async () => {
      // The last good backup finished 37 hours ago; the shop was first checked 35 hours ago.
      await t.database.db.delete(backups);
      await t.database.db
        .insert(backups)
        .values({ kind: 'scheduled', startedAt: ago(37.1 * HOUR), finishedAt: ago(37 * HOUR), ok: true });
      await t.database.db
        .update(shopFacts)
        .set({ recordedAt: ago(35 * HOUR) })
        .where(eq(shopFacts.key, WATCH_STARTED));
      expect((await checkTwice()).outcomes.every((o) => !o.open.includes('backup'))).toBe(true);

      await t.database.db
        .update(shopFacts)
        .set({ recordedAt: ago(40 * HOUR) })
        .where(eq(shopFacts.key, WATCH_STARTED));
      const { listed } = await expectRaisedOnce('backup', 'No backup in the last 36 hours');
      expect(listed.detail).toMatch(/The last good backup finished .* \(India time\)\./);
      // A new problem under the same key: its own row, its own mail.
      expect(
        await t.database.db.select().from(attentionProblems).where(eq(attentionProblems.key, 'backup')),
      ).toHaveLength(2);

      await t.database.db.insert(backups).values({ kind: 'scheduled', finishedAt: new Date(), ok: true });
      await expectCleared('backup');
    });
  });

  it('mail failing for over an hour: raised once (mailed once the mail server is back), cleared once it goes out', async () => {
    const u = await createUser(t);
    const key = `password-changed:${u.id}:attention`;
    await t.database.db.transaction((tx) =>
      enqueueMail(tx, key, { userId: u.id }, 'password-changed', { at: new Date().toISOString() }),
    );
    // Queued two hours ago, when the mail server started refusing.
    const twoHoursAgo = ago(2 * HOUR);
    await t.database.db
      .update(mailOutbox)
      .set({ createdAt: twoHoursAgo, nextAttemptAt: twoHoursAgo })
      .where(eq(mailOutbox.dedupeKey, key));
    t.mail.refuse(true);
    try {
      await deliverDueMail(mailDeps, twoHoursAgo);
      const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, key));
      expect(row).toMatchObject({ status: 'pending', attempts: 1, firstFailedAt: twoHoursAgo });

      // Still refusing: the problem is opened and its mail queued, but it cannot go out either.
      const { outcomes, mails } = await checkTwice();
      expect(outcomes.filter((o) => o.opened.includes('outbox'))).toHaveLength(1);
      expect(outcomes.filter((o) => o.mailed.includes('outbox'))).toHaveLength(1);
      expect(mails).toEqual([]);
      const [listed] = (await panel()).filter((p) => p.key === 'outbox');
      expect(listed.title).toBe('Mail is not going out');
      expect(listed.detail).toMatch(/^1 mail has failed to send for over an hour, the first since .*451/);
    } finally {
      t.mail.refuse(false);
    }
    expect(mailErrors.length).toBeGreaterThan(0);
    mailErrors.length = 0;
    // The mail server is back: after the backoff the stuck mail and the owner's mail go out, each once.
    const before = t.mail.messages.length;
    await deliverDueMail(mailDeps, new Date(Date.now() + 10 * MINUTE));
    const arrived = t.mail.messages.slice(before);
    expect(arrived.filter((m) => m.subject === 'Needs your attention: Mail is not going out')).toHaveLength(1);
    expect(arrived.filter((m) => m.to.includes(u.email))).toHaveLength(1);
    expect(mailErrors).toEqual([]);
    await expectCleared('outbox');
  });

  it('a card refund Razorpay refuses three times: raised once, cleared when Razorpay takes it', async () => {
    const s = await createShopper(t);
    const placed = await placeOrderOf(t, s, 'razorpay');
    if (!placed.payment) throw new Error('no card payment');
    const afterWindow = new Date(new Date(placed.order.createdAt).getTime() + 31 * MINUTE);
    await expireUnpaidOrders({ db: t.database.db, realtime: recordingRealtime(), moveLockedItems }, afterWindow);
    // The payment arrives for the cancelled order; Razorpay refuses its refund three times over three minutes.
    fake.failNextRefunds(3);
    const paymentId = `pay_att${crypto.randomBytes(4).toString('hex')}`;
    const providerOrderId = placed.payment.id;
    const signature = crypto
      .createHmac('sha256', fake.keySecret)
      .update(`${providerOrderId}|${paymentId}`)
      .digest('hex');
    const verified = await t.request({
      method: 'POST',
      url: '/api/user/verify-payment',
      token: s.token,
      payload: {
        orderId: placed.order._id,
        razorpay_order_id: providerOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: signature,
      },
    });
    expect(verified.statusCode).toBe(409);
    const refundDeps = { db: t.database.db, payments: provider, metrics: t.app.metrics };
    const rowOf = async () =>
      (await t.database.db.select().from(payments).where(eq(payments.providerOrderId, providerOrderId)))[0];
    expect(await retryPendingRefunds(refundDeps, new Date(Date.now() + 2 * MINUTE))).toBe(0);
    expect(await rowOf()).toMatchObject({ status: 'refund_pending', refundRefusals: 2 });
    // Two refusals are a bad minute, not yet a problem.
    const key = `refund:${(await rowOf()).id}`;
    expect((await checkTwice()).outcomes.every((o) => !o.open.includes(key))).toBe(true);

    expect(await retryPendingRefunds(refundDeps, new Date(Date.now() + 4 * MINUTE))).toBe(0);
    const refused = await rowOf();
    expect(refused).toMatchObject({ status: 'refund_pending', refundRefusals: 3 });
    expect(refused.refundLastError).toMatch(/Razorpay answered 500/);
    const { listed } = await expectRaisedOnce(key, 'A card refund keeps being refused');
    expect(listed.detail).toContain(`for order ${placed.order.orderId} (payment ${paymentId}) was refused 3 times`);

    expect(await retryPendingRefunds(refundDeps, new Date(Date.now() + 6 * MINUTE))).toBe(1);
    expect(await rowOf()).toMatchObject({ status: 'refunded' });
    await expectCleared(key);
  });

  describe('scheduled jobs', () => {
    it('a job whose last run finished over three periods ago: raised once, cleared by its next run', async () => {
      const job = { name: 'test-hourly', everyMs: HOUR };
      jobs = [{ ...job, since: ago(10 * HOUR) }];
      // Two periods and a half late is drift or a slow run.
      const lastRun = ago(2.5 * HOUR);
      await t.database.db.insert(jobRuns).values({ name: job.name, startedAt: lastRun, finishedAt: lastRun, runs: 7 });
      expect((await checkTwice()).outcomes.every((o) => !o.open.includes('job:test-hourly'))).toBe(true);

      await t.database.db
        .update(jobRuns)
        .set({ startedAt: ago(4 * HOUR), finishedAt: ago(4 * HOUR) })
        .where(eq(jobRuns.name, job.name));
      const { listed } = await expectRaisedOnce('job:test-hourly', 'The scheduled job "test-hourly" has not run');
      expect(listed.detail).toMatch(/^It last finished .* \(India time\); it should run every 1 hour\.$/);

      expect(await runOnceAcrossProcesses(t.database.db, job, async () => {})).toBe(true);
      await expectCleared('job:test-hourly');
    });

    it('a job that never finished since the shop started it counts once three periods have passed', async () => {
      const job = { name: 'test-never', everyMs: 5 * MINUTE };
      jobs = [{ ...job, since: ago(14 * MINUTE) }];
      expect((await checkTwice()).outcomes.every((o) => !o.open.includes('job:test-never'))).toBe(true);
      jobs = [{ ...job, since: ago(16 * MINUTE) }];
      const { listed } = await expectRaisedOnce('job:test-never', 'The scheduled job "test-never" has not run');
      expect(listed.detail).toMatch(
        /^It has not finished once since the shop started it .*; it should run every 5 minutes\.$/,
      );

      expect(await runOnceAcrossProcesses(t.database.db, job, async () => {})).toBe(true);
      await expectCleared('job:test-never');
    });
  });

  it('the data folder’s disk over 90 % full: raised once, cleared when space is freed', async () => {
    disk = { usedBytes: 90, availableBytes: 10 };
    expect((await checkTwice()).outcomes.every((o) => !o.open.includes('disk'))).toBe(true);
    disk = { usedBytes: 47 * 1024 ** 3, availableBytes: 3 * 1024 ** 3 };
    const { listed } = await expectRaisedOnce('disk', 'The disk is nearly full');
    expect(listed.detail).toBe(`The disk of the data folder (${t.dataDir}) is 94% full: 3.0 GB left.`);
    disk = { usedBytes: 30 * 1024 ** 3, availableBytes: 20 * 1024 ** 3 };
    await expectCleared('disk');
  });

  it('the real disk measure reads the data folder’s disk, and a missing folder measures nothing', async () => {
    const use = await statfsDiskUse(t.dataDir);
    expect(use?.usedBytes).toBeGreaterThan(0);
    expect(use?.availableBytes).toBeGreaterThanOrEqual(0);
    expect(await statfsDiskUse(`${t.dataDir}/not-there`)).toBeNull();
  });

  it('the courier webhook refused five times in an hour, through two processes: raised once, cleared an hour later', async () => {
    const sibling = await t.sibling();
    try {
      const call = (app: FastifyInstance, key: string) =>
        app.inject({
          method: 'POST',
          url: '/api/shipping/webhook',
          headers: { 'x-api-key': key },
          payload: { awb: 'NOTOURS123', current_status: 'IN TRANSIT' },
        });
      for (const app of [t.app, sibling.app, t.app, sibling.app]) {
        expect((await call(app, 'an-old-token-from-last-year')).statusCode).toBe(401);
      }
      // The right token is not a refusal.
      expect((await call(t.app, WEBHOOK_TOKEN)).statusCode).toBe(200);
      expect((await checkTwice()).outcomes.every((o) => !o.open.includes('courier-webhook'))).toBe(true);

      expect((await call(sibling.app, 'an-old-token-from-last-year')).statusCode).toBe(401);
      const { listed } = await expectRaisedOnce('courier-webhook', "The courier's tracking updates are refused");
      expect(listed.detail).toMatch(/^5 calls to the tracking webhook were refused in the last hour/);
    } finally {
      await sibling.close();
    }
    // An hour passes without a refusal.
    await t.database.db
      .update(courierWebhookRefusals)
      .set({ minute: sql`${courierWebhookRefusals.minute} - interval '61 minutes'` });
    await expectCleared('courier-webhook');
  });

  it('without ALERT_EMAIL the mail goes to the first administrator, and several problems are listed oldest first', async () => {
    alertEmail = undefined;
    await createUser(t, { isAdmin: true, email: `later-admin-${crypto.randomBytes(3).toString('hex')}@example.in` });
    disk = { usedBytes: 95, availableBytes: 5 };
    const { mail } = await expectRaisedOnce('disk', 'The disk is nearly full', admin.email);
    expect(mail.text).toContain('Hello Meera Iyer,');

    jobs = [{ name: 'test-late', everyMs: MINUTE, since: ago(HOUR) }];
    await checkTwice();
    expect((await panel()).map((p) => p.key)).toEqual(['disk', 'job:test-late']);
    disk = { usedBytes: 5, availableBytes: 95 };
    jobs = [];
    await checkTwice();
    expect(await panel()).toEqual([]);
  });
});
