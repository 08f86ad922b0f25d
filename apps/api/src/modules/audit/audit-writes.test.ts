import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOffer, createProduct } from '../../../test/catalogue.ts';
import { insertOrder } from '../../../test/order-rows.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { categories, products } from '../../db/schema/catalogue.ts';
import { orderItems } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';

const DAY = 24 * 60 * 60 * 1000;

/** A real multipart/form-data body, serialised by the platform's own FormData. */
async function multipart(fields: Record<string, string>, files: Buffer[] = []) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const data of files) form.append('pdImage', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'bag.png');
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

const png = () =>
  sharp({ create: { width: 200, height: 150, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();

const offerBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Monsoon Sale',
  type: 'category',
  description: 'Rainy day prices',
  activation: new Date(Date.now() - DAY).toISOString(),
  expiry: new Date(Date.now() + 10 * DAY).toISOString(),
  discount: 15,
  minAmount: 499.5,
  ...overrides,
});

const couponBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Monsoon Deal',
  description: 'Ten percent off travel bags',
  activation: new Date(Date.now() - DAY).toISOString(),
  expiry: new Date(Date.now() + 10 * DAY).toISOString(),
  discount: 10,
  status: true,
  minAmount: 999.5,
  maxAmount: 250,
  limit: 20,
  ...overrides,
});

let t: TestApp;
let meera: TestUser;
let arjun: TestUser;
let priya: TestUser;
let ravi: TestUser;
let travelId: string;

beforeAll(async () => {
  t = await createTestApp();
  meera = await createUser(t, { isAdmin: true, name: 'Meera Admin', email: 'meera@bagshop.in' });
  arjun = await createUser(t, { isAdmin: true, name: 'Arjun Admin', email: 'arjun@bagshop.in' });
  priya = await createUser(t, { name: 'Priya Nair', email: 'priya@example.in' });
  ravi = await createUser(t, { name: 'Ravi Kumar', email: 'ravi@example.in' });
  travelId = (await createCategory(t, { name: 'Travel' })).id;
});
afterAll(() => t.close());

const allEntries = () => t.database.db.select().from(auditLog).orderBy(asc(auditLog.createdAt));

/** Runs a write and answers its response with the audit rows it added. */
async function withNewEntries(write: () => Promise<LightMyRequestResponse>) {
  const seen = new Set((await allEntries()).map((e) => e.id));
  const response = await write();
  const added = (await allEntries()).filter((e) => !seen.has(e.id));
  return { response, added };
}

type Json = Record<string, unknown>;
const as = (admin: TestUser) => ({ token: admin.token });

/** What the cases share: ids made by earlier cases. */
const state: Json & {
  offerId?: string;
  categoryId?: string;
  couponId?: string;
  productId?: string;
  images?: string[];
  order?: { id: string; number: string; itemId: string };
} = {};

interface WriteCase {
  name: string;
  by?: () => TestUser;
  write: (by: TestUser) => Promise<LightMyRequestResponse>;
  status?: number;
  kind: string;
  action: string;
  entityId: (response: Json) => string;
  summary: string | ((response: Json) => string);
  before: Json | null;
  after: Json | null;
}

