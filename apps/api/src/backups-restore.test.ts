import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOffer, createProduct } from '../test/catalogue.ts';
import { eventually } from '../test/eventually.ts';
import { documentSeries, walletsOffLedger } from '../test/shop-figures.ts';
import { TEST_JWT_SECRET, type TestApp } from '../test/test-app.ts';
import { createUser } from '../test/users.ts';
import { type Config, loadConfig } from './config.ts';
import { connectDatabase, type Database } from './db/client.ts';
import { runningEmbeddedUrl } from './db/embedded.ts';
import { backups } from './db/schema/backups.ts';
import { pricingSettings, products } from './db/schema/catalogue.ts';
import { orderItems, orders, walletTransactions } from './db/schema/orders.ts';
import { DamagedBackupError, parseIndiaTime, restoreBackup, runScheduledBackup } from './modules/backups/service.ts';
import { setPriceRounding } from './modules/offers/price-rounding.ts';
import { createShopper, fundWallet, putInCart, type Shopper } from './modules/orders/order-fixtures.ts';
import { type RunningShop, startShop } from './server.ts';

// docs/decisions/044-backups-and-recovery.md: a backup taken under load restores whole; the archived log recovers to a
// point in time; a damaged file is refused; the daily backup is taken once however many processes run.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

/** `npm run backup` / `npm run restore` as an owner runs them: the CLI files through tsx, with the shop's settings. */
async function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx/esm', path.join(ROOT, `apps/api/src/cli/${script}.ts`), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'silent', ...env },
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

function shopConfig(dataDir: string, extra: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    SEED_DEMO: 'true',
    BACKUP_TIME: 'off',
    ...extra,
  });
}

