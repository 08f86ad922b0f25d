import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/users.ts';

const NUL = 'Text must not contain NUL characters';

describe('input every route refuses the same way', () => {
  let t: TestApp;
  let admin: TestUser;
  let shopper: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
    shopper = await createUser(t);
  });
  afterAll(() => t.close());

  const json = (url: string, payload: string, token?: string, method: 'POST' | 'PUT' = 'POST') =>
    t.request({ method, url, payload, token, headers: { 'content-type': 'application/json' } });

  it('refuses a JSON body that is null, an array or not an object', async () => {
    for (const body of ['null', '[]', '[{"email":"a@b.in","password":"secret1"}]', '"text"', '42', 'true']) {
      const res = await json('/api/user/login', body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json()).toEqual({ message: 'Send the fields as one JSON object', code: 'VALIDATION' });
    }
  });

  it('refuses NUL in any string or key of a JSON body, naming where', async () => {
    const inEmail = await json('/api/user/login', '{"email":"a\\u0000@b.in","password":"secret1"}');
    expect(inEmail.statusCode).toBe(400);
    expect(inEmail.json()).toEqual({ message: NUL, code: 'VALIDATION', fields: { email: NUL } });

    const nested = await json(
      '/api/user/account/add-address',
      '{"name":"Asha","extra":{"deep":["ok","no\\u0000"]}}',
      shopper.token,
    );
    expect(nested.json().fields).toEqual({ 'extra.deep.1': NUL });

    const inKey = await json('/api/user/login', '{"e\\u0000mail":"a@b.in"}');
    expect(inKey.json().fields).toEqual({ 'e\u0000mail': NUL });

    // An escaped backslash before "u0000" is text, not NUL: the sign-in goes ahead (and fails on the password).
    const escaped = await json('/api/user/login', '{"email":"a@b.in","password":"sec\\\\u0000ret1"}');
    expect(escaped.statusCode).toBe(401);
  });

  it('refuses NUL in a path or a query string', async () => {
    for (const url of ['/api/user/search/bag%00', '/api/user/?keyword=ba%00g', '/api/user/?page=1&k%00=x']) {
      const res = await t.request({ method: 'GET', url, token: admin.token });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message: NUL, code: 'VALIDATION' });
    }
  });

  it('refuses query parameters a route does not declare, even where it declares none', async () => {
    const none = await t.request({ method: 'GET', url: '/api/products/new?isAdmin=true' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'VALIDATION', fields: { isAdmin: "Unknown field 'isAdmin'" } });
    const listed = await t.request({ method: 'GET', url: '/api/orders/mine?userId=x', token: shopper.token });
    expect(listed.json().fields).toEqual({ userId: "Unknown field 'userId'" });
    expect((await t.request({ method: 'GET', url: '/api/products/new' })).statusCode).toBe(200);
  });

  it('refuses fields in the body of a write that takes none, and takes no body or {}', async () => {
    const product = await createProduct(t);
    const url = `/api/products/${product.id}/unblock`;
    const withField = await json(url, '{"isExist":true}', admin.token, 'PUT');
    expect(withField.statusCode).toBe(400);
    expect(withField.json().fields).toEqual({ isExist: "Unknown field 'isExist'" });
    expect((await json(url, '{}', admin.token, 'PUT')).statusCode).toBe(200);
    expect((await t.request({ method: 'PUT', url, token: admin.token })).statusCode).toBe(200);
  });

  it('answers URLs the router cannot read in the error shape', async () => {
    const badEncoding = await t.request({ method: 'GET', url: '/api/products/%E0%A4%A' });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json()).toEqual({ message: 'This address is not valid', code: 'BAD_REQUEST' });
    const longId = await t.request({ method: 'GET', url: `/api/products/${'x'.repeat(101)}` });
    expect(longId.statusCode).toBe(414);
    expect(longId.json()).toEqual({ message: 'This address is not valid', code: 'BAD_REQUEST' });
  });

  it('says a body over the limit is too large, without calling it an image', async () => {
    const res = await json('/api/user/login', JSON.stringify({ email: 'a@b.in', password: 'x'.repeat(1_100_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large', code: 'PAYLOAD_TOO_LARGE' });
  });
});
