import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOffer, createProduct, expectStoredPricesShared } from '../../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { products } from '../../db/schema/catalogue.ts';
import { refreshSalePrices, scheduleSalePrices } from './sale-price-job.ts';

const HOUR = 60 * 60 * 1000;

describe('sale price job', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
  });
  afterAll(() => t.close());

  const storedOf = async (id: string) => {
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    return { percent: row.offerPercent, finalPaise: row.finalPricePaise };
  };

  it('sets the offer price when an offer starts and takes it off when it ends, once', async () => {
    const now = Date.now();
    const offer = await createOffer(t, {
      discount: 20,
      activation: new Date(now + HOUR),
      expiry: new Date(now + 2 * HOUR),
    });
    const product = await createProduct(t, { offerId: offer.id, pricePaise: 99_999 });
    expect(await storedOf(product.id)).toEqual({ percent: 0, finalPaise: 99_999 });

    expect(await refreshSalePrices(t.database.db, new Date(now + HOUR + 1000))).toBeGreaterThanOrEqual(1);
    // 99,999 − round-half-up(19,999.8) paise.
    expect(await storedOf(product.id)).toEqual({ percent: 20, finalPaise: 79_999 });
    // Nothing left to change at the same moment: only differing rows are written.
    expect(await refreshSalePrices(t.database.db, new Date(now + HOUR + 1000))).toBe(0);

    await refreshSalePrices(t.database.db, new Date(now + 2 * HOUR));
    expect(await storedOf(product.id)).toEqual({ percent: 0, finalPaise: 99_999 });
    await refreshSalePrices(t.database.db);
    await expectStoredPricesShared(t, [product.id]);
  });

  it('runs itself at the moment an offer created while it waits starts and ends', async () => {
    const errors: unknown[] = [];
    const stop = scheduleSalePrices(t.database.db, (error) => errors.push(error));
    try {
      const activation = new Date(Date.now() + 1500);
      const created = await t.request({
        method: 'POST',
        url: '/api/user/admin/offers/add',
        token: admin.token,
        payload: {
          name: 'Flash sale',
          type: 'products',
          description: 'Two seconds only',
          activation: activation.toISOString(),
          expiry: new Date(activation.getTime() + 2000).toISOString(),
          discount: 50,
          minAmount: 1,
        },
      });
      expect(created.statusCode).toBe(201);
      const product = await createProduct(t, { offerId: created.json().offer._id, pricePaise: 200_000 });
      expect(await storedOf(product.id)).toEqual({ percent: 0, finalPaise: 200_000 });

      // Far sooner than the minute the job waits at most between two looks.
      await vi.waitFor(async () => expect(await storedOf(product.id)).toEqual({ percent: 50, finalPaise: 100_000 }), {
        timeout: 15_000,
        interval: 100,
      });
      await expectStoredPricesShared(t, [product.id]);
      await vi.waitFor(async () => expect(await storedOf(product.id)).toEqual({ percent: 0, finalPaise: 200_000 }), {
        timeout: 15_000,
        interval: 100,
      });
      await expectStoredPricesShared(t, [product.id]);
      expect(errors).toEqual([]);
    } finally {
      await stop();
    }
  });
});
