// Before and after on one database, in the same minutes: `npx tsx bench/insight-compare.ts <folder of the old code>`.
// Fills the trade as `npm run bench:insight` does, starts the shop of this checkout and the shop of the older
// checkout (its own copy of the code; the same node_modules) on that one database, and times one request at a time:
// every route of this shop first, then every route of the older one (both shops run in this process, and the older
// one leaves large heaps to collect that would slow whatever runs next). Never part of `npm test`.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shopDate } from '@bagshop/shared/insight';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config.ts';
import { createAccessTokens } from '../apps/api/src/platform/access-tokens.ts';
import { startShop } from '../apps/api/src/server.ts';
import { benchDatabase } from './fill.ts';
import { fillTrade } from './fill-orders.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ADMIN = '/api/user/admin';
const DAY_MS = 24 * 60 * 60 * 1000;
const range = `startDate=${shopDate(new Date(Date.now() - 730 * DAY_MS))}&endDate=${shopDate(new Date())}`;
const ROUTES: [string, string][] = [
  ['dashboard, daily', `${ADMIN}/dashboard?filter=daily`],
  ['dashboard, weekly', `${ADMIN}/dashboard?filter=weekly`],
  ['dashboard, monthly', `${ADMIN}/dashboard?filter=monthly`],
  ['dashboard, yearly', `${ADMIN}/dashboard?filter=yearly`],
  ['dashboard, custom 2 years', `${ADMIN}/dashboard?filter=custom&${range}`],
  ['sales report, daily', `${ADMIN}/sales-report?filter=daily`],
  ['sales report, weekly', `${ADMIN}/sales-report?filter=weekly`],
  ['sales report, monthly', `${ADMIN}/sales-report?filter=monthly`],
  ['sales report, yearly', `${ADMIN}/sales-report?filter=yearly`],
  ['sales report, yearly, page 2,500', `${ADMIN}/sales-report?filter=yearly&page=2500`],
  ['sales report, custom 2 years', `${ADMIN}/sales-report?filter=custom&${range}`],
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function once(url: string, token: string): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.text();
  return { ms: performance.now() - started, status: res.status, body };
}

async function main() {
  const oldCode = process.argv[2];
  if (!oldCode) throw new Error('Give the folder of the older checkout');
  const { startShop: startOldShop } = await import(path.resolve(oldCode, 'apps/api/src/server.ts'));
  const database = await benchDatabase();
  const dirs: string[] = [];
  const secret = crypto.randomBytes(32).toString('hex');
  const configOf = () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-compare-'));
    dirs.push(dataDir);
    return loadConfig({
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
  };
  const after = await startShop(configOf(), () => {});
  const before = await startOldShop(configOf(), () => {});
  try {
    const trade = await fillTrade(database.url);
    console.log(`${trade.orders} orders, ${trade.items} items; the rollup's backfill took ${trade.backfillMs} ms`);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const admin = await client.query<{ id: string }>(
      `insert into users (email, name, is_admin, email_verified, created_at)
       values ('compare-admin@bagshop.in', 'Compare Admin', true, true, now() - interval '400 days') returning id`,
    );
    await client.end();
    const tokens = createAccessTokens(secret);
    /** A warm-up that keeps the answer, then the median of a few requests. */
    const timeRoutes = async (base: string) => {
      const results = new Map<string, { ms: number; status: number; body: string }>();
      for (const [name, route] of ROUTES) {
        const token = await tokens.sign(admin.rows[0].id);
        const first = await once(base + route, token);
        const times: number[] = [];
        for (let i = 0; i < ROUNDS; i++) times.push((await once(base + route, token)).ms);
        results.set(name, { ms: median(times), status: first.status, body: first.body });
        console.log(`  ${base === after.url ? 'after' : 'before'}: ${name} ${Math.round(median(times))} ms`);
      }
      return results;
    };
    const load = [os.loadavg()[0]];
    const afterTimes = await timeRoutes(after.url);
    load.push(os.loadavg()[0]);
    const beforeTimes = await timeRoutes(before.url);
    load.push(os.loadavg()[0]);
    console.log(`\nload average at the start, between and at the end: ${load.map((l) => l.toFixed(1)).join(', ')}`);
    console.log('\n| route | before, one request ms | after, one request ms | same answer |');
    console.log('| --- | ---: | ---: | --- |');
    for (const [name] of ROUTES) {
      const b = beforeTimes.get(name);
      const a = afterTimes.get(name);
      if (!a || !b) continue;
      const same = a.status === 200 && b.status === 200 && a.body === b.body;
      const status = b.status === 200 ? '' : ` (answered ${b.status})`;
      console.log(`| ${name} | ${Math.round(b.ms)}${status} | ${Math.round(a.ms)} | ${same ? 'yes' : 'no'} |`);
    }
  } finally {
    await after.stop();
    await before.stop();
    await database.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
