// Load test of the admin dashboard and sales report: `npm run bench:insight` (BENCH_SECONDS, BENCH_CONNECTIONS,
// BENCH_DOWNLOAD_SECONDS, BENCH_DOWNLOAD_CONNECTIONS, BENCH_BREAKDOWN_FORMATS, DATABASE_URL optional).
// Starts the shop on a fresh database, fills it with a year of trade (100,000 paid orders) and measures the insight
// routes, then times the parts of one report (SQL, sharing out per item, shaping, JSON) to show where the time goes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type InsightFilter,
  insightPeriod,
  periodInstants,
  type ReportFormat,
  shopDate,
} from '@bagshop/shared/insight';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config.ts';
import { salesReportDownload } from '../apps/api/src/modules/insight/downloads/report-download.ts';
import { buildSalesBook } from '../apps/api/src/modules/insight/sales-book.ts';
import { loadPaidOrders } from '../apps/api/src/modules/insight/sales-data.ts';
import { fullSalesReport } from '../apps/api/src/modules/insight/sales-report.ts';
import { getDashboard, getSalesReportPage } from '../apps/api/src/modules/insight/service.ts';
import { createAccessTokens } from '../apps/api/src/platform/access-tokens.ts';
import { startShop } from '../apps/api/src/server.ts';
import { benchDatabase } from './fill.ts';
import { fillTrade, TRADE } from './fill-orders.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
// A file download is built whole for every request: fewer, longer-lived requests are enough to see its cost.
const DOWNLOAD_SECONDS = Number(process.env.BENCH_DOWNLOAD_SECONDS ?? SECONDS);
const DOWNLOAD_CONNECTIONS = Number(process.env.BENCH_DOWNLOAD_CONNECTIONS ?? 2);
const SINGLE_RUNS = 3;
/** The files built alone at the end ('' for none: the yearly XLSX of 100,000 orders takes minutes). */
const BREAKDOWN_FORMATS = (process.env.BENCH_BREAKDOWN_FORMATS ?? 'xlsx,pdf')
  .split(',')
  .filter(Boolean) as ReportFormat[];
const ADMIN = '/api/user/admin';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Two years up to today, the longest stretch of the trade and then some. */
const CUSTOM_RANGE = `startDate=${shopDate(new Date(Date.now() - 730 * DAY_MS))}&endDate=${shopDate(new Date())}`;