/** What the order tests' fixtures need of a shop: its database and its API. */
function asTestApp(shop: RunningShop, database: Database): TestApp {
  return {
    app: shop.app,
    database,
    request: ({ token, headers, ...options }) =>
      shop.app.inject({ ...options, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
  } as TestApp;
}

async function placeWalletOrder(t: TestApp, shopper: Shopper, productId: string) {
  await putInCart(t, shopper.id, [{ productId, qty: 1 }]);
  const res = await t.request({
    method: 'POST',
    url: '/api/orders',
    token: shopper.token,
    payload: { addressId: shopper.addressId, paymentMethod: 'wallet' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { order: { _id: string } }).order._id;
}

async function readyShopper(t: TestApp) {
  const shopper = await createShopper(t);
  await fundWallet(t, shopper.id, 500_000);
  return shopper;
}

describe('backups that restore', () => {
  const dirs: string[] = [];
  const tempDir = (name: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bagshop-${name}-`));
    // As root the database runs as `postgres`, which must reach the folder (embedded.ts).
    fs.chmodSync(dir, 0o755);
    dirs.push(dir);
    return dir;
  };
  let source: { shop: RunningShop; database: Database; t: TestApp; config: Config };
  let backupFile: string;
  const confirmedBefore: string[] = [];
  let bagId: string;
  const STOCK = 40;

  beforeAll(async () => {
    // The daily backup on (its retention is what lets the log be archived): the first start takes a base at once.
    const config = shopConfig(tempDir('source'), { BACKUP_TIME: '02:30' });
    const shop = await startShop(config, () => {});
    const url = runningEmbeddedUrl(config.dataDir);
    if (!url) throw new Error('the source shop has no embedded database');
    const database = connectDatabase(url, 4);
    source = { shop, database, t: asTestApp(shop, database), config };
    await eventually('the first base backup', async () => {
      const [first] = await database.db.select().from(backups).where(eq(backups.kind, 'first-base'));
      return first?.ok === true;
    });
    bagId = (await createProduct(source.t, { pricePaise: 49_900, quantity: STOCK })).id;
  }, 240_000);

  afterAll(async () => {
    await source?.database.close();
    await source?.shop.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes a backup while orders are placed, and a fresh folder restored from it opens the same shop', async () => {
    const { t, config } = source;
    // Prices after offers rounded to the rupee: the restored products must read the restored setting.
    const admin = await createUser(t, { isAdmin: true });
    await setPriceRounding(t.database.db, admin.id, { roundOfferPrices: true });
    const roundedBag = await createProduct(t, {
      offerId: (await createOffer(t, { discount: 20 })).id,
      pricePaise: 449_900,
    });
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => readyShopper(t)));
    for (const shopper of shoppers.slice(0, 3)) confirmedBefore.push(await placeWalletOrder(t, shopper, bagId));
    // One of them delivered (by hand, with no parcel): the dashboard's RTO count must find it after the restore.
    await t.database.db
      .update(orderItems)
      .set({ status: 'Delivered' })
      .where(eq(orderItems.orderId, confirmedBefore[0]!));
    const out = path.join(tempDir('files'), 'under-load.tar.gz');
    const [backup] = await Promise.all([
      cli('backup', ['--out', out], { DATA_DIR: config.dataDir }),
      ...shoppers.slice(3).map((shopper) => placeWalletOrder(t, shopper, bagId)),
    ]);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout.trim().split('\n').at(-1)).toBe(out);
    backupFile = out;
    const [row] = await t.database.db.select().from(backups).where(eq(backups.location, out));
    expect(row).toMatchObject({ kind: 'manual', ok: true, sizeBytes: fs.statSync(out).size });

    const target = tempDir('restored');
    const restored = await cli('restore', [out], { DATA_DIR: target });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/Restored \d+ orders, \d+ users, \d+ invoices, \d+ credit notes and \d+ pictures/);

    const shop = await startShop(shopConfig(target, { SEED_DEMO: 'false' }), () => {});
    const database = connectDatabase(runningEmbeddedUrl(target)!, 2);
    try {
      // Every order confirmed before the backup is there with its items, payment and invoice.
      for (const id of confirmedBefore) {
        const [order] = await database.db.select().from(orders).where(eq(orders.id, id));
        expect(order?.invoiceNumber).toMatch(/^INV\//);
        expect(await database.db.select().from(orderItems).where(eq(orderItems.orderId, id))).toHaveLength(1);
        expect(order?.paymentStatus).toBe('Paid');
        const paidBy = await database.db.select().from(walletTransactions).where(eq(walletTransactions.orderId, id));
        expect(paidBy.map((row) => row.amountPaise)).toEqual([-order!.finalPaise]);
      }
      // Stock + units sold = units received, for the bag sold under the backup.
      const [bag] = await database.db
        .select({ quantity: products.quantity })
        .from(products)
        .where(eq(products.id, bagId));
      const [sold] = await database.db
        .select({ units: sql<number>`coalesce(sum(${orderItems.qty}), 0)::int` })
        .from(orderItems)
        .where(eq(orderItems.productId, bagId));
      expect(bag!.quantity + sold!.units).toBe(STOCK);
      // The words of the names for sale are counted once each, as the restored products have them (migration 0032).
      const { rows: words } = await database.pool.query<{ word: string; products: number; counted: number }>(`
        select coalesce(w.word, c.word) as word, w.products, c.counted
        from search_words w
        full join (
          select word, count(*)::int as counted
          from products, unnest(tsvector_to_array(to_tsvector('simple', name))) as word
          where deleted_at is null and not is_blocked
          group by word
        ) c on c.word = w.word`);
      expect(words.length).toBeGreaterThan(0);
      expect(words.filter((w) => w.products !== w.counted)).toEqual([]);
      // The items that left the shop are counted once each, as the restored orders and parcels have them (migration
      // 0034): the delivered one is there.
      const { rows: shippedItems } = await database.pool.query<{ item_id: string; kept: boolean; due: boolean }>(`
        select coalesce(r.item_id, d.item_id) as item_id, r.item_id is not null as kept, d.item_id is not null as due
        from rto_items r
        full join rto_items_due(array(select id from order_items)) d
          on d.item_id = r.item_id and d.shipped_at = r.shipped_at and d.cod = r.cod
          and d.returned_to_seller = r.returned_to_seller`);
      expect(shippedItems.filter((row) => !row.kept || !row.due)).toEqual([]);
      const [delivered] = await database.db
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(eq(orderItems.orderId, confirmedBefore[0]!));
      expect(shippedItems.map((row) => row.item_id)).toContain(delivered?.id);
      // The rounding of prices after offers came back with every product priced by it (migration 0033).
      const [rounding] = await database.db.select().from(pricingSettings);
      expect(rounding?.roundOfferPrices).toBe(true);
      const [rounded] = await database.db
        .select({ finalPricePaise: products.finalPricePaise })
        .from(products)
        .where(eq(products.id, roundedBag.id));
      expect(rounded?.finalPricePaise).toBe(359_900);
      const unrounded = await database.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.offerRoundsToRupee, false));
      expect(unrounded).toEqual([]);
      // Every wallet balance equals its ledger; the invoice series continues with no gap and no repeat.
      const url = runningEmbeddedUrl(target)!;
      expect(await walletsOffLedger(url)).toEqual([]);
      const before = await documentSeries(url);
      for (const serials of before.values()) expect(serials).toEqual(serials.map((_, i) => i + 1));
      const restoredT = asTestApp(shop, database);
      const buyer = await readyShopper(restoredT);
      const next = await placeWalletOrder(restoredT, buyer, bagId);
      const [placed] = await database.db.select().from(orders).where(eq(orders.id, next));
      const number = placed!.invoiceNumber!;
      const series = number.slice(0, number.lastIndexOf('/'));
      expect(Number(number.slice(number.lastIndexOf('/') + 1))).toBe((before.get(series)?.length ?? 0) + 1);
      // Pictures are served, and signing in works.
      const [pictured] = await database.db
        .select({ images: products.images })
        .from(products)
        .where(sql`jsonb_array_length(${products.images}) > 0`)
        .limit(1);
      const picture = await fetch(`${shop.url}${pictured!.images[0]!.large}`);
      expect(picture.status).toBe(200);
      const signIn = await shop.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: buyer.email, password: buyer.password },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
    } finally {
      await database.close();
      await shop.stop();
    }
  }, 240_000);

  it('recovers to a point between two orders: the first is there, the second is not', async () => {
    const { t, config, database } = source;
    const first = await placeWalletOrder(t, await readyShopper(t), bagId);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const between = new Date();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const second = await placeWalletOrder(t, await readyShopper(t), bagId);
    // The segment holding the second order is archived now rather than within BACKUP_WAL_SECONDS.
    const switched = await database.pool.query<{ wal: string }>('select pg_walfile_name(pg_switch_wal()) as wal');
    await eventually('the log to be archived', async () => {
      const archived = await database.pool.query<{ last: string | null }>(
        'select last_archived_wal as last from pg_stat_archiver',
      );
      return (archived.rows[0]?.last ?? '') >= switched.rows[0]!.wal;
    });
    const indiaTime = new Date(between.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const to = parseIndiaTime(indiaTime)!;
    const target = tempDir('point-in-time');
    const report = await restoreBackup(shopConfig(target, { BACKUP_DIR: config.backupDir }), { file: backupFile, to });
    expect(report.notes).not.toContain(
      'The archived log ends before the time asked: everything it holds was restored.',
    );
    const shop = await startShop(
      shopConfig(target, { SEED_DEMO: 'false', BACKUP_DIR: tempDir('recovered-backups') }),
      () => {},
    );
    const recovered = connectDatabase(runningEmbeddedUrl(target)!, 2);
    try {
      const found = await recovered.db
        .select({ id: orders.id })
        .from(orders)
        .where(sql`${orders.id} in (${first}, ${second})`);
      expect(found.map((row) => row.id)).toEqual([first]);
    } finally {
      await recovered.close();
      await shop.stop();
    }
  }, 240_000);

  it('refuses a damaged or a cut file, and a folder that holds a shop unless forced', async () => {
    const files = tempDir('broken');
    const bytes = fs.readFileSync(backupFile);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    fs.writeFileSync(path.join(files, 'flipped.tar.gz'), flipped);
    fs.writeFileSync(path.join(files, 'cut.tar.gz'), bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    // As the owner sees it: the command refuses and says why, and nothing is written.
    const target = tempDir('refused');
    const answer = await cli('restore', [path.join(files, 'flipped.tar.gz')], { DATA_DIR: target });
    expect(answer.code).toBe(1);
    expect(answer.stderr).toMatch(/Restore refused: .*damaged/);
    expect(fs.readdirSync(target)).toEqual([]);
    await expect(restoreBackup(shopConfig(target), { file: path.join(files, 'cut.tar.gz') })).rejects.toThrow(
      DamagedBackupError,
    );
    expect(fs.readdirSync(target)).toEqual([]);

    await expect(restoreBackup(source.config, { file: backupFile })).rejects.toThrow(/A shop is running on/);
    const occupied = tempDir('occupied');
    fs.mkdirSync(path.join(occupied, 'uploads', 'products'), { recursive: true });
    fs.writeFileSync(path.join(occupied, 'uploads', 'products', 'kept.webp'), 'a picture of the shop replaced');
    await expect(restoreBackup(shopConfig(occupied), { file: backupFile })).rejects.toThrow(
      /is not empty .* add --force/,
    );
    const forced = await restoreBackup(shopConfig(occupied), { file: backupFile, force: true });
    expect(forced.orders).toBeGreaterThan(0);
    const aside = fs.readdirSync(occupied).find((name) => name.startsWith('replaced-'));
    expect(fs.readFileSync(path.join(occupied, aside!, 'uploads', 'products', 'kept.webp'), 'utf8')).toBe(
      'a picture of the shop replaced',
    );
  }, 240_000);

  it('takes the daily backup once when two processes find it due', async () => {
    // The slot is an hour ago on a clock two hours ahead: every backup of the tests above was taken before it.
    const now = new Date(Date.now() + 2 * 3_600_000);
    const slot = new Date(now.getTime() - 3_600_000 + 5.5 * 3_600_000).toISOString().slice(11, 16);
    const config = { ...source.config, BACKUP_TIME: slot, BACKUP_DIR: tempDir('daily') };
    config.backupDir = config.BACKUP_DIR;
    const other = connectDatabase(runningEmbeddedUrl(config.dataDir)!, 2);
    try {
      const url = runningEmbeddedUrl(config.dataDir)!;
      // The shop's own timer claimed the job at its start: its next claim is five minutes later, so this is clear.
      await source.database.db.execute(
        "update job_runs set started_at = now() - interval '1 day' where name = 'backup'",
      );
      const took = await Promise.all([
        runScheduledBackup({ config, db: source.database.db, databaseUrl: url, clusterDir: null }, now),
        runScheduledBackup({ config, db: other.db, databaseUrl: url, clusterDir: null }, now),
      ]);
      expect(took.filter(Boolean)).toHaveLength(1);
      const daily = await source.database.db
        .select()
        .from(backups)
        .where(and(eq(backups.kind, 'scheduled'), eq(backups.ok, true)));
      expect(daily).toHaveLength(1);
      expect(fs.readdirSync(config.backupDir).filter((name) => name.endsWith('.tar.gz'))).toHaveLength(1);
    } finally {
      await other.close();
    }
  }, 120_000);
});
