import fs from 'node:fs';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../test/catalogue.ts';
import { tempDataDir } from '../test/postgres-processes.ts';
import { type S3Server, startS3Server } from '../test/s3-server.ts';
import { shipmentBody } from '../test/shipments.ts';
import { type ChildServer, startHaproxy, startShopProcess } from '../test/shop-processes.ts';
import { createTestDatabase, TEST_JWT_SECRET } from '../test/test-app.ts';
import { createUser, type TestUser } from '../test/users.ts';
import { connectDatabase, type Database } from './db/client.ts';
import { cartItems } from './db/schema/catalogue.ts';
import { jobRuns } from './db/schema/job-runs.ts';
import { createShopper } from './modules/orders/order-fixtures.ts';
import { EXPIRY_EVERY_MS, ORDER_EXPIRY_JOB } from './modules/payments/expiry.ts';

/**
 * Two shop processes as `npm start` runs them, on one PostgreSQL and one S3-compatible server, behind HAProxy
 * (docs/deploy.md). The header `x-shop-process: a|b` through HAProxy picks a process; other requests are balanced.
 */
describe('several shop processes behind HAProxy', () => {
  let database: { url: string; drop(): Promise<void> };
  let db: Database;
  let s3: S3Server;
  let dir: string;
  let a: ChildServer;
  let b: ChildServer;
  let proxy: ChildServer;
  let admin: TestUser;
  const sockets: Socket[] = [];
  let startedAt = 0;

  beforeAll(async () => {
    [database, s3] = await Promise.all([createTestDatabase(), startS3Server()]);
    db = connectDatabase(database.url, 4);
    dir = tempDataDir('machines');
    startedAt = Date.now();
    const env = {
      DATABASE_URL: database.url,
      JWT_SECRET: TEST_JWT_SECRET,
      SOCKET_ADAPTER: 'postgres',
      TRUST_PROXY: 'loopback',
      // The balancer forwards the host it was asked for; links name it only if it is the shop's own.
      ALLOWED_HOSTS: '127.0.0.1,localhost',
      ...s3.env,
    };
    const started = await Promise.allSettled([
      startShopProcess({ ...env, DATA_DIR: `${dir}/a` }),
      startShopProcess({ ...env, DATA_DIR: `${dir}/b` }),
    ]);
    [a, b] = started.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : (undefined as never)));
    const failed = started.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    proxy = await startHaproxy(dir, { a, b });
    admin = await createUser({ database: db }, { isAdmin: true });
  }, 180_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all([proxy?.stop(), a?.stop(), b?.stop()]);
    await db?.close();
    await s3?.close();
    await database?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const call = async (base: string, method: string, url: string, token?: string, body?: unknown, process?: string) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(process ? { 'x-shop-process': process } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, json: () => JSON.parse(text) };
  };

  it('accepts a token issued by one process on the other, and shows an image uploaded through one on the other', async () => {
    const signIn = await call(a.url, 'POST', '/api/user/login', undefined, {
      email: admin.email,
      password: admin.password,
    });
    expect(signIn.status, signIn.text).toBe(200);
    const token = signIn.json().token as string;

    const form = new FormData();
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a4b2a' } })
      .png()
      .toBuffer();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'bag.png');
    const upload = await fetch(`${b.url}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    const [{ large }] = (await upload.json()).images as { large: string }[];

    const onA = await fetch(`${a.url}${large}`);
    expect(onA.status).toBe(200);
    expect(onA.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await onA.arrayBuffer())).metadata()).format).toBe('webp');
  });

  it('sells exactly 5 units to 30 shoppers racing through both processes', async () => {
    const bag = await createProduct({ database: db }, { pricePaise: 50_000, quantity: 5 });
    const shoppers = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const shopper = await createShopper({ database: db });
        await db.db.insert(cartItems).values({ userId: shopper.id, productId: bag.id, qty: 1 });
        return shopper;
      }),
    );
    const answers = await Promise.all(
      shoppers.map((s, i) =>
        call(
          proxy.url,
          'POST',
          '/api/orders',
          s.token,
          { addressId: s.addressId, paymentMethod: 'cod' },
          i % 2 ? 'a' : 'b',
        ),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(25);
    const stock = await call(a.url, 'GET', `/api/products/${bag.id}`);
    expect(stock.json().product.quantity).toBe(0);
  });

  it("sends an order status change made on one process to the shopper's socket on the other, through HAProxy", async () => {
    const shopper = await createShopper({ database: db });
    const bag = await createProduct({ database: db }, { pricePaise: 40_000, quantity: 3 });
    await db.db.insert(cartItems).values({ userId: shopper.id, productId: bag.id, qty: 1 });
    const placed = await call(a.url, 'POST', '/api/orders', shopper.token, {
      addressId: shopper.addressId,
      paymentMethod: 'cod',
    });
    expect(placed.status, placed.text).toBe(201);
    const order = placed.json().order as { _id: string; items: { _id: string }[] };

    // A WebSocket upgraded by HAProxy, on process b (no sticky sessions: every frame of it goes to one process).
    const socket = io(proxy.url, {
      auth: { token: shopper.token },
      extraHeaders: { 'x-shop-process': 'b' },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const events: { itemId: string; status: string }[] = [];
    socket.on('orderStatusUpdated', (event) => events.push(event));
    // Live events between processes start a moment after each one starts: move the item, then wait for its event.
    const confirmed = await call(a.url, 'POST', '/api/orders/confirm-cod', shopper.token, { orderId: order._id });
    expect(confirmed.status, confirmed.text).toBe(200);
    const shipped = await call(a.url, 'POST', '/api/admin/shipments', admin.token, shipmentBody(order._id));
    expect(shipped.status, shipped.text).toBe(201);
    await expect
      .poll(() => events)
      .toContainEqual(expect.objectContaining({ itemId: order.items[0]._id, status: 'Shipped' }));
  });

  it('reads a catalogue write made on one process at once on the other', async () => {
    const before = await call(b.url, 'GET', '/api/category/all');
    expect(before.status).toBe(200);
    // Asked twice: the second answer comes from b's response cache.
    expect((await call(b.url, 'GET', '/api/category/all')).text).toBe(before.text);
    const created = await call(a.url, 'POST', '/api/category', admin.token, { name: 'Travel Duffels' });
    expect(created.status, created.text).toBe(201);
    const after = await call(b.url, 'GET', '/api/category/all');
    expect(after.json().all.map((c: { name: string }) => c.name)).toContain('Travel Duffels');
  });

  it('finishes a request in flight on SIGTERM while new requests go to the other process', async () => {
    // A request to a whose body is still arriving: a has read its head (it answered 100 Continue).
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' });
    const raw = net.connect(a.port, '127.0.0.1');
    let answer = '';
    raw.on('data', (chunk) => {
      answer += chunk;
    });
    const ended = new Promise((resolve) => raw.once('close', resolve));
    raw.write(
      'POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
    );
    await expect.poll(() => answer).toContain('100 Continue');

    const exit = a.stop();
    // a stops taking connections; HAProxy's health check takes it out, and retries what it refused.
    await expect
      .poll(
        () =>
          new Promise<boolean>((resolve) => {
            const probe = net.connect(a.port, '127.0.0.1');
            probe.once('connect', () => {
              probe.destroy();
              resolve(false);
            });
            probe.once('error', () => resolve(true));
          }),
      )
      .toBe(true);
    for (let i = 0; i < 6; i++) {
      const res = await call(proxy.url, 'GET', '/api/category/all');
      expect(res.status).toBe(200);
    }
    raw.write(body);
    await ended;
    expect(answer).toMatch(/HTTP\/1\.1 401 /);
    expect(await exit).toBe(0);
  });

  it('ran the expiry job once across both processes', async () => {
    const runs = async () =>
      (await db.db.select().from(jobRuns).where(eq(jobRuns.name, ORDER_EXPIRY_JOB)))[0]?.runs ?? 0;
    await expect.poll(runs).toBeGreaterThanOrEqual(1);
    // Both processes ran the job as they started; one run a minute (less a tenth for drift) across both, however
    // long this file took.
    const periods = 1 + Math.floor((Date.now() - startedAt) / (EXPIRY_EVERY_MS * 0.9));
    expect(await runs()).toBeLessThanOrEqual(periods);
  });
});
