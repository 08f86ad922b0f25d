// `npm run bench`: the shop's routes beside their ceilings, measured in one run on a fresh database.
// The shop runs as `npm start` runs it in production, in its own process; this runner talks HTTP and SQL to it only,
// so it measures any version of the shop. Settings (env): BENCH_SECONDS (8), BENCH_CONNECTIONS (32),
// BENCH_SHOPPERS (16), BENCH_PRODUCTS (10,000), BENCH_ORDERS (100,000), BENCH_LIGHTHOUSE_RUNS (3),
// BENCH_ONLY (comma list of shop, logs, orders, web, import, insight; all by default), BENCH_IMPORT_ROWS (10,000), DATABASE_URL (a server to make the
// throw-away database on; else an embedded PostgreSQL).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fillCatalogue } from './catalogue-fill.ts';
import { type Ceiling, prepareCeilingTables, startCeiling } from './ceilings.ts';
import { benchDatabase, sql } from './database.ts';
import { fillTrade } from './fill-orders.ts';
import { signIn } from './http.ts';
import { runImports } from './import-load.ts';
import { CONNECTIONS, type LoadResult, load, randomInt, SECONDS, settle } from './load.ts';
import { runOrders, SHOPPERS } from './order-load.ts';
import { ROOT, type ShopProcess, startShopProcess } from './shop-process.ts';
import {
  BLOCKING_CSS_LIMIT,
  type ByteBudget,
  JS_BEFORE_TAP_LIMIT,
  LIGHTHOUSE_TARGETS,
  type LighthouseMedians,
  landingPageBytes,
  lighthouseScores,
  missedLighthouseTargets,
} from './web-checks.ts';

const ONLY = new Set((process.env.BENCH_ONLY ?? 'shop,logs,orders,web,import,insight').split(',').map((s) => s.trim()));
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
/** 10,000 rows in under a minute (issue: a catalogue at an owner's scale). */
const IMPORT_ROWS_PER_SECOND = 10_000 / 60;
/** Pincodes across India for the estimate row: the product page asks one per visitor. */
const ESTIMATE_PINCODES = Array.from({ length: 200 }, (_, i) => String(110001 + i * 4_231));

const SHOP = '/api/products/shop-products';
const PAGE_ONE = `${SHOP}?sortBy=newArrivals&page=1`;
const INSIGHT_TIMES = 5;

interface Row {
  route: string;
  reqPerSec: string;
  p99: string;
  ceiling: string;
  ratio: string;
  target: string;
  met: string;
}

/** A run of the log pair, with the CPU its shop process used meanwhile. */
interface LogPairRun extends LoadResult {
  cpuSeconds: number;
}

const rows: Row[] = [];
/** What the run has started, so a failed part and the end of the run stop it. */
const running: {
  shop?: ShopProcess;
  logged?: ShopProcess;
  quiet?: ShopProcess;
  uncached?: ShopProcess;
  ceiling?: Ceiling;
} = {};
const notes: string[] = [];
/** The Lighthouse versions of the web part and the benchmarkIndex each measured, for the table's header. */
let lighthouseRuns = '';
const say = (line: string) => console.log(line);
const yesNo = (ok: boolean) => (ok ? 'yes' : '**no**');
const fixed = (n: number, digits = 2) => n.toFixed(digits);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function ceilingRow(name: string, result: LoadResult) {
  rows.push({
    route: name,
    reqPerSec: String(result.reqPerSec),
    p99: String(result.p99),
    ceiling: '—',
    ratio: '—',
    target: '—',
    met: result.failed > 0 ? `${result.failed} failed` : '',
  });
  say(`  ${name}: ${result.reqPerSec} req/s, p99 ${result.p99} ms`);
}

function routeRow(name: string, result: LoadResult, ceiling: { name: string; reqPerSec: number }, share: number) {
  const ratio = result.reqPerSec / ceiling.reqPerSec;
  rows.push({
    route: name,
    reqPerSec: String(result.reqPerSec),
    p99: String(result.p99),
    ceiling: `${ceiling.name} ${ceiling.reqPerSec}`,
    ratio: fixed(ratio),
    target: `≥ ${share} × ${ceiling.name}`,
    met: result.failed > 0 ? `**no**: ${result.failed} failed` : yesNo(ratio >= share),
  });
  say(`  ${name}: ${result.reqPerSec} req/s, p99 ${result.p99} ms, ${fixed(ratio)} × ${ceiling.name}`);
}