const cases: WriteCase[] = [
  {
    name: 'blocking a user',
    write: (by) => t.request({ method: 'PUT', url: `/api/user/${priya.id}/unblock`, ...as(by) }),
    kind: 'user',
    action: 'block',
    entityId: () => priya.id,
    summary: 'User priya@example.in',
    before: { name: 'Priya Nair', email: 'priya@example.in', blocked: false },
    after: { email: 'priya@example.in', blocked: true },
  },
  {
    name: 'unblocking a user (by another admin)',
    by: () => arjun,
    write: (by) => t.request({ method: 'PUT', url: `/api/user/${priya.id}/unblock`, ...as(by) }),
    kind: 'user',
    action: 'unblock',
    entityId: () => priya.id,
    summary: 'User priya@example.in',
    before: { blocked: true },
    after: { blocked: false },
  },
  {
    name: 'deleting a user',
    write: (by) => t.request({ method: 'DELETE', url: `/api/user/${ravi.id}`, ...as(by) }),
    kind: 'user',
    action: 'delete',
    entityId: () => ravi.id,
    summary: 'User ravi@example.in',
    before: { name: 'Ravi Kumar', email: 'ravi@example.in', blocked: false },
    after: null,
  },
  {
    name: 'creating an offer',
    write: (by) => t.request({ method: 'POST', url: '/api/user/admin/offers/add', payload: offerBody(), ...as(by) }),
    status: 201,
    kind: 'offer',
    action: 'create',
    entityId: (r) => {
      state.offerId = (r.offer as Json)._id as string;
      return state.offerId;
    },
    summary: 'Offer "Monsoon Sale"',
    before: null,
    after: { name: 'Monsoon Sale', type: 'category', discount: 15, minAmount: 499.5, blocked: false },
  },
  {
    name: 'editing an offer',
    write: (by) =>
      t.request({
        method: 'PUT',
        url: `/api/user/admin/offers/edit/${state.offerId}`,
        payload: offerBody({ discount: 20 }),
        ...as(by),
      }),
    kind: 'offer',
    action: 'update',
    entityId: () => state.offerId as string,
    summary: 'Offer "Monsoon Sale"',
    before: { name: 'Monsoon Sale', discount: 15 },
    after: { name: 'Monsoon Sale', discount: 20 },
  },
  {
    name: 'blocking an offer',
    write: (by) => t.request({ method: 'PUT', url: `/api/user/admin/offers/${state.offerId}/unblock`, ...as(by) }),
    kind: 'offer',
    action: 'block',
    entityId: () => state.offerId as string,
    summary: 'Offer "Monsoon Sale"',
    before: { blocked: false },
    after: { blocked: true },
  },
  {
    name: 'deleting an offer',
    write: async (by) => {
      const old = await createOffer(t, { name: 'Old Deal' });
      state.oldOfferId = old.id;
      return t.request({ method: 'DELETE', url: `/api/user/admin/offers/${old.id}`, ...as(by) });
    },
    kind: 'offer',
    action: 'delete',
    entityId: () => state.oldOfferId as string,
    summary: 'Offer "Old Deal"',
    before: { name: 'Old Deal', type: 'products', discount: 10 },
    after: null,
  },
  {
    name: 'creating a category',
    write: (by) =>
      t.request({ method: 'POST', url: '/api/category/', payload: { name: 'Backpacks', offer: null }, ...as(by) }),
    status: 201,
    kind: 'category',
    action: 'create',
    entityId: (r) => {
      state.categoryId = (r.category as Json)._id as string;
      return state.categoryId;
    },
    summary: 'Category "Backpacks"',
    before: null,
    after: { name: 'Backpacks', offer: null, blocked: false },
  },
  {
    name: 'renaming a category and giving it an offer',
    write: (by) =>
      t.request({
        method: 'PUT',
        url: `/api/category/${state.categoryId}`,
        payload: { name: 'Day Packs', offer: state.offerId },
        ...as(by),
      }),
    kind: 'category',
    action: 'update',
    entityId: () => state.categoryId as string,
    summary: 'Category "Day Packs"',
    before: { name: 'Backpacks', offer: null },
    after: { name: 'Day Packs', offer: 'Monsoon Sale' },
  },
  {
    name: 'blocking a category',
    write: (by) => t.request({ method: 'PUT', url: `/api/category/${state.categoryId}/unblock`, ...as(by) }),
    kind: 'category',
    action: 'block',
    entityId: () => state.categoryId as string,
    summary: 'Category "Day Packs"',
    before: { blocked: false },
    after: { blocked: true },
  },
  {
    name: 'deleting a category',
    write: (by) => t.request({ method: 'DELETE', url: `/api/category/${state.categoryId}`, ...as(by) }),
    kind: 'category',
    action: 'delete',
    entityId: () => state.categoryId as string,
    summary: 'Category "Day Packs"',
    before: { name: 'Day Packs', blocked: true },
    after: null,
  },
  {
    name: 'creating a coupon',
    write: (by) => t.request({ method: 'POST', url: '/api/user/admin/coupons/add', payload: couponBody(), ...as(by) }),
    status: 201,
    kind: 'coupon',
    action: 'create',
    entityId: (r) => {
      state.couponId = (r.coupon as Json)._id as string;
      return state.couponId;
    },
    summary: 'Coupon "Monsoon Deal"',
    before: null,
    after: { name: 'Monsoon Deal', limit: 20, usedCount: 0, referral: false, blocked: false },
  },
  {
    name: 'creating a referral coupon',
    write: (by) =>
      t.request({
        method: 'POST',
        url: '/api/user/admin/refer-coupons/add',
        payload: couponBody({ name: 'Welcome Friend' }),
        ...as(by),
      }),
    status: 201,
    kind: 'coupon',
    action: 'create',
    entityId: (r) => (r.coupon as Json)._id as string,
    summary: 'Referral coupon "Welcome Friend"',
    before: null,
    after: { name: 'Welcome Friend', referral: true },
  },
  {
    name: 'editing a coupon',
    write: (by) =>
      t.request({
        method: 'PUT',
        url: `/api/user/admin/coupons/edit/${state.couponId}`,
        payload: couponBody({ limit: 30 }),
        ...as(by),
      }),
    kind: 'coupon',
    action: 'update',
    entityId: () => state.couponId as string,
    summary: 'Coupon "Monsoon Deal"',
    before: { limit: 20 },
    after: { limit: 30 },
  },
  {
    name: 'blocking a coupon',
    write: (by) => t.request({ method: 'PUT', url: `/api/user/admin/coupons/${state.couponId}/unblock`, ...as(by) }),
    kind: 'coupon',
    action: 'block',
    entityId: () => state.couponId as string,
    summary: 'Coupon "Monsoon Deal"',
    before: { blocked: false },
    after: { blocked: true },
  },
  {
    name: 'deleting a coupon',
    write: (by) => t.request({ method: 'DELETE', url: `/api/user/admin/coupons/${state.couponId}`, ...as(by) }),
    kind: 'coupon',
    action: 'delete',
    entityId: () => state.couponId as string,
    summary: 'Coupon "Monsoon Deal"',
    before: { name: 'Monsoon Deal', limit: 30, blocked: true },
    after: null,
  },
  {
    name: 'adding a product',
    write: async (by) =>
      t.request({
        method: 'POST',
        url: '/api/products/',
        ...(await multipart(productFields(), [await png()])),
        ...as(by),
      }),
    status: 201,
    kind: 'product',
    action: 'create',
    entityId: (r) => {
      const product = r.product as Json;
      state.productId = product._id as string;
      state.images = product.pdImage as string[];
      return state.productId;
    },
    summary: 'Product "Trail Pack"',
    before: null,
    after: { name: 'Trail Pack', price: 1499.5, category: 'Travel', quantity: 12, offer: null, blocked: false },
  },
  {
    name: 'editing a product and adding an image',
    write: async (by) =>
      t.request({
        method: 'PUT',
        url: `/api/products/${state.productId}`,
        ...(await multipart(productFields({ quantity: '20', existingImages: JSON.stringify(state.images) }), [
          await png(),
        ])),
        ...as(by),
      }),
    kind: 'product',
    action: 'update',
    entityId: (r) => {
      state.images = (r.product as Json).pdImage as string[];
      return state.productId as string;
    },
    summary: 'Product "Trail Pack"',
    before: { quantity: 12, images: [expect.stringMatching(/^\/uploads\/products\//)] },
    after: { quantity: 20, images: [expect.any(String), expect.any(String)] },
  },
  {
    name: 'reordering the images of a product',
    write: async (by) =>
      t.request({
        method: 'PUT',
        url: `/api/products/${state.productId}`,
        ...(await multipart(
          productFields({ quantity: '20', existingImages: JSON.stringify([...(state.images ?? [])].reverse()) }),
        )),
        ...as(by),
      }),
    kind: 'product',
    action: 'images',
    entityId: () => state.productId as string,
    summary: 'Product "Trail Pack"',
    before: { quantity: 20 },
    after: { quantity: 20 },
  },
  {
    name: 'removing an image of a product',
    write: (by) => t.request({ method: 'DELETE', url: `/api/products/${state.productId}/0`, ...as(by) }),
    kind: 'product',
    action: 'images',
    entityId: () => state.productId as string,
    summary: 'Product "Trail Pack"',
    before: { images: [expect.any(String), expect.any(String)] },
    after: { images: [expect.any(String)] },
  },
  {
    name: 'blocking a product',
    write: (by) => t.request({ method: 'PUT', url: `/api/products/${state.productId}/unblock`, ...as(by) }),
    kind: 'product',
    action: 'block',
    entityId: () => state.productId as string,
    summary: 'Product "Trail Pack"',
    before: { blocked: false },
    after: { blocked: true },
  },
  {
    name: 'deleting a product',
    write: (by) => t.request({ method: 'DELETE', url: `/api/products/${state.productId}`, ...as(by) }),
    kind: 'product',
    action: 'delete',
    entityId: () => state.productId as string,
    summary: 'Product "Trail Pack"',
    before: { name: 'Trail Pack', blocked: true },
    after: null,
  },
  {
    name: 'booking a shipment',
    write: async (by) => {
      const { order, items } = await insertOrder(t, priya.id, { lines: [{ name: 'Hill Sling' }] });
      state.order = { id: order.id, number: order.orderNumber, itemId: items[0].id };
      return t.request({
        method: 'POST',
        url: '/api/admin/shipments',
        payload: { orderId: order.id, courier: 'India Post', awb: 'EK123456789IN' },
        ...as(by),
      });
    },
    status: 201,
    kind: 'order',
    action: 'ship',
    entityId: () => state.order?.id as string,
    summary: () => `Order ${state.order?.number}: India Post EK123456789IN`,
    before: null,
    after: { provider: 'manual', courier: 'India Post', awb: 'EK123456789IN', items: ['Hill Sling × 1'] },
  },
  {
    name: 'delivering an order item',
    write: (by) => saveStatus(by, { status: 'Delivered' }),
    kind: 'order',
    action: 'status',
    entityId: () => state.order?.id as string,
    summary: () => `Order ${state.order?.number} item "Hill Sling"`,
    before: { status: 'Shipped', deliveredAt: null },
    after: { status: 'Delivered', deliveredAt: expect.any(String) },
  },
  {
    name: 'approving a return',
    write: async (by) => {
      const { order, items } = await insertOrder(t, priya.id, { lines: [{ name: 'Rain Tote', status: 'Delivered' }] });
      state.order = { id: order.id, number: order.orderNumber, itemId: items[0].id };
      await t.database.db
        .update(orderItems)
        .set({ status: 'Return requested', returnReason: 'Torn strap' })
        .where(eq(orderItems.id, items[0].id));
      return saveStatus(by, { status: 'Returned' });
    },
    kind: 'order',
    action: 'return-approve',
    entityId: () => state.order?.id as string,
    summary: () => `Order ${state.order?.number} item "Rain Tote"`,
    before: { status: 'Return requested', returnReason: 'Torn strap', refunded: 0, paymentStatus: 'Paid' },
    after: { status: 'Returned', refunded: expect.any(Number), paymentStatus: 'Refunded' },
  },
  {
    name: 'rejecting a return',
    by: () => arjun,
    write: async (by) => {
      const { order, items } = await insertOrder(t, priya.id, {
        lines: [{ name: 'City Duffel', status: 'Delivered' }],
      });
      state.order = { id: order.id, number: order.orderNumber, itemId: items[0].id };
      await t.database.db
        .update(orderItems)
        .set({ status: 'Return requested', returnReason: 'Changed my mind' })
        .where(eq(orderItems.id, items[0].id));
      return saveStatus(by, { status: 'Delivered', reason: 'Used, not as delivered' });
    },
    kind: 'order',
    action: 'return-reject',
    entityId: () => state.order?.id as string,
    summary: () => `Order ${state.order?.number} item "City Duffel"`,
    before: { status: 'Return requested', returnRejectReason: null },
    after: { status: 'Delivered', returnRejectReason: 'Used, not as delivered' },
  },
];

function productFields(overrides: Record<string, string> = {}) {
  return {
    name: 'Trail Pack',
    description: 'A light pack for day hikes',
    price: '1499.50',
    offer: 'none',
    category: travelId,
    quantity: '12',
    brand: 'Wildcraft',
    color: 'Green',
    size: '30Lx12Bx40Hcm',
    ...overrides,
  };
}

function saveStatus(by: TestUser, body: { status: string; reason?: string }) {
  return t.request({
    method: 'PUT',
    url: '/api/orders/save-item-status',
    payload: { id: state.order?.id, item: state.order?.itemId, ...body },
    ...as(by),
  });
}

describe('every administrator write leaves exactly one audit entry', () => {
  it.each(cases)('$name', async (c) => {
    const by = c.by?.() ?? meera;
    const { response, added } = await withNewEntries(() => c.write(by));
    expect(response.statusCode, response.body).toBe(c.status ?? 200);
    const answer = response.json() as Json;
    expect(added).toHaveLength(1);
    const [entry] = added;
    expect(entry).toMatchObject({
      adminId: by.id,
      kind: c.kind,
      action: c.action,
      entityId: c.entityId(answer),
      summary: typeof c.summary === 'function' ? c.summary(answer) : c.summary,
    });
    if (c.before === null) expect(entry.before).toBeNull();
    else expect(entry.before).toMatchObject(c.before);
    if (c.after === null) expect(entry.after).toBeNull();
    else expect(entry.after).toMatchObject(c.after);
    if (entry.before && entry.after) {
      expect(Object.keys(entry.after as Json).sort()).toEqual(Object.keys(entry.before as Json).sort());
    }
  });

  it('keeps no credential in any snapshot', async () => {
    const entries = await allEntries();
    expect(entries.length).toBeGreaterThanOrEqual(cases.length);
    const userEntry = entries.find((e) => e.kind === 'user' && e.action === 'block');
    expect(Object.keys(userEntry?.before as Json)).not.toContain('passwordHash');
    for (const entry of entries) {
      expect(JSON.stringify([entry.before, entry.after])).not.toMatch(/password|hash|token|otp|secret|argon/i);
    }
  });
});

describe('what leaves no audit entry', () => {
  it('a duplicate category name (409) changes nothing', async () => {
    const existing = await createCategory(t, { name: 'Slings' });
    const other = await createCategory(t, { name: 'Totes' });
    const created = await withNewEntries(() =>
      t.request({
        method: 'POST',
        url: '/api/category/',
        payload: { name: 'SLINGS', offer: null },
        token: meera.token,
      }),
    );
    expect(created.response.statusCode).toBe(409);
    expect(created.added).toEqual([]);
    const renamed = await withNewEntries(() =>
      t.request({
        method: 'PUT',
        url: `/api/category/${other.id}`,
        payload: { name: 'slings', offer: null },
        token: meera.token,
      }),
    );
    expect(renamed.response.statusCode).toBe(409);
    expect(renamed.added).toEqual([]);
    const named = await t.database.db.select({ name: categories.name }).from(categories);
    expect(named.filter((c) => c.name.toLowerCase() === 'slings')).toEqual([{ name: existing.name }]);
    expect(named).toContainEqual({ name: 'Totes' });
  });

  it('deleting a category that still has products (409) changes nothing', async () => {
    const bag = await createProduct(t, { name: 'Kept Bag' });
    const { response, added } = await withNewEntries(() =>
      t.request({ method: 'DELETE', url: `/api/category/${bag.categoryId}`, token: meera.token }),
    );
    expect(response.statusCode).toBe(409);
    expect(added).toEqual([]);
    const [row] = await t.database.db.select().from(categories).where(eq(categories.id, bag.categoryId));
    expect(row.deletedAt).toBeNull();
  });

  it('an illegal item move (Pending → Delivered, or Shipped without a booking: 409) changes nothing', async () => {
    const { order, items } = await insertOrder(t, priya.id);
    for (const status of ['Delivered', 'Shipped']) {
      const { response, added } = await withNewEntries(() =>
        t.request({
          method: 'PUT',
          url: '/api/orders/save-item-status',
          payload: { id: order.id, item: items[0].id, status },
          token: meera.token,
        }),
      );
      expect(response.statusCode, status).toBe(409);
      expect(added).toEqual([]);
    }
    const [row] = await t.database.db.select().from(orderItems).where(eq(orderItems.id, items[0].id));
    expect(row.status).toBe('Pending');
  });

  it('a rejected return without a reason (400) changes nothing', async () => {
    const { order, items } = await insertOrder(t, priya.id, { lines: [{ status: 'Delivered' }] });
    await t.database.db.update(orderItems).set({ status: 'Return requested' }).where(eq(orderItems.id, items[0].id));
    const { response, added } = await withNewEntries(() =>
      t.request({
        method: 'PUT',
        url: '/api/orders/save-item-status',
        payload: { id: order.id, item: items[0].id, status: 'Delivered' },
        token: meera.token,
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(added).toEqual([]);
    const [row] = await t.database.db.select().from(orderItems).where(eq(orderItems.id, items[0].id));
    expect(row.status).toBe('Return requested');
  });

  it('an administrator blocking themself (409) changes nothing', async () => {
    const { response, added } = await withNewEntries(() =>
      t.request({ method: 'PUT', url: `/api/user/${meera.id}/unblock`, token: meera.token }),
    );
    expect(response.statusCode).toBe(409);
    expect(added).toEqual([]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, meera.id));
    expect(row.isBlocked).toBe(false);
  });

  it("a customer's attempt at an admin write (403) changes nothing", async () => {
    // Priya's access token ended when she was blocked above: another customer.
    const customer = await createUser(t, { name: 'Kiran Shah' });
    const bag = await createProduct(t, { name: 'Guarded Bag' });
    const { response, added } = await withNewEntries(() =>
      t.request({ method: 'PUT', url: `/api/products/${bag.id}/unblock`, token: customer.token }),
    );
    expect(response.statusCode).toBe(403);
    expect(added).toEqual([]);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, bag.id));
    expect(row.isBlocked).toBe(false);
  });

  it("a shopper's own cancel and return request are not administrator writes", async () => {
    const customer = await createUser(t, { name: 'Kiran Shah' });
    const { order, items } = await insertOrder(t, customer.id, { lines: [{}, { status: 'Delivered' }] });
    const pending = items.find((i) => i.status === 'Pending');
    const delivered = items.find((i) => i.status === 'Delivered');
    const cancelled = await withNewEntries(() =>
      t.request({
        method: 'PUT',
        url: '/api/orders/cancel',
        payload: { orderId: order.id, item: pending?.id, cancelReason: 'Ordered by mistake' },
        token: customer.token,
      }),
    );
    expect(cancelled.response.statusCode, cancelled.response.body).toBe(200);
    expect(cancelled.added).toEqual([]);
    const requested = await withNewEntries(() =>
      t.request({
        method: 'POST',
        url: '/api/orders/return-request',
        payload: { orderId: order.id, item: delivered?.id, returnReason: 'Torn strap' },
        token: customer.token,
      }),
    );
    expect(requested.response.statusCode, requested.response.body).toBe(200);
    expect(requested.added).toEqual([]);
  });
});
