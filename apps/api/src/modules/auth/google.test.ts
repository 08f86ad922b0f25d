import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/users.ts';
import { uniqueEmail } from './auth-test-helpers.ts';

interface ProviderClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

describe('sign in with Google', () => {
  let t: TestApp;
  let server: OAuth2Server;
  let claims: ProviderClaims = { sub: 'nobody' };

  beforeAll(async () => {
    server = new OAuth2Server();
    await server.issuer.keys.generate('RS256');
    await server.start(0, '127.0.0.1');
    const issuerUrl = `http://127.0.0.1:${server.address().port}`;
    server.issuer.url = issuerUrl;
    // Every token the provider signs carries the claims the current test chose.
    server.service.on('beforeTokenSigning', (token) => {
      Object.assign(token.payload, claims);
    });
    t = await createTestApp({
      GOOGLE_CLIENT_ID: 'shop',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ISSUER: issuerUrl,
      PUBLIC_URL: 'http://localhost:3000',
    });
  });
  afterAll(async () => {
    await t.close();
    await server.stop();
  });

  /** Each flow from its own address, so the per-address limit of Google sign-ins stays out of the way. */
  let flows = 0;
  let address = '10.20.0.1';

  /** Leaves for the provider, comes back to the shop's callback: the query and the flow cookie. */
  async function leaveAndComeBack(redirect?: string) {
    const query = redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`;
    address = `10.20.${(++flows >> 8) & 255}.${flows & 255}`;
    const start = await t.request({
      method: 'GET',
      url: `/api/user/auth/google/start${query}`,
      remoteAddress: address,
    });
    expect(start.statusCode).toBe(302);
    const authorizeUrl = new URL(String(start.headers.location));
    const setCookie = start.headers['set-cookie'];
    const cookieHeader = String(Array.isArray(setCookie) ? setCookie[0] : setCookie);
    const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location') ?? '');
    return { authorizeUrl, cookieHeader, callback, cookie: cookieHeader.split(';')[0] };
  }

  async function signIn(provider: ProviderClaims, redirect?: string) {
    claims = provider;
    const { callback, cookie } = await leaveAndComeBack(redirect);
    return t.request({
      method: 'GET',
      url: `/api/user/google${callback.search}`,
      headers: { cookie },
      remoteAddress: address,
    });
  }

  it('says it is enabled', async () => {
    const res = await t.request({ method: 'GET', url: '/api/user/auth/google/config' });
    expect(res.json()).toEqual({ enabled: true });
  });

  it('sends the browser to the provider with PKCE, state, the scopes and the callback address', async () => {
    const { authorizeUrl, cookieHeader, callback } = await leaveAndComeBack('/cart');
    const params = authorizeUrl.searchParams;
    expect(params.get('client_id')).toBe('shop');
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')).toBe('openid profile email');
    expect(params.get('redirect_uri')).toBe('http://localhost:3000/auth/google/callback');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toEqual(expect.any(String));
    expect(cookieHeader).toMatch(/^bagshop_google=/);
    expect(cookieHeader).toMatch(/HttpOnly/i);
    expect(cookieHeader).toMatch(/SameSite=Lax/i);
    expect(cookieHeader).toMatch(/Path=\/api\/user/);
    expect(cookieHeader).toMatch(/Max-Age=600/);
    // The shop is served over http here: a Secure cookie would never come back.
    expect(cookieHeader).not.toMatch(/Secure/i);
    expect(callback.origin + callback.pathname).toBe('http://localhost:3000/auth/google/callback');
    expect(callback.searchParams.get('state')).toBe(params.get('state'));
  });

  it('creates a verified account on first sign-in and finds it again by the provider account', async () => {
    const email = uniqueEmail('newcomer');
    const first = await signIn({ sub: 'google-1', email, email_verified: true, name: 'Kavya Nair' }, '/cart');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.user).toMatchObject({ email, name: 'Kavya Nair', isAdmin: false, isExist: true, emailVerified: true });
    expect(body.token).toEqual(expect.any(String));
    expect(body.refreshToken).toEqual(expect.any(String));
    expect(body.redirect).toBe('/cart');
    const cleared = String(first.headers['set-cookie']);
    expect(cleared).toMatch(/bagshop_google=;/);

    const again = await signIn({ sub: 'google-1', email: uniqueEmail('changed'), email_verified: true, name: 'K' });
    expect(again.statusCode).toBe(200);
    expect(again.json().user._id).toBe(body.user._id);
    expect(again.json().redirect).toBe('/');
    const { rows } = await t.database.pool.query('select google_sub, password_hash from users where email = $1', [
      email,
    ]);
    expect(rows).toEqual([{ google_sub: 'google-1', password_hash: null }]);
  });

  it('links an existing account by its verified email', async () => {
    const user = await createUser(t, { email: uniqueEmail('linked'), name: 'Ravi Kumar' });
    const res = await signIn({ sub: 'google-2', email: user.email.toUpperCase(), email_verified: true, name: 'Ravi' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ _id: user.id, name: 'Ravi Kumar' });
    const { rows } = await t.database.pool.query('select google_sub from users where id = $1', [user.id]);
    expect(rows[0].google_sub).toBe('google-2');
  });

  it('refuses an email Google has not verified: no link, no new account, no sign-in to a linked one', async () => {
    const user = await createUser(t, { email: uniqueEmail('guarded') });
    const res = await signIn({ sub: 'google-3', email: user.email, email_verified: false, name: 'Impostor' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Google has not verified the email of this account. Please verify it with Google first.',
      code: 'EMAIL_NOT_VERIFIED',
    });
    const { rows } = await t.database.pool.query('select google_sub from users where id = $1', [user.id]);
    expect(rows[0].google_sub).toBeNull();

    const email = uniqueEmail('unverified');
    for (const emailVerified of [false, undefined]) {
      const fresh = await signIn({ sub: 'google-4', email, email_verified: emailVerified, name: 'Meera' });
      expect(fresh.statusCode).toBe(403);
      expect(fresh.json().code).toBe('EMAIL_NOT_VERIFIED');
    }
    const created = await t.database.pool.query('select id from users where email = $1 or google_sub = $2', [
      email,
      'google-4',
    ]);
    expect(created.rowCount).toBe(0);

    // An account already linked to the provider account is not signed in either while Google says unverified.
    const linkedEmail = uniqueEmail('linked');
    expect((await signIn({ sub: 'google-4b', email: linkedEmail, email_verified: true })).statusCode).toBe(200);
    const later = await signIn({ sub: 'google-4b', email: linkedEmail, email_verified: false });
    expect(later.statusCode).toBe(403);
    expect(later.json().code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('sets the flow cookie Secure when the shop is served over https', async () => {
    const https = await createTestApp({
      GOOGLE_CLIENT_ID: 'shop',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ISSUER: server.issuer.url ?? '',
      PUBLIC_URL: 'https://shop.bagshop.example',
    });
    try {
      const start = await https.request({ method: 'GET', url: '/api/user/auth/google/start' });
      expect(start.statusCode).toBe(302);
      const setCookie = start.headers['set-cookie'];
      const cookieHeader = String(Array.isArray(setCookie) ? setCookie[0] : setCookie);
      expect(cookieHeader).toMatch(/^bagshop_google=/);
      expect(cookieHeader).toMatch(/;\s*Secure/i);
      expect(new URL(String(start.headers.location)).searchParams.get('redirect_uri')).toBe(
        'https://shop.bagshop.example/auth/google/callback',
      );
    } finally {
      await https.close();
    }
  });

  it('refuses a blocked user with 403', async () => {
    const user = await createUser(t, { email: uniqueEmail('blocked') });
    await t.database.pool.query('update users set is_blocked = true where id = $1', [user.id]);
    const res = await signIn({ sub: 'google-5', email: user.email, email_verified: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'BLOCKED', message: 'You are blocked' });
  });

  it('answers Login Error without a code (400), with a wrong state, a missing or forged cookie (401)', async () => {
    claims = { sub: 'google-6', email: uniqueEmail('careful'), email_verified: true };
    const noCode = await t.request({ method: 'GET', url: '/api/user/google' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toBe('Login Error');

    const badState = await leaveAndComeBack();
    badState.callback.searchParams.set('state', 'not-the-state');
    const wrongState = await t.request({
      method: 'GET',
      url: `/api/user/google${badState.callback.search}`,
      headers: { cookie: badState.cookie },
    });
    expect(wrongState.statusCode).toBe(401);
    expect(wrongState.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Login Error' });

    const noCookie = await leaveAndComeBack();
    const withoutCookie = await t.request({ method: 'GET', url: `/api/user/google${noCookie.callback.search}` });
    expect(withoutCookie.statusCode).toBe(401);

    const forged = await leaveAndComeBack();
    const state = forged.callback.searchParams.get('state');
    const fake = encodeURIComponent(JSON.stringify({ verifier: 'x'.repeat(43), state, redirect: '/' }));
    const withForgedCookie = await t.request({
      method: 'GET',
      url: `/api/user/google${forged.callback.search}`,
      headers: { cookie: `bagshop_google=${fake}.forgedsignature` },
    });
    expect(withForgedCookie.statusCode).toBe(401);
  });

  it('only remembers paths inside the shop as the place to return to', async () => {
    const outside = await signIn(
      { sub: 'google-7', email: uniqueEmail('redirect'), email_verified: true },
      '//evil.example',
    );
    expect(outside.json().redirect).toBe('/');
    const full = await signIn(
      { sub: 'google-7', email: uniqueEmail('redirect'), email_verified: true },
      'https://x.io/',
    );
    expect(full.json().redirect).toBe('/');
    const inside = await signIn({ sub: 'google-7', email: uniqueEmail('redirect'), email_verified: true }, '/wishlist');
    expect(inside.json().redirect).toBe('/wishlist');
  });
});

describe('sign in with Google when the shop has no client configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says it is disabled and answers 404 with a clear message to a start and to a callback', async () => {
    expect((await t.request({ method: 'GET', url: '/api/user/auth/google/config' })).json()).toEqual({
      enabled: false,
    });
    const notConfigured = { code: 'NOT_FOUND', message: 'Sign in with Google is not configured for this shop.' };
    const start = await t.request({ method: 'GET', url: '/api/user/auth/google/start?redirect=/cart' });
    expect(start.statusCode).toBe(404);
    expect(start.json()).toEqual(notConfigured);

    const flow = t.app.signCookie(JSON.stringify({ verifier: 'v'.repeat(43), state: 's', redirect: '/' }));
    const callback = await t.request({
      method: 'GET',
      url: '/api/user/google?code=abc&state=s',
      cookies: { bagshop_google: flow },
    });
    expect(callback.statusCode).toBe(404);
    expect(callback.json()).toEqual(notConfigured);
  });
});