const kb = (bytes: number) => `${fixed(bytes / 1024, 1)} KB`;

/** A landing page's bytes against their limit, brotli-compressed. */
function budgetRow(name: string, budget: ByteBudget, limit: number) {
  const inline = budget.inlineBlocks > 0 ? ` + ${budget.inlineBlocks} inline` : '';
  rows.push({
    route: name,
    reqPerSec: '—',
    p99: '—',
    ceiling: '—',
    ratio: `${kb(budget.brotliBytes)} (${budget.files.length} ${budget.files.length === 1 ? 'file' : 'files'}${inline})`,
    target: `≤ ${limit / 1024} KB`,
    met: yesNo(budget.brotliBytes <= limit),
  });
  say(`  ${name}: ${kb(budget.brotliBytes)}`);
}

function budgetDetails(budget: ByteBudget): string {
  const parts = budget.files.map((f) => `${f.path} ${kb(f.brotliBytes)} (${f.sentAs})`);
  if (budget.inlineBlocks > 0) parts.push(`${budget.inlineBlocks} inline ${kb(budget.inlineBrotliBytes)}`);
  if (budget.otherOrigins.length > 0) parts.push(`not counted, other origins: ${budget.otherOrigins.join(', ')}`);
  return `${kb(budget.brotliBytes)}: ${parts.join(', ') || 'nothing'}`;
}

const LIGHTHOUSE_TARGET_TEXT =
  `≥ ${LIGHTHOUSE_TARGETS.performance} / ${LIGHTHOUSE_TARGETS.accessibility}, ` +
  `TBT ≤ ${LIGHTHOUSE_TARGETS.totalBlockingTimeMs} ms, LCP ≤ ${LIGHTHOUSE_TARGETS.largestContentfulPaintMs} ms, ` +
  `CLS ${LIGHTHOUSE_TARGETS.layoutShift}`;

/** One landing page's medians from one Lighthouse version, with the machine's benchmarkIndex beside them. */
function lighthouseRow(label: string, scores: LighthouseMedians) {
  const figures =
    `${scores.performance} / ${scores.accessibility}, TBT ${Math.round(scores.totalBlockingTimeMs)} ms, ` +
    `LCP ${Math.round(scores.largestContentfulPaintMs)} ms, CLS ${layoutShiftText(scores.layoutShift)}`;
  const missed = missedLighthouseTargets(scores);
  rows.push({
    route:
      `Lighthouse ${scores.lighthouseVersion} mobile ${label}: performance / accessibility, TBT, LCP, CLS ` +
      `(median of ${LIGHTHOUSE_RUNS})`,
    reqPerSec: '—',
    p99: '—',
    ceiling: '—',
    ratio: `${figures}; benchmarkIndex ${Math.round(scores.benchmarkIndex)}`,
    target: LIGHTHOUSE_TARGET_TEXT,
    met: missed.length === 0 ? 'yes' : `**no** (${missed.join(', ')})`,
  });
  say(`  ${scores.lighthouseVersion} ${label}: ${figures}, benchmarkIndex ${Math.round(scores.benchmarkIndex)}`);
  const blocking = scores.blockingRuns;
  if (blocking) {
    say(
      `    TBT of each run: ${blocking.totalBlockingTimeMs.join(', ')} ms; longest tasks of the run that blocked most:`,
    );
    for (const task of blocking.longestTasks) say(`      ${task}`);
  }
}

/** Three decimals as Lighthouse shows it, but a shift too small for them is not printed as 0. */
const layoutShiftText = (shift: number) => (shift === 0 || shift >= 0.001 ? fixed(shift, 3) : shift.toExponential(1));

const spanOf = (values: number[]) => {
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return low === high ? String(low) : `${low}–${high}`;
};

