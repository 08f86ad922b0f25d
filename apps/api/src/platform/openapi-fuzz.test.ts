import { MAX_IMAGE_BYTES } from '@bagshop/shared/limits';
import { asPaise } from '@bagshop/shared/pricing/money';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  badFormRequest,
  badRequest,
  type FormSpec,
  type FuzzContext,
  type FuzzRequest,
  type JsonSchema,
  type Operation,
  operationsOf,
} from '../../test/bad-requests.ts';
import { createCategory, createOffer, createProduct } from '../../test/catalogue.ts';
import { changedParts, dataFingerprint } from '../../test/data-fingerprint.ts';
import { insertOrder } from '../../test/order-rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { cartItems } from '../db/schema/catalogue.ts';
import { coupons } from '../db/schema/coupons.ts';
import { contactMessages } from '../db/schema/messages.ts';
import { walletTransactions } from '../db/schema/orders.ts';
import { users } from '../db/schema/users.ts';
import { createShopper, fundWallet, putInCart } from '../modules/orders/order-fixtures.ts';

/**
 * Every operation of the API, as visitor, shopper and administrator, gets requests that are wrong in one way
 * (built from the OpenAPI document by fast-check with a fixed seed). Each must be answered 4xx in the error shape,
 * and a batch of them must leave every table, the stored uploads and the outgoing mail as they were.
 */

const SEED = 20261124;
const REQUESTS_PER_OPERATION_AND_ROLE = 16;
// Rate-limit counters are bookkeeping that every request may move, refused or not.
const BOOKKEEPING_TABLES = ['rate_limit_hits'];
const NOT_AN_ID = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const FORM_LIMITS = { fileBytes: MAX_IMAGE_BYTES, files: 10, fields: 20 };

type Role = 'visitor' | 'shopper' | 'admin';

interface Seeded {
  admin: TestUser;
  shopper: TestUser & { addressId: string };
  ids: Record<string, string>;
  productImage: string;
}

async function seed(t: TestApp): Promise<Seeded> {
  const admin = await createUser(t, { isAdmin: true, name: 'Fuzz Admin' });
  const shopper = await createShopper(t);
  const offer = await createOffer(t, { type: 'category' });
  const category = await createCategory(t, { offerId: offer.id });
  const product = await createProduct(t, { categoryId: category.id });
  await putInCart(t, shopper.id, [{ productId: product.id, qty: 1 }]);
  const [cartLine] = await t.database.db.select().from(cartItems).where(eq(cartItems.userId, shopper.id));
  const { order, items } = await insertOrder(t, shopper.id);
  const now = Date.now();
  const [coupon] = await t.database.db
    .insert(coupons)
    .values({
      code: 'FUZZ10',
      name: 'Fuzz coupon',
      description: 'Ten percent off',
      activation: new Date(now - 86_400_000),
      expiry: new Date(now + 30 * 86_400_000),
      discount: 10,
      minAmountPaise: asPaise(0),
      maxAmountPaise: asPaise(50_000),
      usageLimit: 10,
    })
    .returning();
  await fundWallet(t, shopper.id, 100_000);
  const [walletTransaction] = await t.database.db
    .select()
    .from(walletTransactions)
    .where(eq(walletTransactions.userId, shopper.id));
  const [message] = await t.database.db
    .insert(contactMessages)
    .values({ name: 'Asha Rao', email: 'asha@fuzz.example', message: 'Where is my bag?' })
    .returning();
  await t.database.db
    .update(users)
    .set({ images: ['/uploads/users/fuzz.webp'] })
    .where(eq(users.id, shopper.id));
  return {
    admin,
    shopper,
    productImage: product.images[0].large,
    ids: {
      offer: offer.id,
      category: category.id,
      product: product.id,
      cartLine: cartLine.id,
      order: order.id,
      item: items[0].id,
      coupon: coupon.id,
      walletTransaction: walletTransaction.id,
      message: message.id,
      address: shopper.addressId,
      shopperUser: shopper.id,
      admin: admin.id,
    },
  };
}

