import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('GET /api/shop/details', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      SELLER_NAME: 'Thaila Bags LLP',
      SELLER_ADDRESS: '7, Anna Salai, Chennai, Tamil Nadu 600002, India',
      SELLER_STATE: 'Tamil Nadu',
      SELLER_GSTIN: '33ABCDE1234F1Z7',
      SELLER_PHONE: '+91 44 2345 6789',
      STORE_EMAIL: 'care@thaila.in',
      PAYMENT_WINDOW_MINUTES: '45',
      REFERRAL_MONTHLY_CAP: '4',
    });
  });
  afterAll(() => t.close());

  it('tells any visitor who runs the shop and the settings the policy pages state', async () => {
    const res = await t.request({ method: 'GET', url: '/api/shop/details' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      seller: {
        name: 'Thaila Bags LLP',
        address: '7, Anna Salai, Chennai, Tamil Nadu 600002, India',
        state: 'Tamil Nadu',
        gstin: '33ABCDE1234F1Z7',
        email: 'care@thaila.in',
        phone: '+91 44 2345 6789',
      },
      paymentWindowMinutes: 45,
      referralMonthlyCap: 4,
    });
  });
});
