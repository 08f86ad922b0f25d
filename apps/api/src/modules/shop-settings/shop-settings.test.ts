import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { loadConfig } from '../../config.ts';

describe("the shop's settings for every visitor", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      SELLER_NAME: 'Kochi Leather Works LLP',
      SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/kochileather',
      SOCIAL_YOUTUBE_URL: 'https://www.youtube.com/@kochileather',
    });
  });
  afterAll(() => t.close());

  it("names the seller for the footer's copyright and only the social pages the owner set", async () => {
    const res = await t.request({ method: 'GET', url: '/api/shop/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      sellerName: 'Kochi Leather Works LLP',
      social: {
        instagram: 'https://www.instagram.com/kochileather',
        youtube: 'https://www.youtube.com/@kochileather',
      },
    });
    expect(Object.keys(res.json().social)).toEqual(['instagram', 'youtube']);
  });

  it('refuses a social page that is not an https address', () => {
    const base = { NODE_ENV: 'test', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256' };
    expect(() => loadConfig({ ...base, SOCIAL_FACEBOOK_URL: 'http://facebook.com/bagshop' })).toThrow(
      /SOCIAL_FACEBOOK_URL/,
    );
    expect(() => loadConfig({ ...base, SOCIAL_FACEBOOK_URL: 'javascript:alert(1)' })).toThrow(/SOCIAL_FACEBOOK_URL/);
    expect(loadConfig({ ...base, SOCIAL_FACEBOOK_URL: '' }).SOCIAL_FACEBOOK_URL).toBeUndefined();
  });
});
