import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MSG } from '@bagshop/shared/messages';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createProduct } from '../test/catalogue.ts';
import { eventually, pause } from '../test/eventually.ts';
import { postmasterOf, stopLeftoverPostgres, tempDataDir } from '../test/postgres-processes.ts';
import { connectDatabase, type Database } from './db/client.ts';
import { clusterDir } from './db/embedded.ts';
import { pidAlive } from './db/local-processes.ts';
import { orderItems, orders } from './db/schema/orders.ts';
import { createShopper, type Shopper, stockOf } from './modules/orders/order-fixtures.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.resolve(here, 'main.ts');
/** The secret the test users' tokens are signed with (test/users.ts). */
const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256';
const INITIAL_STOCK = 500;

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;
const waitForExit = (child: ChildProcess) =>
  exited(child) ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

describe('the shop while its embedded PostgreSQL is killed during orders', () => {
  const dataDir = tempDataDir('outage');
  const cluster = clusterDir(dataDir);
  let shop: ChildProcess | undefined;
  let database: Database | undefined;
  let output = '';
  let firing = true;

  afterAll(async () => {
    firing = false;
    await database?.close();
    if (shop && !exited(shop)) {
      shop.kill('SIGKILL');
      await waitForExit(shop);
    }
    await stopLeftoverPostgres(cluster);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** `npm start` as it runs in production: the shop's own entry point in a process of its own. */
  async function startShopProcess(): Promise<string> {
    shop = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        HOST: '127.0.0.1',
        PORT: '0',
        NODE_ENV: 'test',
        SEED_DEMO: 'false',
        JWT_SECRET,
        LOG_LEVEL: 'warn',
        SOCKET_ADAPTER: 'postgres',
        // Three shoppers keep ordering by cash on delivery throughout: the per-shopper order limits are out of the way.
        COD_OPEN_LIMIT: '1000000',
        ORDER_RATE_LIMIT: '1000000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const child = shop;
    return new Promise<string>((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        const open = /Bag Shop is open at http:\/\/localhost:(\d+)/.exec(output);
        if (open) resolve(`http://127.0.0.1:${open[1]}`);
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      child.once('exit', (code, signal) => reject(new Error(`the shop exited (${code ?? signal}):\n${output}`)));
    });
  }

  it('answers 503 during the outage, restarts the database by itself and keeps every order', async () => {
    const base = await startShopProcess();
    const postmaster = postmasterOf(cluster);
    if (!postmaster) throw new Error('no postmaster.pid after the start');
    const password = fs.readFileSync(path.join(path.dirname(cluster), 'pg-password'), 'utf8').trim();
    database = connectDatabase(
      `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${postmaster.port}/bagshop`,
      2,
    );
    const bag = await createProduct({ database }, { pricePaise: 20_000, quantity: INITIAL_STOCK });
    const shoppers = await Promise.all([1, 2, 3].map(() => createShopper({ database: database as Database })));

    const answers: Array<{ what: string; status: number; body: unknown }> = [];
    const placed: string[] = [];
    let killed = false;
    let recovered = false;
    let placedAfterRecovery = 0;
    const post = async (what: string, pathname: string, token: string, body: object) => {
      const res = await fetch(base + pathname, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = { what, status: res.status, body: await res.json() };
      answers.push(answer);
      return answer;
    };
    const keepOrdering = async (shopper: Shopper) => {
      while (firing) {
        const added = await post('add to cart', '/api/products/add-to-cart', shopper.token, {
          productId: bag.id,
          qty: 1,
        });
        const order =
          added.status === 201
            ? await post('place order', '/api/orders', shopper.token, {
                addressId: shopper.addressId,
                paymentMethod: 'cod',
              })
            : null;
        if (order?.status === 201) {
          placed.push((order.body as { order: { _id: string } }).order._id);
          if (recovered) placedAfterRecovery += 1;
        }
        if (added.status === 503 || order?.status === 503) await pause(50);
      }
    };
    const shoppersAtWork = Promise.all(shoppers.map(keepOrdering));
    // A shopper's failure (the shop gone, say) must end the waits below rather than leave them polling.
    let failure: unknown;
    shoppersAtWork.catch((error) => {
      failure = error;
    });
    const unlessFailed = (check: () => boolean) => () => {
      if (failure) throw failure;
      return check();
    };

    await eventually(
      'orders before the kill',
      unlessFailed(() => placed.length >= 15),
    );
    const placedBeforeKill = placed.length;
    process.kill(postmaster.pid, 'SIGKILL');
    killed = true;
    const healthAnswers: number[] = [];
    await eventually('the health check to pass again', async () => {
      const res = await fetch(`${base}/api/health`);
      healthAnswers.push(res.status);
      return res.status === 200;
    });
    recovered = true;
    await eventually(
      'orders after the database came back',
      unlessFailed(() => placedAfterRecovery >= 3),
    );
    firing = false;
    await shoppersAtWork;

    expect(killed).toBe(true);
    expect(shop && exited(shop), output).toBe(false);
    const unexpected = answers.filter((a) => a.status !== 201 && a.status !== 503);
    expect(unexpected, output).toEqual([]);
    const outage = answers.filter((a) => a.status === 503);
    expect(outage.length + healthAnswers.filter((s) => s === 503).length).toBeGreaterThan(0);
    for (const answer of outage) {
      expect(answer.body).toEqual({ message: MSG.shopUnavailable, code: 'UNAVAILABLE' });
    }
    expect(healthAnswers.every((s) => s === 200 || s === 503)).toBe(true);
    expect(output).toMatch(/PostgreSQL was killed \(SIGKILL\); starting it again in 0\.5 s/);
    expect(output).toMatch(/PostgreSQL is running again on port \d+ \(restart 1\)/);
    expect(postmasterOf(cluster)?.port).toBe(postmaster.port);

    // Every order the shop confirmed, before and after the kill, is there, and stock adds up with what was sold.
    expect(placedBeforeKill).toBeGreaterThanOrEqual(15);
    const kept = await database.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, placed));
    expect(kept).toHaveLength(placed.length);
    const [{ sold }] = await database.db
      .select({ sold: sql<number>`coalesce(sum(${orderItems.qty}), 0)::int` })
      .from(orderItems)
      .where(eq(orderItems.productId, bag.id));
    expect(sold).toBeGreaterThanOrEqual(placed.length);
    expect((await stockOf({ database }, bag.id)) + sold).toBe(INITIAL_STOCK);

    // Stopping the shop stops its database, and nothing starts it again.
    const running = postmasterOf(cluster);
    shop?.kill('SIGTERM');
    if (shop) await waitForExit(shop);
    expect(shop?.signalCode, output).toBeNull();
    expect(running !== null && pidAlive(running.pid)).toBe(false);
  }, 120_000);
});
