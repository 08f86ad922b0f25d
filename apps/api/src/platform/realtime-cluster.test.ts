import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/catalogue.ts';
import { shipItems } from '../../test/shipments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { createShopper, putInCart, type Shopper, stockOf } from '../modules/orders/order-fixtures.ts';

/** Two shop processes on one database, with live events shared through PostgreSQL (SOCKET_ADAPTER=postgres). */
describe('several shop processes on one database', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<TestApp['sibling']>>;
  let admin: TestUser;
  const sockets: Socket[] = [];

  const listen = async (app: FastifyInstance) => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  };
  const connect = (url: string, token: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  const next = <T>(socket: Socket, event: string, match: (payload: T) => boolean) =>
    new Promise<T>((resolve) => {
      const handler = (payload: T) => {
        if (!match(payload)) return;
        socket.off(event, handler);
        resolve(payload);
      };
      socket.on(event, handler);
    });

  beforeAll(async () => {
    a = await createTestApp({ SOCKET_ADAPTER: 'postgres' });
    b = await a.sibling();
    admin = await createUser(a, { isAdmin: true });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await b?.close();
    await a?.close();
  });

  it('an order paid on one process reaches the admins connected to the other', async () => {
    const [, urlB] = await Promise.all([listen(a.app), listen(b.app)]);
    const adminOnB = await connect(urlB, admin.token);
    // The processes start listening to each other a moment after they start: wait until a first event crosses.
    const crossed = next<{ orderId: string }>(adminOnB, 'orderPaid', (p) => p.orderId === 'ready');
    const ping = setInterval(() => a.app.realtime.orderPaid('ready'), 100);
    await crossed.finally(() => clearInterval(ping));

    const shopper = await createShopper(a);
    const bag = await createProduct(a, { pricePaise: 50_000 });
    await putInCart(a, shopper.id, [{ productId: bag.id, qty: 1 }]);
    const placed = await a.request({
      method: 'POST',
      url: '/api/orders',
      token: shopper.token,
      payload: { addressId: shopper.addressId, paymentMethod: 'cod' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as { _id: string; items: { _id: string }[] };

    const ownerOnB = await connect(urlB, shopper.token);
    const paid = next<{ orderId: string }>(adminOnB, 'orderPaid', (p) => p.orderId === order._id);
    const shipped = next<{ status: string }>(ownerOnB, 'orderStatusUpdated', (p) => p.status === 'Shipped');
    const confirmed = await a.request({
      method: 'POST',
      url: '/api/orders/confirm-cod',
      token: shopper.token,
      payload: { orderId: order._id },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await shipItems(a, admin.token, order._id);
    const delivered = await a.request({
      method: 'PUT',
      url: '/api/orders/save-item-status',
      token: admin.token,
      payload: { id: order._id, item: order.items[0]._id, status: 'Delivered' },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await shipped).toMatchObject({ status: 'Shipped' });
    expect(await paid).toEqual({ orderId: order._id });
  });

  it('the last unit is sold once, whichever process the shoppers reach', async () => {
    const bag = await createProduct(a, { pricePaise: 40_000, quantity: 1 });
    const shoppers: Shopper[] = [];
    for (let i = 0; i < 8; i++) {
      const shopper = await createShopper(a);
      await putInCart(a, shopper.id, [{ productId: bag.id, qty: 1 }]);
      shoppers.push(shopper);
    }
    const results = await Promise.all(
      shoppers.map((shopper, i) =>
        (i % 2 === 0 ? a.app : b.app).inject({
          method: 'POST',
          url: '/api/orders',
          headers: { authorization: `Bearer ${shopper.token}` },
          payload: { addressId: shopper.addressId, paymentMethod: 'cod' },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await stockOf(a, bag.id)).toBe(0);
  });
});
