import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { backups } from '../../db/schema/backups.ts';
import { jobRuns } from '../../db/schema/job-runs.ts';
import { mailOutbox } from '../../db/schema/messages.ts';
import { createShopper, placeOrderOf } from '../orders/order-fixtures.ts';

const TOKEN = 'metrics-token-for-the-tests-0123';
/** A client on another machine (TEST-NET-3). */
const OUTSIDE = '203.0.113.7';
const byToken = { remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${TOKEN}` } };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t?.close());

type Labels = Record<string, string>;

async function scrapeText(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', ...byToken });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

const scrape = async (): Promise<PrometheusFamily[]> => parsePrometheusTextFormat(await scrapeText());

function family(families: PrometheusFamily[], name: string): PrometheusFamily {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`${name} is not in the scrape`);
  return found;
}

const hasLabels = (sample: { labels?: Labels }, labels: Labels) =>
  Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value);

/** The value of a counter or gauge sample, or undefined when the scrape has no such series. */
function sampleValue(families: PrometheusFamily[], name: string, labels: Labels = {}): number | undefined {
  const sample = family(families, name).metrics.find((m) => hasLabels(m, labels));
  return sample?.value === undefined ? undefined : Number(sample.value);
}

async function currentValue(name: string, labels: Labels = {}): Promise<number> {
  return sampleValue(await scrape(), name, labels) ?? 0;
}

interface HistogramSeries {
  labels: Labels;
  count: number;
  sum: number;
  /** The cumulative count of the +Inf bucket. */
  all: number;
}

/**
 * The series of a labelled histogram. The parser folds all of them into one (it reads histograms the way prom2json
 * does only without labels), so their `_count`, `_sum` and `_bucket` lines are parsed as plain samples.
 */
function histogramSeries(body: string, name: string): HistogramSeries[] {
  const samples = (suffix: string) =>
    parsePrometheusTextFormat(
      `${body
        .split('\n')
        .filter((line) => line.startsWith(`${name}${suffix}{`))
        .join('\n')}\n`,
    ).flatMap((f) => f.metrics);
  const sums = samples('_sum');
  const buckets = samples('_bucket');
  return samples('_count').map(({ labels = {}, value }) => ({
    labels,
    count: Number(value),
    sum: Number(sums.find((m) => hasLabels(m, labels))?.value),
    all: Number(buckets.find((m) => hasLabels(m, { ...labels, le: '+Inf' }))?.value),
  }));
}

describe('GET /metrics', () => {
  it('has every metric of the shop with its type, beside the process metrics, uncached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', ...byToken });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const types = Object.fromEntries(parsePrometheusTextFormat(res.body).map((f) => [f.name, f.type]));
    expect(types).toMatchObject({
      http_request_duration_seconds: 'HISTOGRAM',
      bagshop_orders_placed_total: 'COUNTER',
      bagshop_payments_total: 'COUNTER',
      bagshop_outbox_pending: 'GAUGE',
      bagshop_outbox_oldest_age_seconds: 'GAUGE',
      bagshop_job_last_success_timestamp_seconds: 'GAUGE',
      bagshop_db_pool_in_use: 'GAUGE',
      bagshop_db_pool_waiting: 'GAUGE',
      bagshop_cache_hits_total: 'COUNTER',
      bagshop_cache_misses_total: 'COUNTER',
      bagshop_backup_last_success_timestamp_seconds: 'GAUGE',
      bagshop_backup_last_size_bytes: 'GAUGE',
      process_cpu_user_seconds_total: 'COUNTER',
      process_resident_memory_bytes: 'GAUGE',
      nodejs_eventloop_lag_seconds: 'GAUGE',
    });
  });

  it('counts a placed order', async () => {
    const before = await currentValue('bagshop_orders_placed_total');
    await placeOrderOf(t, await createShopper(t), 'cod');
    expect(await currentValue('bagshop_orders_placed_total')).toBe(before + 1);
  });

  it('counts card payments captured, failed and refunded', async () => {
    const shopper = await createShopper(t);
    const post = (url: string, payload: object) => t.request({ method: 'POST', url, token: shopper.token, payload });
    const pay = async (providerOrderId: string, outcome: 'success' | 'failure') =>
      post('/api/payments/sandbox/complete', { id: providerOrderId, outcome });
    const outcomes = async () => {
      const families = await scrape();
      return Object.fromEntries(
        ['captured', 'failed', 'refunded'].map((outcome) => [
          outcome,
          sampleValue(families, 'bagshop_payments_total', { outcome }),
        ]),
      );
    };
    const before = await outcomes();
    expect(before).toEqual({ captured: expect.any(Number), failed: expect.any(Number), refunded: expect.any(Number) });

    const paid = await placeOrderOf(t, shopper, 'razorpay');
    const checkout = await pay(paid.payment?.id ?? '', 'success');
    const verified = await post('/api/user/verify-payment', { orderId: paid.order._id, ...checkout.json() });
    expect(verified.statusCode).toBe(200);

    const unpaid = await placeOrderOf(t, shopper, 'razorpay');
    expect((await pay(unpaid.payment?.id ?? '', 'failure')).statusCode).toBe(402);

    // Paid after the shopper cancelled it: the shop hands the money back through the provider.
    const cancelled = await placeOrderOf(t, shopper, 'razorpay');
    const cancel = await t.request({
      method: 'PUT',
      url: '/api/orders/cancel',
      token: shopper.token,
      payload: { orderId: cancelled.order._id, item: cancelled.order.items[0]._id, cancelReason: 'Changed my mind' },
    });
    expect(cancel.statusCode).toBe(200);
    const late = await pay(cancelled.payment?.id ?? '', 'success');
    expect((await post('/api/user/verify-payment', { orderId: cancelled.order._id, ...late.json() })).statusCode).toBe(
      409,
    );

    expect(await outcomes()).toEqual({
      captured: (before.captured ?? 0) + 1,
      failed: (before.failed ?? 0) + 1,
      refunded: (before.refunded ?? 0) + 1,
    });
  });

  it('times requests by route pattern, never by address, and leaves itself out', async () => {
    const bag = await createProduct(t);
    expect((await t.request({ method: 'GET', url: `/api/products/${bag.id}` })).statusCode).toBe(200);
    const missing = `/api/nowhere-${crypto.randomUUID()}`;
    expect((await t.request({ method: 'GET', url: missing })).statusCode).toBe(404);

    const series = histogramSeries(await scrapeText(), 'http_request_duration_seconds');
    const details = series.find((s) => hasLabels(s, { method: 'GET', route: '/api/products/:id', status_code: '200' }));
    expect(details?.count).toBeGreaterThanOrEqual(1);
    expect(details?.sum).toBeGreaterThan(0);
    expect(details?.all).toBe(details?.count);
    const unmatched = series.find((s) => hasLabels(s, { method: 'GET', route: 'unmatched', status_code: '404' }));
    expect(unmatched?.count).toBeGreaterThanOrEqual(1);

    const routes = series.map((s) => s.labels.route);
    expect(routes).toContain('/api/products/:id');
    expect(routes).not.toContain(`/api/products/${bag.id}`);
    expect(routes).not.toContain(missing);
    expect(routes).not.toContain('/metrics');
  });

  it('counts catalogue reads answered from the cache and from the database', async () => {
    await t.app.responseCache.whenListening(true);
    const families = await scrape();
    const hits = sampleValue(families, 'bagshop_cache_hits_total') ?? 0;
    const misses = sampleValue(families, 'bagshop_cache_misses_total') ?? 0;
    const url = `/api/products/shop-products?keyword=${crypto.randomUUID()}`;
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
    const after = await scrape();
    expect(sampleValue(after, 'bagshop_cache_misses_total')).toBe(misses + 1);
    expect(sampleValue(after, 'bagshop_cache_hits_total')).toBe(hits + 1);
  });

  it('reports the mail outbox backlog and its oldest mail, 0 when it is empty', async () => {
    const db = t.database.db;
    await db.update(mailOutbox).set({ status: 'sent' });
    let families = await scrape();
    expect(sampleValue(families, 'bagshop_outbox_pending')).toBe(0);
    expect(sampleValue(families, 'bagshop_outbox_oldest_age_seconds')).toBe(0);

    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await db.insert(mailOutbox).values([
      { to: 'a@example.in', kind: 'order-placed', status: 'pending', createdAt: hourAgo },
      { to: 'b@example.in', kind: 'order-placed', status: 'sending', createdAt: new Date() },
      { to: 'c@example.in', kind: 'order-placed', status: 'failed', createdAt: new Date(Date.now() - 86_400_000) },
      { to: 'd@example.in', kind: 'order-placed', status: 'sent' },
    ]);
    families = await scrape();
    expect(sampleValue(families, 'bagshop_outbox_pending')).toBe(2);
    const age = sampleValue(families, 'bagshop_outbox_oldest_age_seconds') ?? 0;
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3660);
  });

  it('reports when each scheduled job last finished', async () => {
    await t.database.db
      .insert(jobRuns)
      .values([
        {
          name: 'order-expiry',
          startedAt: new Date('2026-11-20T10:00:00Z'),
          finishedAt: new Date('2026-11-20T10:00:02Z'),
        },
        {
          name: 'shipping-poll',
          startedAt: new Date('2026-11-20T09:00:00Z'),
          finishedAt: new Date('2026-11-20T09:00:30Z'),
        },
        { name: 'first-run-under-way', startedAt: new Date('2026-11-20T10:01:00Z') },
      ])
      .onConflictDoNothing();
    const families = await scrape();
    const job = 'bagshop_job_last_success_timestamp_seconds';
    expect(sampleValue(families, job, { job: 'order-expiry' })).toBe(Date.parse('2026-11-20T10:00:02Z') / 1000);
    expect(sampleValue(families, job, { job: 'shipping-poll' })).toBe(Date.parse('2026-11-20T09:00:30Z') / 1000);
    expect(sampleValue(families, job, { job: 'first-run-under-way' })).toBeUndefined();
  });

  it('reports the newest successful backup, 0 before there is one', async () => {
    const backup = async () => {
      const families = await scrape();
      return [
        sampleValue(families, 'bagshop_backup_last_success_timestamp_seconds'),
        sampleValue(families, 'bagshop_backup_last_size_bytes'),
      ];
    };
    expect(await backup()).toEqual([0, 0]);
    const at = (iso: string) => new Date(iso);
    await t.database.db.insert(backups).values([
      {
        kind: 'scheduled',
        startedAt: at('2026-11-19T02:00:00Z'),
        finishedAt: at('2026-11-19T02:03:00Z'),
        ok: true,
        sizeBytes: 1_000,
      },
      {
        kind: 'scheduled',
        startedAt: at('2026-11-20T02:00:00Z'),
        finishedAt: at('2026-11-20T02:04:10Z'),
        ok: true,
        sizeBytes: 7_340_032,
      },
      {
        kind: 'manual',
        startedAt: at('2026-11-20T09:00:00Z'),
        finishedAt: at('2026-11-20T09:00:05Z'),
        ok: false,
        error: 'The disk is full',
      },
      { kind: 'manual', startedAt: at('2026-11-20T10:00:00Z') },
    ]);
    expect(await backup()).toEqual([Date.parse('2026-11-20T02:04:10Z') / 1000, 7_340_032]);
  });

  it('reports the connections in use, and answers without the database gauges while the database does not', async () => {
    const pool = t.database.pool;
    const held: pg.PoolClient[] = [await pool.connect(), await pool.connect()];
    try {
      let families = await scrape();
      expect(sampleValue(families, 'bagshop_db_pool_in_use')).toBeGreaterThanOrEqual(2);
      expect(sampleValue(families, 'bagshop_db_pool_waiting')).toBe(0);

      // Every connection taken: the database gauges' queries wait for one and run out of time.
      while (held.length < pool.options.max) held.push(await pool.connect());
      families = await scrape();
      expect(sampleValue(families, 'bagshop_db_pool_in_use')).toBe(pool.options.max);
      for (const name of [
        'bagshop_outbox_pending',
        'bagshop_outbox_oldest_age_seconds',
        'bagshop_job_last_success_timestamp_seconds',
        'bagshop_backup_last_success_timestamp_seconds',
        'bagshop_backup_last_size_bytes',
      ]) {
        expect(family(families, name).metrics, name).toEqual([]);
      }
      expect(sampleValue(families, 'bagshop_orders_placed_total')).toBeGreaterThanOrEqual(1);
    } finally {
      for (const client of held) client.release();
    }
    expect(sampleValue(await scrape(), 'bagshop_outbox_pending')).toEqual(expect.any(Number));
  });
});

describe('who may read /metrics', () => {
  /**
   * The refusal must tell nothing: status, headers and body are those of a path that does not exist, of the same
   * length (the body names the path it was asked for).
   */
  async function expectUnknownPathAnswer(app: TestApp, options: Omit<InjectOptions, 'url'>) {
    const unknownPath = `/${crypto
      .randomBytes(8)
      .toString('hex')
      .slice(0, '/metrics'.length - 1)}`;
    const refused = await app.app.inject({ ...options, url: '/metrics' });
    const unknown = await app.app.inject({ ...options, url: unknownPath });
    expect(refused.statusCode).toBe(unknown.statusCode);
    // Date is the clock's: a second may turn between the two requests.
    expect(refused.headers.date).toEqual(expect.any(String));
    expect({ ...refused.headers, date: unknown.headers.date }).toEqual(unknown.headers);
    expect(refused.body).toBe(unknown.body.replaceAll(unknownPath, '/metrics'));
    return refused;
  }

  it('answers another machine with the token and nobody else there', async () => {
    const outside = { method: 'GET' as const, remoteAddress: OUTSIDE };
    expect((await expectUnknownPathAnswer(t, outside)).statusCode).toBe(404);
    for (const authorization of [
      'Bearer metrics-token-for-the-tests-0124',
      'Bearer metrics-token-for-the-tests-012',
      `Bearer ${TOKEN}x`,
      `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const refused = await expectUnknownPathAnswer(t, { ...outside, headers: { authorization } });
      expect(refused.statusCode, authorization).toBe(404);
    }
    expect((await expectUnknownPathAnswer(t, { method: 'HEAD', remoteAddress: OUTSIDE })).statusCode).toBe(404);

    for (const authorization of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`]) {
      const res = await t.app.inject({ ...outside, url: '/metrics', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(200);
    }
    // Refused, it was an unknown path for the request metrics too; answered, it is not counted at all.
    const routes = histogramSeries(await scrapeText(), 'http_request_duration_seconds').map((s) => s.labels.route);
    expect(routes).toContain('unmatched');
    expect(routes).not.toContain('/metrics');
  });

  it('answers a program on this machine, but not a visitor a proxy on this machine forwards', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
    }
    for (const headers of [
      { 'x-forwarded-for': OUTSIDE },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: `for=${OUTSIDE}` },
      { 'x-real-ip': OUTSIDE },
    ]) {
      const refused = await expectUnknownPathAnswer(t, { method: 'GET', remoteAddress: '127.0.0.1', headers });
      expect(refused.statusCode, JSON.stringify(headers)).toBe(404);
    }
  });

  describe('behind a balancer on this machine, with the web app', () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-metrics-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Bag Shop</title><div id="root"></div>');
    let proxied: TestApp;
    beforeAll(async () => {
      proxied = await createTestApp({
        WEB_DIST: webDist,
        TRUST_PROXY: 'loopback',
        PUBLIC_URL: 'https://bags.example.in',
      });
    });
    afterAll(async () => {
      await proxied?.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    });

    it('refuses forwarded visitors exactly as an unknown page (the web app), whatever they claim to be', async () => {
      for (const xff of [OUTSIDE, '127.0.0.1', `127.0.0.1, ${OUTSIDE}`]) {
        const refused = await expectUnknownPathAnswer(proxied, {
          method: 'GET',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': xff },
        });
        expect(refused.statusCode, xff).toBe(200);
        expect(refused.body, xff).toContain('<div id="root">');
      }
      // Without METRICS_TOKEN no token opens it.
      const withToken = await expectUnknownPathAnswer(proxied, {
        method: 'GET',
        remoteAddress: OUTSIDE,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(withToken.headers['content-type']).toMatch(/^text\/html/);
    });

    it('answers a scraper on this machine that reaches the process itself', async () => {
      const res = await proxied.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(200);
      expect(parsePrometheusTextFormat(res.body).map((f) => f.name)).toContain('bagshop_orders_placed_total');
    });
  });
});
