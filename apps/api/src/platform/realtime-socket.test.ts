import type { AddressInfo } from 'node:net';
import { MSG } from '@bagshop/shared/messages';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder } from '../../test/order-rows.ts';
import { shipItems } from '../../test/shipments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../../test/users.ts';
import { users } from '../db/schema/users.ts';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

function connect(token: unknown): Socket {
  const socket = io(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return socket;
}

/** Resolves with 'connected' or the refusal's message. */
function outcome(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

describe('realtime socket', () => {
  it('accepts a signed-in user', async () => {
    const user = await createUser(t);
    expect(await outcome(connect(user.token))).toBe('connected');
  });

  it('refuses a missing, forged or malformed token', async () => {
    expect(await outcome(connect(undefined))).toBe(MSG.unauthorized);
    expect(await outcome(connect('not-a-token'))).toBe(MSG.unauthorized);
    expect(await outcome(connect({ token: 'x' }))).toBe(MSG.unauthorized);
  });

  it('refuses blocked and deleted users', async () => {
    const blocked = await createUser(t);
    await t.database.db.update(users).set({ isBlocked: true }).where(eq(users.id, blocked.id));
    expect(await outcome(connect(blocked.token))).toBe(MSG.blocked);
    const deleted = await createUser(t);
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    expect(await outcome(connect(deleted.token))).toBe(MSG.unauthorized);
  });

  it('sends an item status change to the admins and the order owner only', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const { order, items } = await insertOrder(t, owner.id);
    const received: Record<string, unknown[]> = { admin: [], owner: [], stranger: [] };
    const clients = { admin: connect(admin.token), owner: connect(owner.token), stranger: connect(stranger.token) };
    for (const [who, socket] of Object.entries(clients)) {
      socket.on('orderStatusUpdated', (event) => received[who].push(event));
    }
    expect(await Promise.all(Object.values(clients).map(outcome))).toEqual(['connected', 'connected', 'connected']);
    const ownerGotIt = new Promise((resolve) => clients.owner.once('orderStatusUpdated', resolve));
    await shipItems(t, admin.token, order.id);
    await ownerGotIt;
    // Events reach one connection in order: once the stranger hears about their own order, an earlier event meant
    // for them would already have arrived.
    const own = await insertOrder(t, stranger.id);
    const strangerGotOwn = new Promise((resolve) => clients.stranger.once('orderStatusUpdated', resolve));
    await shipItems(t, admin.token, own.order.id);
    await strangerGotOwn;
    const event = { orderId: order.id, itemId: items[0].id, status: 'Shipped' };
    const ownEvent = { orderId: own.order.id, itemId: own.items[0].id, status: 'Shipped' };
    expect(received).toEqual({ admin: [event, ownEvent], owner: [event], stranger: [ownEvent] });
  });

  it('tells the admins when a cash-on-delivery order is paid at the door', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const owner = await createUser(t);
    const { order, items } = await insertOrder(t, owner.id, {
      lines: [{ status: 'Shipped' }],
      order: { paymentMethod: 'cod', paymentStatus: 'Pending', paidAt: null },
    });
    const socket = connect(admin.token);
    expect(await outcome(socket)).toBe('connected');
    const paid = new Promise((resolve) => socket.once('orderPaid', resolve));
    const res = await t.request({
      method: 'PUT',
      url: '/api/orders/save-item-status',
      payload: { id: order.id, item: items[0].id, status: 'Delivered' },
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    expect(await paid).toEqual({ orderId: order.id });
  });

  it('ends the live connection of a user the moment they are blocked or deleted, and only theirs', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const [blocked, deleted, bystander] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const clients = [blocked, deleted, bystander].map((u) => connect(u.token));
    expect(await Promise.all(clients.map(outcome))).toEqual(['connected', 'connected', 'connected']);
    const ended = clients.slice(0, 2).map((socket) => new Promise((resolve) => socket.once('disconnect', resolve)));

    const block = await t.request({ method: 'PUT', url: `/api/user/${blocked.id}/unblock`, token: admin.token });
    expect(block.statusCode).toBe(200);
    const remove = await t.request({ method: 'DELETE', url: `/api/user/${deleted.id}`, token: admin.token });
    expect(remove.statusCode).toBe(200);
    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(clients[2].connected).toBe(true);
    expect(await outcome(connect(blocked.token))).toBe(MSG.blocked);
  });

  it('closes with the app while browsers are connected', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (other.app.server.address() as AddressInfo).port;
    const user = await createUser(other);
    const socket = io(`http://127.0.0.1:${port}`, {
      auth: { token: user.token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    expect(await outcome(socket)).toBe('connected');
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await other.close();
    expect(await disconnected).toBe('io server disconnect');
  });
});