/** The seeded id a path or body field most likely means, so that the rest of a request gets past the lookups. */
function idResolver(ids: Record<string, string>, selfId: string) {
  return (name: string, path: string): string => {
    const byField: Record<string, string> = {
      productId: ids.product,
      cartId: ids.cartLine,
      addressId: ids.address,
      orderId: ids.order,
      item: ids.item,
      category: ids.category,
      offer: ids.offer,
      adminId: ids.admin,
      transactionId: ids.walletTransaction,
    };
    if (name in byField) return byField[name];
    if (path === '/api/orders/save-item-status') return ids.order;
    const byPath: Array<[RegExp, string]> = [
      [/^\/api\/user\/(upload\/\{id\}|\{id\}\/\{index\})$/, selfId],
      [/address/, ids.address],
      [/\/offers\//, ids.offer],
      [/\/coupons\//, ids.coupon],
      [/^\/api\/category\//, ids.category],
      [/remove-cart/, ids.cartLine],
      [/^\/api\/products\//, ids.product],
      [/^\/api\/orders\//, ids.order],
      [/contact-messages/, ids.message],
      [/^\/api\/user\/\{id\}/, ids.shopperUser],
    ];
    return byPath.find(([pattern]) => pattern.test(path))?.[1] ?? NOT_AN_ID;
  };
}

/** The multipart routes; the OpenAPI document does not describe their forms. */
function formRoutes(s: Seeded): Record<string, FormSpec> {
  const product = {
    name: { valid: 'Fuzz Bag', bad: ['Bag 123', 'x'.repeat(26), ' '] },
    description: { valid: 'A sturdy bag', bad: ['x'.repeat(201), ' '] },
    price: { valid: '999', bad: ['NaN', 'Infinity', '1e400', '-1', '0', '1.001', 'abc', '1e308', '0x10'] },
    category: { valid: s.ids.category, bad: ['abc', NOT_AN_ID, `${s.ids.category}x`, '1'] },
    offer: { valid: '', bad: ['abc', NOT_AN_ID, s.ids.category] },
    brand: { valid: 'Wildcraft', bad: ['x'.repeat(16), ' '] },
    color: { valid: 'Black', bad: ['Purple', 'black'] },
    size: { valid: '30Lx12Bx40Hcm', bad: ['30x12x40', 'x'.repeat(21), `1${'0'.repeat(400)}Lx1Bx1Hcm`] },
    quantity: { valid: '5', bad: ['-1', '1.5', 'NaN', '1e400', '100001', 'Infinity'] },
  };
  const kept = JSON.stringify([s.productImage]);
  return {
    'POST /api/user/upload/{id}': { fields: {}, file: 'image' },
    'POST /api/upload/': { fields: {}, file: 'image' },
    'POST /api/products/': { fields: product, file: 'pdImage' },
    'PUT /api/products/{id}': {
      fields: {
        ...product,
        existingImages: {
          valid: kept,
          bad: ['{', '[1]', 'null', '"x"', '[', JSON.stringify(Array(9).fill(s.productImage)), `[${'['.repeat(5000)}`],
        },
      },
      file: 'pdImage',
    },
    'POST /api/contact/': {
      json: true,
      fields: {
        name: { valid: 'Asha Rao', bad: ['x'.repeat(61), ' '] },
        email: { valid: 'asha@fuzz.example', bad: ['not-an-email', `${'x'.repeat(300)}@fuzz.example`] },
        message: { valid: 'Hello there', bad: ['x'.repeat(2001), ' '] },
      },
    },
  };
}

describe('the API refuses bad input', () => {
  let t: TestApp;
  let s: Seeded;
  let operations: Operation[];
  let image: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    s = await seed(t);
    image = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#8b4513' } })
      .png()
      .toBuffer();
    const doc = await t.request({ method: 'GET', url: '/api/docs/json' });
    operations = operationsOf(doc.json());
    for (const [route, form] of Object.entries(formRoutes(s))) {
      const [method, path] = route.split(' ');
      const op = operations.find((o) => o.method === method && o.path === path);
      if (!op) throw new Error(`the multipart route ${route} is not in the OpenAPI document`);
      op.form = form;
    }
  }, 120_000);
  afterAll(() => t?.close());

  it('answers every bad request to every operation with a 4xx in the error shape, changing nothing', async () => {
    const tokens: Record<Role, string | undefined> = {
      visitor: undefined,
      shopper: s.shopper.token,
      admin: s.admin.token,
    };
    const selves: Record<Role, string> = { visitor: NOT_AN_ID, shopper: s.shopper.id, admin: s.admin.id };
    // The roles are real: their tokens open their own pages, so a refusal below is not a sign-in failure.
    expect((await t.request({ method: 'GET', url: '/api/user/account', token: tokens.shopper })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/user/', token: tokens.admin })).statusCode).toBe(200);
    const failures: string[] = [];
    let sent = 0;
    let before = await dataFingerprint(t, BOOKKEEPING_TABLES);

    for (const [index, op] of operations.entries()) {
      for (const [roleIndex, role] of (['visitor', 'shopper', 'admin'] as const).entries()) {
        const ctx: FuzzContext = { idFor: idResolver(s.ids, selves[role]), image };
        const arbitrary = op.form ? badFormRequest(op, ctx, FORM_LIMITS) : badRequest(op, ctx);
        const requests = fc.sample(arbitrary, {
          seed: SEED + 3 * index + roleIndex,
          numRuns: REQUESTS_PER_OPERATION_AND_ROLE,
        });
        const statuses: number[] = [];
        for (const request of requests) {
          sent += 1;
          const problem = await refusalProblem(t, request, tokens[role], sent);
          statuses.push(problem.status);
          if (problem.text)
            failures.push(`${role} ${request.method} ${request.url.slice(0, 120)} (${request.bad}): ${problem.text}`);
        }
        const after = await dataFingerprint(t, BOOKKEEPING_TABLES);
        const changed = changedParts(before, after);
        if (changed.length > 0) {
          failures.push(
            `${role} ${op.method} ${op.path}: refused requests changed ${changed.join(', ')} (answers ${statuses.join(' ')})`,
          );
        }
        before = after;
      }
    }
    expect(failures.slice(0, 40), `${failures.length} failures of ${sent} requests`).toEqual([]);
    expect(sent).toBeGreaterThan(operations.length * 3 * (REQUESTS_PER_OPERATION_AND_ROLE - 1));
  }, 180_000);

  it('documents a maximum length for every string a request can carry', () => {
    const unbounded: string[] = [];
    const visit = (schema: JsonSchema | undefined, where: string) => {
      if (!schema) return;
      const types = Array.isArray(schema.type) ? schema.type : [schema.type];
      const bounded =
        schema.maxLength !== undefined ||
        schema.enum !== undefined ||
        schema.const !== undefined ||
        schema.format === 'uuid';
      if (types.includes('string') && !bounded) unbounded.push(where);
      for (const [name, property] of Object.entries(schema.properties ?? {})) visit(property, `${where}.${name}`);
      visit(schema.items, `${where}[]`);
      for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) visit(option, where);
    };
    for (const op of operations) {
      for (const p of op.params) visit(p.schema, `${op.method} ${op.path} ${p.in} ${p.name}`);
      visit(op.body, `${op.method} ${op.path} body`);
    }
    expect(unbounded).toEqual([]);
  });
});

/** What is wrong with the answer to a request that must be refused, if anything. */
async function refusalProblem(t: TestApp, request: FuzzRequest, token: string | undefined, n: number) {
  const res = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: request.payload,
    // A new address each time, so the per-address rate limits rarely answer before validation does.
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  });
  const status = res.statusCode;
  if (status < 400 || status >= 500) return { status, text: `answered ${status} ${res.body.slice(0, 200)}` };
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return { status, text: `answered ${status} without JSON: ${res.body.slice(0, 100)}` };
  }
  const { message, code, fields, ...rest } = body as Record<string, unknown>;
  const shaped =
    typeof message === 'string' &&
    typeof code === 'string' &&
    Object.keys(rest).length === 0 &&
    (fields === undefined ||
      (typeof fields === 'object' && fields !== null && Object.values(fields).every((v) => typeof v === 'string')));
  return { status, text: shaped ? '' : `answered ${status} outside the error shape: ${res.body.slice(0, 200)}` };
}