interface Row {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  /** Answers that came back within the run. */
  answers: number;
  singleMs: number;
  bytes: number;
  load: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed<T>(run: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

/** The median of a few runs, after one that warms caches and checks the answer. */
async function medianMs<T>(run: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const first = await timed(run);
  const times: number[] = [];
  for (let i = 0; i < SINGLE_RUNS; i++) times.push((await timed(run)).ms);
  return { ms: median(times), value: first.value };
}

async function measure(
  base: string,
  token: string,
  name: string,
  pathAndQuery: string,
  load: { connections: number; seconds: number },
): Promise<Row | null> {
  const headers = { authorization: `Bearer ${token}` };
  const probe = await fetch(base + pathAndQuery, { headers });
  if (probe.status === 404) {
    console.log(`  ${name}: no such route (404), left out`);
    return null;
  }
  if (!probe.ok) throw new Error(`${pathAndQuery} answered ${probe.status}: ${await probe.text()}`);
  await probe.arrayBuffer();
  const single = await medianMs(async () => {
    const response = await fetch(base + pathAndQuery, { headers });
    return (await response.arrayBuffer()).byteLength;
  });
  const loadAverage = os.loadavg()[0];
  const result = await autocannon({
    url: base + pathAndQuery,
    headers,
    connections: load.connections,
    duration: load.seconds,
    timeout: 60,
  });
  const row: Row = {
    name,
    reqPerSec: Math.round(result.requests.average * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    answers: result['2xx'] + result.non2xx,
    singleMs: Math.round(single.ms),
    bytes: single.value,
    load: Math.round(loadAverage * 10) / 10,
  };
  console.log(
    `  ${name}: ${row.reqPerSec} req/s (${row.answers} answers), p50 ${row.p50} ms, p99 ${row.p99} ms, ` +
      `errors ${row.errors}, single ${row.singleMs} ms, ${sizeText(row.bytes)} (load ${row.load})`,
  );
  return row;
}

/**
 * autocannon stops counting at the end of its run but the shop still answers what was sent; wait until nothing of it
 * is left (the health route answers at once five times in a row and no query runs) so routes do not overlap.
 */
async function settle(base: string, databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let quiet = 0;
  while (quiet < 5) {
    const { ms } = await timed(() => fetch(`${base}/api/health`).then((r) => r.arrayBuffer()));
    const { rows } = await client.query(
      "select count(*)::int as busy from pg_stat_activity where state = 'active' and pid <> pg_backend_pid()",
    );
    quiet = ms < 20 && rows[0].busy === 0 ? quiet + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await client.end();
}

/** One request while the health route is asked again and again: the slowest health answer shows a blocked shop. */
async function stallDuring(base: string, token: string, pathAndQuery: string) {
  let done = false;
  const request = timed(async () => {
    const response = await fetch(base + pathAndQuery, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    done = true;
  });
  let slowest = 0;
  let answers = 0;
  while (!done) {
    const { ms } = await timed(() => fetch(`${base}/api/health`).then((r) => r.arrayBuffer()));
    slowest = Math.max(slowest, ms);
    answers += 1;
  }
  return { requestMs: Math.round((await request).ms), slowest: Math.round(slowest), answers };
}

function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} kB`;
  return `${bytes} B`;
}

/**
 * One report taken apart, in the server's own functions. The downloads' path, which still reads every order: the two
 * SQL queries (round trip with row decoding, and the database's own execution time from EXPLAIN ANALYZE), the
 * per-item sharing, the shaping and JSON.stringify. The screens' path, from the rollup: the whole dashboard and the
 * whole first page of the report (SQL and JavaScript).
 */
async function breakdown(url: string, formats: ReportFormat[]) {
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  const captured: { query: string; params: unknown[] }[] = [];
  const db = drizzle(pool, { logger: { logQuery: (query, params) => captured.push({ query, params }) } });
  const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;
  console.log(
    '\n| filter | orders | items | download: SQL round trip (db exec) | per-item shares | report shaping | JSON | screen: dashboard | screen: report page 1 |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const reports = new Map<InsightFilter, ReturnType<typeof fullSalesReport>>();
  for (const filter of ['weekly', 'monthly', 'yearly'] as const) {
    const period = insightPeriod({ filter });
    const instants = periodInstants(period);
    captured.length = 0;
    const load = await medianMs(() => loadPaidOrders(db, instants));
    const statements = captured.slice(0, 2);
    let execMs = 0;
    for (const { query, params } of statements) {
      const { rows } = await pool.query(`explain (analyze, format json) ${query}`, params);
      execMs += rows[0]['QUERY PLAN'][0]['Execution Time'];
    }
    const book = await medianMs(() => buildSalesBook(load.value));
    const report = await medianMs(() => fullSalesReport(period, book.value));
    const json = await medianMs(() => JSON.stringify(report.value));
    const board = await medianMs(() => getDashboard(db, { filter }));
    const page = await medianMs(() => getSalesReportPage(db, { filter, page: 1 }));
    reports.set(filter, report.value);
    console.log(
      `| ${filter} | ${load.value.orders.length} | ${load.value.items.length} | ${ms(load.ms)} (${ms(execMs)}) | ` +
        `${ms(book.ms)} | ${ms(report.ms)} | ${ms(json.ms)} (${sizeText(json.value.length)}) | ${ms(board.ms)} | ` +
        `${ms(page.ms)} |`,
    );
  }
  for (const filter of ['monthly', 'yearly'] as const) {
    const report = reports.get(filter);
    if (!report) continue;
    for (const format of formats) {
      // The yearly files take long: built once, not a median.
      const file =
        filter === 'yearly'
          ? await timed(() => salesReportDownload(report, format))
          : await medianMs(() => salesReportDownload(report, format));
      console.log(`building the ${filter} ${format} alone: ${ms(file.ms)}, ${sizeText(file.value.body.length)}`);
    }
  }
  await pool.end();
}

async function main() {
  const database = await benchDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-bench-data-'));
  const secret = crypto.randomBytes(32).toString('hex');
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    JWT_SECRET: secret,
    SMTP_URL: 'smtp://127.0.0.1:1',
    SEED_DEMO: 'false',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  const shop = await startShop(config, () => {});
  try {
    const started = Date.now();
    const trade = await fillTrade(database.url);
    console.log(
      `Filled ${TRADE.categories} categories, ${TRADE.products} products, ${TRADE.customers} customers, ` +
        `${trade.orders} paid orders with ${trade.items} items (${trade.cancelled} cancelled, ${trade.returned} ` +
        `returned, ${trade.refundedOrders} orders wholly refunded) in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
        `(the sales rollup's backfill ${(trade.backfillMs / 1000).toFixed(1)} s of it)`,
    );
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const admin = await client.query<{ id: string }>(
      `insert into users (email, name, is_admin, email_verified, created_at)
       values ('bench-admin@bagshop.in', 'Bench Admin', true, true, now() - interval '400 days') returning id`,
    );
    await client.end();
    const tokens = createAccessTokens(secret);
    const normal = { connections: CONNECTIONS, seconds: SECONDS };
    const download = { connections: Math.min(DOWNLOAD_CONNECTIONS, CONNECTIONS), seconds: DOWNLOAD_SECONDS };
    const runs: [string, string, typeof normal][] = [
      ['bare route, GET /api/health (ceiling)', '/api/health', normal],
      ['dashboard, daily', `${ADMIN}/dashboard?filter=daily`, normal],
      ['dashboard, weekly', `${ADMIN}/dashboard?filter=weekly`, normal],
      ['dashboard, monthly', `${ADMIN}/dashboard?filter=monthly`, normal],
      ['dashboard, yearly', `${ADMIN}/dashboard?filter=yearly`, normal],
      ['dashboard, custom 2 years', `${ADMIN}/dashboard?filter=custom&${CUSTOM_RANGE}`, normal],
      ['sales report, daily', `${ADMIN}/sales-report?filter=daily`, normal],
      ['sales report, weekly', `${ADMIN}/sales-report?filter=weekly`, normal],
      ['sales report, monthly', `${ADMIN}/sales-report?filter=monthly`, normal],
      ['sales report, yearly', `${ADMIN}/sales-report?filter=yearly`, normal],
      ['sales report, yearly, page 2,500', `${ADMIN}/sales-report?filter=yearly&page=2500`, normal],
      ['sales report, custom 2 years', `${ADMIN}/sales-report?filter=custom&${CUSTOM_RANGE}`, normal],
      ['download, monthly XLSX', `${ADMIN}/sales-report/download?filter=monthly&format=xlsx`, download],
      ['download, monthly PDF', `${ADMIN}/sales-report/download?filter=monthly&format=pdf`, download],
    ];
    const rows: Row[] = [];
    for (const [name, url, load] of runs) {
      // Access tokens live 15 minutes; a fresh one for every route keeps a long run signed in.
      const row = await measure(shop.url, await tokens.sign(admin.rows[0].id), name, url, load);
      if (row) rows.push(row);
      await settle(shop.url, database.url);
    }
    const stalls: string[] = [];
    for (const [name, url] of runs.filter(([name]) => /yearly|2 years|download/.test(name))) {
      if (!rows.some((r) => r.name === name)) continue;
      const stall = await stallDuring(shop.url, await tokens.sign(admin.rows[0].id), url);
      stalls.push(`| ${name} | ${stall.requestMs} | ${stall.answers} | ${stall.slowest} |`);
    }
    console.log(
      `\n${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}, Node ${process.version}, ${CONNECTIONS} connections, ` +
        `${SECONDS} s each (downloads ${download.connections} connections, ${download.seconds} s)\n`,
    );
    console.log('| route | req/s | answers | p50 ms | p99 ms | errors | one request ms | answer size | load avg |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const r of rows) {
      console.log(
        `| ${r.name} | ${r.reqPerSec} | ${r.answers} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.singleMs} | ${sizeText(r.bytes)} | ${r.load} |`,
      );
    }
    console.log('\n| one request, alone | its time ms | health answers meanwhile | slowest health answer ms |');
    console.log('| --- | ---: | ---: | ---: |');
    for (const line of stalls) console.log(line);
    await breakdown(database.url, BREAKDOWN_FORMATS);
  } finally {
    // Let the last answers of the load generator finish before the database closes.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await shop.stop();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
