import { COUPON_MSG } from '@bagshop/shared/coupon-messages';
import { adminCouponListQuery, COUPON_SORTS, SORT_DIRECTIONS } from '@bagshop/shared/schemas/admin-lists';
import type { CouponDto } from '@bagshop/shared/schemas/coupons';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortedIds } from '../../../test/list-order.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { coupons } from '../../db/schema/coupons.ts';
import { getCoupon, listCoupons } from './admin-service.ts';

const DAY = 24 * 60 * 60 * 1000;
const MISSING = '00000000-0000-4000-8000-000000000000';

function couponBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Monsoon Deal',
    description: 'Ten percent off travel bags',
    activation: new Date(Date.now() - DAY).toISOString(),
    expiry: new Date(Date.now() + 10 * DAY).toISOString(),
    discount: 10,
    status: true,
    minAmount: 999.5,
    maxAmount: 250,
    limit: 20,
    type: 'single',
    ...overrides,
  };
}

describe('admin coupons', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
    customer = await createUser(t);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin.token) =>
    t.request({ method, url: `/api/user/admin${url}`, token, payload });

  it('is for administrators only', async () => {
    expect((await t.request({ method: 'GET', url: '/api/user/admin/coupons' })).statusCode).toBe(401);
    expect((await call('GET', '/coupons', undefined, customer.token)).statusCode).toBe(403);
    expect((await call('POST', '/coupons/add', couponBody(), customer.token)).statusCode).toBe(403);
    expect((await call('POST', '/refer-coupons/add', couponBody(), customer.token)).statusCode).toBe(403);
  });

  it('creates a coupon whose name, as typed, is its code, with amounts in rupees', async () => {
    const res = await call('POST', '/coupons/add', couponBody());
    expect(res.statusCode).toBe(201);
    const { message, coupon } = res.json() as { message: string; coupon: CouponDto };
    expect(message).toBe('Coupon created successfully');
    expect(coupon).toMatchObject({
      code: 'Monsoon Deal',
      name: 'Monsoon Deal',
      discount: 10,
      status: true,
      minAmount: 999.5,
      maxAmount: 250,
      limit: 20,
      usedCount: 0,
      type: 'single',
      isReferral: false,
      isExist: true,
    });

    const referral = await call('POST', '/refer-coupons/add', couponBody({ name: 'Welcome Friend' }));
    expect(referral.statusCode).toBe(201);
    expect(referral.json()).toMatchObject({ message: COUPON_MSG.created, coupon: { isReferral: true } });

    // Every field the service gives reaches the administrator through the documented response schemas.
    const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));
    expect(coupon).toEqual(asJson(await getCoupon(t.database.db, coupon._id)));
    expect((await call('GET', `/coupons/${coupon._id}`)).json()).toEqual({ coupon });
    expect((await call('GET', '/coupons?page=1')).json()).toEqual(
      asJson(await listCoupons(t.database.db, adminCouponListQuery.parse({ page: 1 }))),
    );
  });

  it.each([
    ['name', { name: 'A'.repeat(21) }, 'Coupon name must be at most 20 characters long'],
    ['name', { name: '' }, 'Coupon name is required'],
    ['description', { description: 'd'.repeat(51) }, 'Description must be at most 50 characters long'],
    ['activation', { activation: '' }, 'Activation date is required'],
    ['expiry', { expiry: undefined }, 'Expiry date is required'],
    ['expiry', { expiry: new Date(Date.now() - 2 * DAY).toISOString() }, 'Expiry date must be after activation date'],
    ['discount', { discount: 0 }, 'Enter a valid discount'],
    ['discount', { discount: 101 }, 'Enter a valid discount'],
    ['minAmount', { minAmount: 0 }, 'Enter a valid minimum amount'],
    ['minAmount', { minAmount: 100_001 }, 'Enter a valid minimum amount'],
    ['maxAmount', { maxAmount: -5 }, 'Enter a valid maximum amount'],
    ['maxAmount', { maxAmount: 10_001 }, 'Enter a valid maximum amount'],
    ['limit', { limit: 0 }, 'Enter a valid usage limit'],
    ['limit', { limit: 101 }, 'Enter a valid usage limit'],
    ['type', { type: 'multiple' }, COUPON_MSG.typeInvalid],
  ])('refuses a bad %s: %j', async (field, overrides, message) => {
    const res = await call('POST', '/coupons/add', couponBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('keeps names unique among live coupons in any case, with a clear 409, and frees the name of a deleted one', async () => {
    const first = (await call('POST', '/coupons/add', couponBody({ name: 'Pooja Sale' }))).json().coupon as CouponDto;
    const total = async () => (await call('GET', '/coupons?keyword=pooja')).json().total;
    for (const [url, name] of [
      ['/coupons/add', 'POOJA sale'],
      ['/coupons/add', '  pooja Sale '],
      ['/refer-coupons/add', 'pooja sale'],
    ] as const) {
      const taken = await call('POST', url, couponBody({ name }));
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({
        message: COUPON_MSG.nameTaken,
        code: 'CONFLICT',
        fields: { name: COUPON_MSG.nameTaken },
      });
    }
    expect(await total()).toBe(1);

    const other = (await call('POST', '/coupons/add', couponBody({ name: 'Pooja Extra' }))).json().coupon as CouponDto;
    const renamed = await call('PUT', `/coupons/edit/${other._id}`, couponBody({ name: 'pooja SALE' }));
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().message).toBe(COUPON_MSG.nameTaken);
    expect((await call('GET', `/coupons/${other._id}`)).json().coupon).toMatchObject({ name: 'Pooja Extra' });
    // Its own name in another case is no clash; the code follows the name.
    const recased = await call('PUT', `/coupons/edit/${other._id}`, couponBody({ name: 'POOJA EXTRA' }));
    expect(recased.json().coupon).toMatchObject({ name: 'POOJA EXTRA', code: 'POOJA EXTRA' });

    await call('DELETE', `/coupons/${first._id}`);
    const reused = await call('POST', '/coupons/add', couponBody({ name: 'pooja sale' }));
    expect(reused.statusCode).toBe(201);
    expect(reused.json().coupon).toMatchObject({ name: 'pooja sale', code: 'pooja sale' });
  });

  it('lets exactly one of two racing creates have a name', async () => {
    const results = await Promise.all([
      call('POST', '/coupons/add', couponBody({ name: 'Race Day' })),
      call('POST', '/refer-coupons/add', couponBody({ name: 'RACE DAY' })),
      call('POST', '/coupons/add', couponBody({ name: 'race day' })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409)) expect(r.json().message).toBe(COUPON_MSG.nameTaken);
    expect((await call('GET', '/coupons?keyword=race%20day')).json().total).toBe(1);
  });

  it('refuses fields it does not know, such as a chosen code or use count', async () => {
    const res = await call('POST', '/coupons/add', { ...couponBody(), code: 'FREEBAGS', usedCount: 0 });
    expect(res.statusCode).toBe(400);
  });

  it('lists newest first in pages of 6 with a keyword, reads, edits, blocks and deletes', async () => {
    for (let i = 0; i < 7; i++) await call('POST', '/coupons/add', couponBody({ name: `Festive ${i}` }));
    const page1 = (await call('GET', '/coupons?keyword=festive&page=1')).json();
    expect(page1).toMatchObject({ total: 7, page: 1, pages: 2 });
    expect(page1.coupons.map((c: CouponDto) => c.name)).toEqual([6, 5, 4, 3, 2, 1].map((i) => `Festive ${i}`));
    const page2 = (await call('GET', '/coupons?keyword=festive&page=2')).json();
    expect(page2.coupons.map((c: CouponDto) => c.name)).toEqual(['Festive 0']);
    const byCode = (await call('GET', `/coupons?keyword=${page2.coupons[0].code.toLowerCase()}`)).json();
    expect(byCode.coupons.map((c: CouponDto) => c._id)).toEqual([page2.coupons[0]._id]);

    const id = page2.coupons[0]._id as string;
    expect((await call('GET', `/coupons/${id}`)).json().coupon).toMatchObject({ _id: id, name: 'Festive 0' });

    const edited = await call('PUT', `/coupons/edit/${id}`, couponBody({ name: 'Winter', status: false, limit: 5 }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      message: 'Coupon updated successfully',
      coupon: { _id: id, name: 'Winter', status: false, limit: 5, code: 'Winter' },
    });
    const badEdit = await call('PUT', `/coupons/edit/${id}`, couponBody({ maxAmount: 0 }));
    expect(badEdit.json().fields.maxAmount).toBe('Enter a valid maximum amount');

    const blocked = await call('PUT', `/coupons/${id}/unblock`);
    expect(blocked.json()).toMatchObject({ message: COUPON_MSG.blocked, coupon: { isExist: false } });
    const unblocked = await call('PUT', `/coupons/${id}/unblock`);
    expect(unblocked.json()).toMatchObject({ message: COUPON_MSG.unblocked, coupon: { isExist: true } });

    expect((await call('DELETE', `/coupons/${id}`)).json()).toEqual({ message: COUPON_MSG.deleted });
    expect((await call('GET', `/coupons/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/coupons/${id}`)).statusCode).toBe(404);
    expect((await call('GET', '/coupons?keyword=festive')).json().total).toBe(6);
  });

  it('sorts by code, discount, start, expiry, uses and age both ways ending with the id, pages by size, refuses others', async () => {
    const now = Date.now();
    const day = (n: number) => new Date(now + n * DAY);
    // Ties on every column but the code, so only the id keeps those rows in a stable order.
    const rows = [
      { name: 'ranked Beta', discount: 10, expiry: 40, usedCount: 3, createdAt: 2 },
      { name: 'Ranked alpha', discount: 25, expiry: 35, usedCount: 0, createdAt: 1 },
      { name: 'RANKED gamma', discount: 10, expiry: 40, usedCount: 7, createdAt: 1 },
      { name: 'Ranked_delta', discount: 5, expiry: 60, usedCount: 3, createdAt: 4 },
      { name: 'ranked Zeta', discount: 40, expiry: 30, usedCount: 12, createdAt: 3 },
      { name: 'Ranked eta', discount: 25, expiry: 45, usedCount: 1, createdAt: 0 },
      { name: 'Ranked Theta', discount: 15, expiry: 50, usedCount: 0, createdAt: 5 },
    ];
    const seeded: {
      id: string;
      code: string;
      activation: Date;
      discount: number;
      usedCount: number;
      expiry: Date;
      createdAt: Date;
    }[] = [];
    for (const row of rows) {
      const { coupon } = (await call('POST', '/coupons/add', couponBody({ name: row.name }))).json();
      const values = {
        activation: day(-row.createdAt),
        discount: row.discount,
        usedCount: row.usedCount,
        expiry: day(row.expiry),
        createdAt: day(row.createdAt),
      };
      await t.database.db.update(coupons).set(values).where(eq(coupons.id, coupon._id));
      seeded.push({ id: coupon._id as string, code: row.name, ...values });
    }
    const keys = {
      createdAt: (c: (typeof seeded)[number]) => c.createdAt.getTime(),
      code: (c: (typeof seeded)[number]) => c.code.toLowerCase(),
      discount: (c: (typeof seeded)[number]) => c.discount,
      activation: (c: (typeof seeded)[number]) => c.activation.getTime(),
      expiry: (c: (typeof seeded)[number]) => c.expiry.getTime(),
      uses: (c: (typeof seeded)[number]) => c.usedCount,
    };
    const ids = (res: { json: () => { coupons: CouponDto[] } }) => res.json().coupons.map((c) => c._id);
    for (const sort of COUPON_SORTS) {
      for (const dir of SORT_DIRECTIONS) {
        const res = await call('GET', `/coupons?keyword=ranked&limit=50&sort=${sort}&dir=${dir}`);
        expect(res.statusCode, `${sort} ${dir}`).toBe(200);
        expect(ids(res), `${sort} ${dir}`).toEqual(sortedIds(seeded, keys[sort], dir));
      }
    }
    const page2 = await call('GET', '/coupons?keyword=ranked&sort=uses&dir=asc&page=2');
    expect(page2.json()).toMatchObject({ total: 7, page: 2, pages: 2 });
    expect(ids(page2)).toEqual(sortedIds(seeded, keys.uses, 'asc').slice(6));
    expect((await call('GET', '/coupons?keyword=ranked&limit=100')).json()).toMatchObject({ pages: 1, total: 7 });
    for (const query of ['limit=7', 'limit=200', 'sort=name', 'sort=minAmount', 'dir=DESC']) {
      const res = await call('GET', `/coupons?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('answers 404 Coupon not found for missing or malformed ids', async () => {
    for (const [method, url] of [
      ['GET', `/coupons/${MISSING}`],
      ['GET', '/coupons/not-a-uuid'],
      ['PUT', `/coupons/${MISSING}/unblock`],
      ['DELETE', `/coupons/${MISSING}`],
    ] as const) {
      const res = await call(method, url);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(COUPON_MSG.notFound);
    }
    const edit = await call('PUT', `/coupons/edit/${MISSING}`, couponBody());
    expect(edit.statusCode).toBe(404);
  });
});