/** A part of the run; when it fails, the table says so and the other parts still run. */
async function section(name: string, wanted: boolean, run: () => Promise<void>) {
  if (!wanted) return;
  try {
    await run();
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    say(`  ${name} failed: ${message}`);
    await running.ceiling?.stop();
    await running.quiet?.stop();
    running.quiet = undefined;
    await running.logged?.stop();
    running.logged = undefined;
    await running.uncached?.stop();
    running.uncached = undefined;
    rows.push({
      route: `${name}: failed`,
      reqPerSec: '—',
      p99: '—',
      ceiling: '—',
      ratio: '—',
      target: '—',
      met: `**error**: ${message}`,
    });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The shop's own list answer: how many pages a query has (random pages are drawn from them). */
async function pagesOf(base: string, pathAndQuery: string): Promise<number> {
  const body = (await (await fetch(base + pathAndQuery)).json()) as { pages?: number };
  return Math.max(1, body.pages ?? 1);
}

async function main() {
  const started = Date.now();
  const loadAtStart = os.loadavg();
  const database = await benchDatabase();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-bench-run-'));
  const jwtSecret = crypto.randomBytes(32).toString('hex');
  const admin = { email: 'bench-admin@bagshop.in', password: `Bench@${crypto.randomBytes(8).toString('hex')}` };
  const shopSettings = async (logLevel: 'info' | 'silent', name: string) => ({
    databaseUrl: database.url,
    dataDir: path.join(work, 'data'),
    jwtSecret,
    port: await freePort(),
    logLevel,
    logFile: path.join(work, `${name}.log`),
  });
  try {
    say(`Admin CLI, then the shop (NODE_ENV=production, built web app) on a fresh database…`);
    execFileSync(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      ['apps/api/src/cli/admin-create.ts', admin.email, admin.password],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: path.join(work, 'data') } },
    );
    running.shop = await startShopProcess(await shopSettings('info', 'shop'));
    const shop = running.shop;
    let token = await signIn(shop.url, admin.email, admin.password);

    const fillStarted = Date.now();
    const catalogue = await fillCatalogue(shop.url, token, say);
    say(`Catalogue through the admin API: ${catalogue.productIds.length + 1} products in ${secondsSince(fillStarted)}`);
    // A settled database, as autovacuum leaves it a minute later (statistics fresh, visibility map set), and as
    // ceiling B's own table is: measured straight after the fill, the shop's index-only page scans read the heap.
    await sql(database.url, 'vacuum analyze');

    await section('shop and logs', ONLY.has('shop') || ONLY.has('logs'), async () => {
      say('Ceilings A and B, then the shop routes…');
      const pageOne = await (await fetch(shop.url + PAGE_ONE)).text();
      const pageFile = path.join(work, 'page-one.json');
      fs.writeFileSync(pageFile, pageOne);
      running.ceiling = await startCeiling('memory', pageFile);
      const a = await load({ base: running.ceiling.url, path: () => '/' });
      await running.ceiling.stop();
      ceilingRow('ceiling A: page-1 JSON from memory, bare Fastify', a);
      const ceilingPages = await prepareCeilingTables(database.url);
      running.ceiling = await startCeiling('page', database.url);
      const b = await load({ base: running.ceiling.url, path: () => `/?page=${randomInt(1, ceilingPages)}` });
      await running.ceiling.stop();
      ceilingRow('ceiling B: page of 12 + count, 2 indexed SQL queries (pg pool 10)', b);
      const A = { name: 'A', reqPerSec: a.reqPerSec };
      const B = { name: 'B', reqPerSec: b.reqPerSec };

      if (ONLY.has('shop')) {
        const [catA, catB] = catalogue.categoryIds;
        const filters = `category=${catA}&category=${catB}&color=Black&color=Blue&minPrice=1000&maxPrice=4000`;
        const newestPages = await pagesOf(shop.url, PAGE_ONE);
        const filterPages = await pagesOf(shop.url, `${SHOP}?${filters}&sortBy=priceHighLow`);
        const keywords = ['leather satchel', 'backpack', 'vintage tote', 'ackpa'];
        // Typos of the names' words: nothing matches them, so each asks the matches and then the near names
        // (docs/decisions/048-search-that-forgives.md).
        const typos = ['bakcpack', 'lether tote', 'vintge satchel', 'duffle', 'mesenger', 'quilte clutch'];
        // What a shopper has typed so far: the first 2 to 6 letters of a word of the names.
        const nameWords = [
          'leather',
          'canvas',
          'quilted',
          'classic',
          'urban',
          'travel',
          'backpack',
          'satchel',
          'duffel',
        ];
        const typedSoFar = () => nameWords[randomInt(0, nameWords.length - 1)].slice(0, randomInt(2, 6));
        // The rows for pages never seen before (and details) ask a second shop process with the catalogue cache off:
        // with it on, 8 s of random pages would mostly be answered from memory.
        running.uncached = await startShopProcess({
          ...(await shopSettings('info', 'shop-uncached')),
          responseCache: 'off',
        });
        const uncached = running.uncached;
        // What a process does just after it answers its health route would otherwise fall on the first row, which
        // is measured on the other process but on the same two cores.
        await settle(uncached.url);
        await settle(shop.url);
        const runs: [string, () => string, typeof A, number, ShopProcess][] = [
          ['shop page 1, repeated (cached)', () => PAGE_ONE, A, 0.5, shop],
          [
            'shop, random page, newest first (uncached)',
            () => `${SHOP}?sortBy=newArrivals&page=${randomInt(1, newestPages)}`,
            B,
            0.8,
            uncached,
          ],
          [
            'shop, random page, price low→high (uncached)',
            () => `${SHOP}?sortBy=priceLowHigh&page=${randomInt(1, newestPages)}`,
            B,
            0.8,
            uncached,
          ],
          [
            'shop, 2 categories + 2 colours + price range, high→low, random page (uncached)',
            () => `${SHOP}?${filters}&sortBy=priceHighLow&page=${randomInt(1, filterPages)}`,
            B,
            0.8,
            uncached,
          ],
          [
            'shop, keyword, pages 1–3 (uncached)',
            () =>
              `${SHOP}?keyword=${encodeURIComponent(keywords[randomInt(0, keywords.length - 1)])}&page=${randomInt(1, 3)}`,
            B,
            0.8,
            uncached,
          ],
          [
            'shop, typo search, page 1 (uncached)',
            () => `${SHOP}?keyword=${encodeURIComponent(typos[randomInt(0, typos.length - 1)])}`,
            B,
            0.5,
            uncached,
          ],
          [
            'search suggestions, 2–6 letters typed (uncached)',
            () => `/api/products/suggest?q=${encodeURIComponent(typedSoFar())}`,
            B,
            0.8,
            uncached,
          ],
          [
            'product details, random ids (uncached)',
            () => `/api/products/${catalogue.productIds[randomInt(0, catalogue.productIds.length - 1)]}`,
            B,
            1,
            uncached,
          ],
          ['new products (home, cached)', () => '/api/products/new', A, 0.5, shop],
          [
            'delivery estimate, 200 pincodes (product page, cached per pincode)',
            () => `/api/shipping/estimate?pincode=${ESTIMATE_PINCODES[randomInt(0, ESTIMATE_PINCODES.length - 1)]}`,
            A,
            0.5,
            shop,
          ],
        ];
        for (const [name, pathOf, ceiling, share, target] of runs) {
          routeRow(name, await load({ base: target.url, path: pathOf }), ceiling, share);
          await settle(target.url);
        }
        await uncached.stop();
        running.uncached = undefined;
      }

      if (ONLY.has('logs')) {
        say(
          'Request logs: shop page 1 with LOG_LEVEL=silent and with LOG_LEVEL=info, three times each ' +
            '(silent, info, info, silent, silent, info)…',
        );
        // Two processes started alike for this pair alone, so nothing but the log level tells them apart (the shop
        // that filled the catalogue has a larger heap behind it).
        running.logged = await startShopProcess(await shopSettings('info', 'shop-logged'));
        running.quiet = await startShopProcess(await shopSettings('silent', 'shop-silent'));
        const logged = running.logged;
        const quiet = running.quiet;
        // Whatever a process does just after it answers its health route (connecting its listeners, its first claims
        // of mail) would fall in the first row measured: both settle first, and the order alternates so that neither
        // side has the machine's quieter minutes.
        await settle(logged.url);
        await settle(quiet.url);
        const on: LogPairRun[] = [];
        const off: LogPairRun[] = [];
        let logLines = 0;
        const measure = async (shop: ShopProcess, into: LogPairRun[]) => {
          const cpuBefore = shop.cpuSeconds();
          const result = await load({ base: shop.url, path: () => PAGE_ONE });
          await settle(shop.url);
          const run = { ...result, cpuSeconds: shop.cpuSeconds() - cpuBefore };
          into.push(run);
          say(
            `  ${shop === logged ? 'logged' : 'silent'}: ${run.reqPerSec} req/s, ` +
              `${fixed((run.cpuSeconds / run.allRequests) * 1e6, 1)} µs of CPU per answer`,
          );
        };
        const measureLogged = async () => {
          const before = countListLines(logged.logFile);
          await measure(logged, on);
          logLines += countListLines(logged.logFile) - before;
        };
        const measureSilent = () => measure(quiet, off);
        for (const step of [measureSilent, measureLogged, measureLogged, measureSilent, measureSilent, measureLogged]) {
          await step();
        }
        await running.quiet.stop();
        running.quiet = undefined;
        await logged.stop();
        running.logged = undefined;
        const mean = (runs: LogPairRun[]) => runs.reduce((sum, r) => sum + r.reqPerSec, 0) / runs.length;
        // CPU of the shop process (all its threads, the log's writes included) per answer, over the warm-ups and
        // the measured runs: what a line costs, whatever else the machine did meanwhile.
        const cpuPerAnswer = (runs: LogPairRun[]) =>
          (runs.reduce((sum, r) => sum + r.cpuSeconds, 0) / runs.reduce((sum, r) => sum + r.allRequests, 0)) * 1e6;
        const onRate = mean(on);
        const offRate = mean(off);
        const ratio = onRate / offRate;
        // autocannon counts the answers within its runs, warm-up and measured (plus one probe per row); requests still
        // in flight at a run's end are answered and logged too, so a few more lines than counted answers are expected.
        const requests = on.reduce((sum, r) => sum + r.allRequests + 1, 0);
        rows.push({
          route: 'request logs: shop page 1 logged (LOG_LEVEL=info) vs not (silent)',
          reqPerSec: `${Math.round(onRate)} vs ${Math.round(offRate)}`,
          p99: `${Math.max(...on.map((r) => r.p99))} vs ${Math.max(...off.map((r) => r.p99))}`,
          ceiling: 'silent',
          ratio: fixed(ratio),
          target: '≥ 0.95',
          met: yesNo(ratio >= 0.95),
        });
        const cpuOn = cpuPerAnswer(on);
        const cpuOff = cpuPerAnswer(off);
        notes.push(
          `Request log: ${logLines} lines for the shop list during the logged runs, ${requests} answers counted ` +
            `(${fixed(logLines / requests, 3)} per request; runs ${on.map((r) => r.reqPerSec).join(', ')} logged, ` +
            `${off.map((r) => r.reqPerSec).join(', ')} silent req/s). CPU of the shop process per answer: ` +
            `${fixed(cpuOn, 1)} µs logged, ${fixed(cpuOff, 1)} µs silent (${fixed(cpuOff / cpuOn)} as a ratio of ` +
            'throughput on a core of its own).',
        );
        say(`  logged ${Math.round(onRate)} vs silent ${Math.round(offRate)} req/s: ${fixed(ratio)}`);
        say(`  CPU per answer: logged ${fixed(cpuOn, 1)} µs, silent ${fixed(cpuOff, 1)} µs`);
      }
    });

    await section('orders', ONLY.has('orders'), async () => {
      say(`Ceiling C, then add to cart + cash-on-delivery order with ${SHOPPERS} shoppers…`);
      await prepareCeilingTables(database.url);
      running.ceiling = await startCeiling('order', database.url);
      const c = await load({ base: running.ceiling.url, path: () => '/', method: 'POST', connections: SHOPPERS });
      await running.ceiling.stop();
      ceilingRow(`ceiling C: stock decrement + order row, 1 transaction (${SHOPPERS} connections)`, c);
      const orders = await runOrders(shop.url, database.url, catalogue.orderBag.id);
      const ratio = orders.ordersPerSec / c.reqPerSec;
      rows.push({
        route: `add to cart + COD order, ${SHOPPERS} shoppers (orders/s)`,
        reqPerSec: String(orders.ordersPerSec),
        p99: String(orders.p99),
        ceiling: `C ${c.reqPerSec}`,
        ratio: fixed(ratio),
        target: '≥ 0.25 × C',
        met: orders.failed > 0 ? `**no**: ${orders.failed} failed` : yesNo(ratio >= 0.25),
      });
      const exact = orders.stockAfter === orders.stockBefore - orders.unitsOrdered;
      rows.push({
        route: 'no oversell: stock left = start − units ordered',
        reqPerSec: '—',
        p99: '—',
        ceiling: '—',
        ratio: `${orders.stockAfter} = ${orders.stockBefore} − ${orders.unitsOrdered}`,
        target: 'equal',
        met: yesNo(exact),
      });
      say(`  ${orders.ordersPerSec} orders/s, p99 ${orders.p99} ms, ${fixed(ratio)} × C, stock exact: ${exact}`);
      await settle(shop.url);
    });

    await section('web', ONLY.has('web'), async () => {
      const landingPages = ['/', '/shop-products', `/details/${catalogue.productIds[0]}`];
      const labelOf = (page: string) => (page.startsWith('/details/') ? '/details/{id}' : page);
      say('Landing pages: JS before a tap and CSS blocking the first paint (brotli)…');
      const cacheControlOf = new Map<string, string>();
      const pageWithDetails = new Map<string, string>();
      for (const page of landingPages) {
        const label = labelOf(page);
        const bytes = await landingPageBytes(shop.url + page);
        budgetRow(
          `JS before a tap ${label}: scripts it runs, modulepreloads and their static imports (brotli)`,
          bytes.jsBeforeTap,
          JS_BEFORE_TAP_LIMIT,
        );
        budgetRow(
          `CSS blocking first paint ${label}: screen stylesheets and inline styles (brotli)`,
          bytes.blockingCss,
          BLOCKING_CSS_LIMIT,
        );
        cacheControlOf.set(`${label} (HTML)`, bytes.html.cacheControl);
        for (const file of [...bytes.jsBeforeTap.files, ...bytes.blockingCss.files]) {
          cacheControlOf.set(file.path, file.cacheControl);
        }
        const details =
          `JS before a tap ${budgetDetails(bytes.jsBeforeTap)}; ` +
          `CSS blocking first paint ${budgetDetails(bytes.blockingCss)}`;
        const sameAs = pageWithDetails.get(details);
        notes.push(
          `${label}: HTML ${kb(bytes.html.wireBytes)} (${bytes.html.encoding}); ` +
            (sameAs ? `scripts and styles as ${sameAs}` : details),
        );
        if (!sameAs) pageWithDetails.set(details, label);
      }
      const pathsByCacheControl = new Map<string, string[]>();
      for (const [filePath, value] of cacheControlOf) {
        pathsByCacheControl.set(value, [...(pathsByCacheControl.get(value) ?? []), filePath]);
      }
      notes.push(
        `Cache-control: ${[...pathsByCacheControl].map(([value, paths]) => `${value}: ${paths.join(', ')}`).join('; ')}`,
      );

      say('Lighthouse, both versions…');
      const benchmarkIndexes = new Map<string, number[]>();
      for (const page of landingPages) {
        const label = labelOf(page);
        for (const scores of await lighthouseScores(shop.url + page, LIGHTHOUSE_RUNS)) {
          lighthouseRow(label, scores);
          const indexes = benchmarkIndexes.get(scores.lighthouseVersion) ?? [];
          benchmarkIndexes.set(scores.lighthouseVersion, [...indexes, Math.round(scores.benchmarkIndex)]);
        }
        // Kept up to date page by page, so that a page that fails leaves what the others measured in the header.
        lighthouseRuns = [...benchmarkIndexes]
          .map(([version, indexes]) => `Lighthouse ${version} (benchmarkIndex ${spanOf(indexes)})`)
          .join(', ');
      }
    });

    await section('import', ONLY.has('import'), async () => {
      say(
        `Catalogue import of ${IMPORT_ROWS.toLocaleString('en-US')} rows: dry run, apply, again, every price changed…`,
      );
      const imports = await runImports(shop.url, token, IMPORT_ROWS);
      const label = `${IMPORT_ROWS.toLocaleString('en-US')} rows (${(IMPORT_ROWS / 2).toLocaleString('en-US')} handles × 2 colours, 10 pictures in a ZIP, ${Math.round(imports.bytes / 1024)} KB)`;
      for (const [what, timing] of [
        ['checked (dry run)', imports.dryRun],
        ['applied', imports.applied],
        ['applied again (nothing to change)', imports.again],
        ['applied with every price changed', imports.repriced],
      ] as const) {
        const perSecond = IMPORT_ROWS / timing.seconds;
        rows.push({
          route: `catalogue import, ${label}, ${what}: rows/s`,
          reqPerSec: String(Math.round(perSecond)),
          p99: '—',
          ceiling: '—',
          ratio: `${timing.seconds.toFixed(1)} s (${Object.entries(timing.counts)
            .filter(([, n]) => n > 0)
            .map(([outcome, n]) => `${n} ${outcome}`)
            .join(', ')})`,
          target: '10,000 rows < 60 s',
          met: yesNo(perSecond >= IMPORT_ROWS_PER_SECOND),
        });
        say(`  ${what}: ${timing.seconds.toFixed(1)} s, ${Math.round(perSecond)} rows/s — ${timing.message}`);
      }
      await settle(shop.url);
    });

    await section('insight', ONLY.has('insight'), async () => {
      const fillStart = Date.now();
      const trade = await fillTrade(database.url);
      say(`${trade.orders} orders with ${trade.items} items filled by SQL in ${secondsSince(fillStart)}`);
      // A restart lets whatever the shop prepares at start from its orders (a daily sales rollup) see the new ones.
      await shop.stop();
      const restarted = await startShopProcess(await shopSettings('info', 'shop-after-orders'));
      running.shop = restarted;
      token = await signIn(restarted.url, admin.email, admin.password);
      for (const route of ['dashboard', 'sales-report']) {
        for (const filter of ['weekly', 'monthly', 'yearly']) {
          const times: number[] = [];
          for (let i = 0; i < INSIGHT_TIMES; i++) {
            const at = performance.now();
            const response = await fetch(`${restarted.url}/api/user/admin/${route}?filter=${filter}`, {
              headers: { authorization: `Bearer ${token}` },
            });
            await response.arrayBuffer();
            if (!response.ok) throw new Error(`${route} ${filter} answered ${response.status}`);
            times.push(performance.now() - at);
          }
          const ms = median(times);
          rows.push({
            route: `${route === 'dashboard' ? 'admin dashboard' : 'sales report'}, ${filter}, ${trade.orders.toLocaleString('en-US')} orders`,
            reqPerSec: '—',
            p99: `${Math.round(Math.max(...times))} (slowest)`,
            ceiling: '—',
            ratio: `${Math.round(ms)} ms (median of ${INSIGHT_TIMES})`,
            target: '≤ 100 ms',
            met: yesNo(ms <= 100),
          });
          say(`  ${route} ${filter}: ${Math.round(ms)} ms`);
        }
      }
    });

    const loadAtEnd = os.loadavg();
    const header = [
      `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ` +
        `Node ${process.version}, ${database.url.includes('bagshop_bench_') ? 'PostgreSQL of DATABASE_URL' : 'embedded PostgreSQL'}; ` +
        `autocannon ${CONNECTIONS} connections, ${SECONDS} s per row, load generator on the same machine; ` +
        `load average ${loadAtStart.map((n) => fixed(n, 1)).join(' ')} at the start, ` +
        `${loadAtEnd.map((n) => fixed(n, 1)).join(' ')} at the end; whole run ${secondsSince(started)}` +
        `${lighthouseRuns ? `; ${lighthouseRuns}` : ''}.`,
    ];
    const table = [
      '| route | req/s | p99 ms | ceiling | ratio | target | met? |',
      '| --- | ---: | ---: | --- | ---: | --- | --- |',
      ...rows.map(
        (r) => `| ${r.route} | ${r.reqPerSec} | ${r.p99} | ${r.ceiling} | ${r.ratio} | ${r.target} | ${r.met} |`,
      ),
    ];
    const text = [...header, '', ...table, '', ...notes.map((n) => `- ${n}`), ''].join('\n');
    console.log(`\n${text}`);
    const resultsDir = path.join(ROOT, 'bench/results');
    fs.mkdirSync(resultsDir, { recursive: true });
    // A part run (BENCH_ONLY) keeps the whole run's table.
    const file = process.env.BENCH_ONLY ? `latest-${[...ONLY].join('-')}.md` : 'latest.md';
    fs.writeFileSync(path.join(resultsDir, file), text);
    say(`Written to bench/results/${file}`);
  } finally {
    await running.ceiling?.stop();
    await running.quiet?.stop();
    await running.logged?.stop();
    await running.shop?.stop();
    await database.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function secondsSince(at: number): string {
  const s = Math.round((Date.now() - at) / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}

/** Request-log lines for the shop list (the query string is never written, so the path alone is searched). */
function countListLines(file: string): number {
  return fs.readFileSync(file, 'utf8').split(`"path":"${SHOP}"`).length - 1;
}

await main();
