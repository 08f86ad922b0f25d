// Load test of the shop list: `npm run bench` (BENCH_SECONDS, BENCH_CONNECTIONS, DATABASE_URL optional).
// Starts the shop on a fresh database, fills it with 10,000 products and measures a few list queries.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/api/src/config.ts';
import { startShop } from '../apps/api/src/server.ts';
import { benchDatabase, fill, PRODUCTS } from './fill.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Row {
  name: string;
  path: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(base: string, name: string, pathAndQuery: string): Promise<Row> {
  const first = await fetch(base + pathAndQuery);
  if (!first.ok) throw new Error(`${pathAndQuery} answered ${first.status}: ${await first.text()}`);
  const result = await autocannon({ url: base + pathAndQuery, connections: CONNECTIONS, duration: SECONDS });
  return {
    name,
    path: pathAndQuery,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  const database = await benchDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-bench-data-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
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
    const [catA, catB] = await fill(database.url);
    console.log(`Inserted ${PRODUCTS} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const api = '/api/products/shop-products';
    const rows: Row[] = [];
    const runs: [string, string][] = [
      ['bare route (ceiling)', '/api/health'],
      ['shop, price low-high, page 3', `${api}?sortBy=priceLowHigh&page=3`],
      [
        'shop, 2 categories + 2 colours + price',
        `${api}?category=${catA}&category=${catB}&color=Black&color=Blue&minPrice=1000&maxPrice=4000&sortBy=priceHighLow`,
      ],
      ['shop, keyword (full text)', `${api}?keyword=leather%20satchel`],
      ['shop, keyword (part of a name)', `${api}?keyword=ackpa&sortBy=nameAsc&page=2`],
    ];
    for (const [name, url] of runs) {
      rows.push(await measure(shop.url, name, url));
      const last = rows.at(-1) as Row;
      console.log(`  ${name}: ${last.reqPerSec} req/s, p50 ${last.p50} ms, p99 ${last.p99} ms`);
    }
    console.log(
      `\n${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}, Node ${process.version}, ${CONNECTIONS} connections, ${SECONDS} s each\n`,
    );
    console.log('| route | req/s | p50 ms | p99 ms | errors |');
    console.log('| --- | ---: | ---: | ---: | ---: |');
    for (const r of rows) console.log(`| ${r.name} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.errors} |`);
  } finally {
    // Let the last answers of the load generator finish before the database closes.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await shop.stop();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
