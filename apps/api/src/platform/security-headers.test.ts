import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** A built web app as Vite leaves it, plus a source map someone built by hand. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-web-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>');
  fs.writeFileSync(path.join(dir, 'assets/app.js'), 'console.log("shop")\n//# sourceMappingURL=app.js.map');
  fs.writeFileSync(path.join(dir, 'assets/app.js.map'), '{"version":3,"sources":["../src/main.tsx"]}');
  return dir;
}

function directives(csp: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

const webDist = fakeWebDist();
let http: TestApp;
let https: TestApp;
beforeAll(async () => {
  http = await createTestApp({ WEB_DIST: webDist, PUBLIC_URL: 'http://localhost:3000' });
  https = await createTestApp({ WEB_DIST: webDist, PUBLIC_URL: 'https://bags.example.in' });
});
afterAll(async () => {
  await http.close();
  await https.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const PAGE_POLICY = {
  'default-src': "'self'",
  'base-uri': "'self'",
  'object-src': "'none'",
  'frame-ancestors': "'none'",
  'form-action': "'self'",
  'script-src': "'self' https://checkout.razorpay.com",
  'script-src-attr': "'none'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob: https://cdn.razorpay.com",
  'font-src': "'self' data:",
  'connect-src': "'self' https://api.razorpay.com https://checkout.razorpay.com https://lumberjack.razorpay.com",
  'frame-src': 'https://api.razorpay.com https://checkout.razorpay.com',
};

/** What a page carries besides its policy; none of it is on an API answer (decision 050). */
const PAGE_ONLY_HEADERS = [
  'referrer-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('security headers', () => {
  const pages = [
    ['the web app', '/'],
    ['a client-side route', '/shop?page=2'],
    ['a script', '/assets/app.js'],
    ['the API documentation', '/api/docs/'],
  ] as const;

  it.each(pages)("are a page's on %s", async (_what, url) => {
    const res = await http.request({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(directives(res.headers['content-security-policy'] as string)).toEqual(PAGE_POLICY);
  });

  const apiAnswers = [
    ['an API answer', '/api/shop/settings', 200],
    ['an API answer from the catalogue cache', '/api/products/new', 200],
    ['an API error', '/api/nowhere', 404],
    ['a refused request', '/api/user/account', 401],
  ] as const;

  it.each(apiAnswers)(
    "are an API answer's on %s: never framed, sniffed or read by another site",
    async (_what, url, status) => {
      // Twice: the catalogue cache answers the second from memory, with the same headers.
      for (const _ of [1, 2]) {
        const res = await http.request({ method: 'GET', url });
        expect(res.statusCode).toBe(status);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(directives(res.headers['content-security-policy'] as string)).toEqual({
          'default-src': "'none'",
          'frame-ancestors': "'none'",
        });
        for (const name of PAGE_ONLY_HEADERS) expect(res.headers[name], name).toBeUndefined();
      }
    },
  );

  it('add HSTS and upgrade-insecure-requests only when PUBLIC_URL is https', async () => {
    const res = await https.request({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(res.headers['content-security-policy'] as string)).toMatchObject({
      'upgrade-insecure-requests': '',
      'frame-ancestors': "'none'",
    });
    const api = await https.request({ method: 'GET', url: '/api/shop/settings' });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await http.request({ method: 'GET', url: '/' });
    expect(directives(plain.headers['content-security-policy'] as string)).not.toHaveProperty(
      'upgrade-insecure-requests',
    );
  });

  it('serve no source map', async () => {
    const script = await http.request({ method: 'GET', url: '/assets/app.js' });
    expect(script.statusCode).toBe(200);
    for (const url of ['/assets/app.js.map', '/assets/app.js.map?v=1', '/assets/missing.js.map']) {
      const res = await http.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('sources');
      expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
  });
});

describe('CORS', () => {
  let withOrigins: TestApp;
  beforeAll(async () => {
    withOrigins = await createTestApp({ CORS_ORIGINS: 'https://app.bagshop.in,http://localhost:5173' });
  });
  afterAll(() => withOrigins.close());

  const preflight = (t: TestApp, origin: string) =>
    t.request({
      method: 'OPTIONS',
      url: '/api/products/shop',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });

  it('is off by default: no other site may read the API', async () => {
    const res = await http.request({
      method: 'GET',
      url: '/api/shop/settings',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await preflight(http, 'https://app.bagshop.in');
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('allows exactly the origins CORS_ORIGINS lists, without cookies', async () => {
    const pre = await preflight(withOrigins, 'https://app.bagshop.in');
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('https://app.bagshop.in');
    expect(pre.headers['access-control-allow-headers']).toBe('authorization, content-type');
    expect(pre.headers['access-control-allow-methods']).toContain('POST');
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    const get = await withOrigins.request({
      method: 'GET',
      url: '/api/shop/settings',
      headers: { origin: 'http://localhost:5173' },
    });
    expect(get.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(get.headers.vary).toContain('Origin');

    const other = await withOrigins.request({
      method: 'GET',
      url: '/api/shop/settings',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(
      (await preflight(withOrigins, 'https://evil.example')).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });
});
