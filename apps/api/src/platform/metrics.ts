import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { isDirectLocalRequest } from './loopback.ts';
import type { ResponseCache } from './response-cache.ts';

/**
 * The shop's Prometheus metrics (docs/decisions/045-metrics.md). Each app has a registry of its own (tests build many
 * apps in one process); each shop process reports its own counts, and Prometheus scrapes every process.
 */
export const METRICS_PATH = '/metrics';

/** The route label of requests no route matched: one value, whatever paths visitors try. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * What happened to a payment through the card provider (order payments and wallet top-ups): captured and kept,
 * reported failed, or handed back through the provider (a payment the shop could not keep).
 */
export const PAYMENT_OUTCOMES = ['captured', 'failed', 'refunded'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

export interface ShopMetrics {
  /** This app's metrics; features that read the database at scrape time add their gauges here. */
  readonly registry: Registry;
  readonly contentType: string;
  /** An order committed (any payment method). */
  orderPlaced(): void;
  payment(outcome: PaymentOutcome): void;
  /** The scrape's text: the process's own metrics and this app's. */
  text(): Promise<string>;
}

/** Seconds; from a cached answer (tens of microseconds) to a slow report. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processRegistry: Registry | undefined;

/**
 * prom-client's default metrics (CPU, memory, event loop, GC, handles) describe the process, not an app, and each
 * `collectDefaultMetrics` call starts an event-loop monitor and a GC observer that nothing stops: one set per
 * process, shared by its apps, in a registry of its own (never prom-client's global one).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createShopMetrics(): ShopMetrics {
  const registry = new Registry();
  const orders = new Counter({
    name: 'bagshop_orders_placed_total',
    help: 'Orders placed by this process (committed, any payment method).',
    registers: [registry],
  });
  const payments = new Counter({
    name: 'bagshop_payments_total',
    help: 'Card provider payments settled by this process: captured (kept), failed, refunded (handed back).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  // Every outcome is there from the start, so rate() and alerts see a series before the first event.
  for (const outcome of PAYMENT_OUTCOMES) payments.inc({ outcome }, 0);
  return {
    registry,
    contentType: registry.contentType,
    orderPlaced: () => orders.inc(),
    payment: (outcome) => payments.inc({ outcome }),
    text: () => Registry.merge([processMetrics(), registry]).metrics(),
  };
}

/**
 * `http_request_duration_seconds` by method, route pattern and status: one onResponse hook on every route and on
 * the 404 handler (add it before the routes). Requests to /metrics itself are left out, so scrapes do not show up
 * as traffic. The request count is the histogram's `_count`.
 */
export function countRequests(app: FastifyInstance, metrics: ShopMetrics): void {
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: DURATION_BUCKETS,
    registers: [metrics.registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    if (route !== METRICS_PATH) {
      durations.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
    }
    done();
  });
}

/**
 * The connection pool and the catalogue cache, read at scrape time: nothing is counted on the request path beyond
 * the cache's own two numbers.
 */
export function watchProcess(metrics: ShopMetrics, sources: { pool: pg.Pool; cache: ResponseCache | null }): void {
  const { pool, cache } = sources;
  const registers = [metrics.registry];
  new Gauge({
    name: 'bagshop_db_pool_in_use',
    help: 'Database connections of this process busy with a query or transaction.',
    registers,
    collect() {
      this.set(pool.totalCount - pool.idleCount);
    },
  });
  new Gauge({
    name: 'bagshop_db_pool_waiting',
    help: 'Queries of this process waiting for a free database connection.',
    registers,
    collect() {
      this.set(pool.waitingCount);
    },
  });
  new Counter({
    name: 'bagshop_cache_hits_total',
    help: 'Catalogue reads this process answered from its response cache.',
    registers,
    collect() {
      this.reset();
      this.inc(cache?.hits ?? 0);
    },
  });
  new Counter({
    name: 'bagshop_cache_misses_total',
    help: 'Cacheable catalogue reads this process had to answer from the database.',
    registers,
    collect() {
      this.reset();
      this.inc(cache?.misses ?? 0);
    },
  });
}

const BEARER = 'bearer ';
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest();

/**
 * Who may read /metrics: a request with `Authorization: Bearer METRICS_TOKEN`, or a program on this machine that
 * reaches the process directly (docs/decisions/045-metrics.md). The token is compared as SHA-256 digests in
 * constant time, so neither its characters nor its length can be found by timing.
 */
export function metricsReader(token: string | undefined): (request: FastifyRequest) => boolean {
  const expected = token === undefined ? null : sha256(token);
  return (request) => {
    const header = request.headers.authorization;
    if (expected && typeof header === 'string' && header.slice(0, BEARER.length).toLowerCase() === BEARER) {
      if (crypto.timingSafeEqual(sha256(header.slice(BEARER.length)), expected)) return true;
    }
    return isDirectLocalRequest(request);
  };
}
