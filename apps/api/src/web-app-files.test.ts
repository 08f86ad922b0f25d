import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const INDEX_HTML =
  '<!doctype html><title>Bag Shop</title><script type="module" src="/assets/index-Dk3v9Q2a.js"></script>';
const SCRIPT = `console.log(${JSON.stringify('a storefront '.repeat(200))});`;
const RENDERER = 'export async function renderPage() { return null; }';
const STYLES = `.shop{color:#7a4a2a}${'.card{margin:0}'.repeat(100)}`;

/** A built web app as the build leaves it: text files with their brotli and gzip copies beside them. */
function builtWebApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-web-files-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, 'server'));
  const files = {
    'index.html': INDEX_HTML,
    'assets/index-Dk3v9Q2a.js': SCRIPT,
    'assets/index-B1y_x-7Q.css': STYLES,
    // The landing pages' renderer: the server's code, in the build but never sent (decision 047).
    'server/render-page.js': RENDERER,
    'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(50)}</svg>`,
  };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  }
  return dir;
}

const decoded = (body: Buffer, encoding: string | undefined) =>
  (encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString();

const webDist = builtWebApp();
let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await shop.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => shop.request({ method: 'GET', url, headers });

describe('the built web app', () => {
  it.each([
    ['/assets/index-Dk3v9Q2a.js', SCRIPT, /^(?:text|application)\/javascript/],
    ['/assets/index-B1y_x-7Q.css', STYLES, /^text\/css/],
  ])('sends the brotli copy of %s, cached for a year', async (url, text, type) => {
    const res = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(type);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(res.rawPayload, 'br')).toBe(text);
    expect(res.rawPayload.length).toBeLessThan(text.length);
  });

  it('sends the gzip copy to a browser without brotli, and the file itself to one that takes neither', async () => {
    const gzip = await get('/assets/index-Dk3v9Q2a.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(gzip.rawPayload, 'gzip')).toBe(SCRIPT);

    const plain = await get('/assets/index-Dk3v9Q2a.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(SCRIPT);
  });

  it('never sends the landing pages’ renderer, which is the server’s own code', async () => {
    for (const encoding of ['br', 'identity']) {
      const res = await get('/server/render-page.js', { 'accept-encoding': encoding });
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(decoded(res.rawPayload, res.headers['content-encoding'] as string | undefined)).not.toContain(
        'renderPage',
      );
    }
  });

  // The landing pages (/, /shop-products, /details/:id) get their own head: modules/storefront-pages.
  it.each(['/cart', '/order-details/26fa64b5-bdf3-46a7-a98a-4f530a2d66f7', '/index.html'])(
    'answers %s with index.html, compressed and revalidated on every visit',
    async (url) => {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decoded(res.rawPayload, 'br')).toBe(INDEX_HTML);

      const gzip = await get(url, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers['cache-control']).toBe('no-cache');
      expect(decoded(gzip.rawPayload, 'gzip')).toBe(INDEX_HTML);
    },
  );

  it('answers an unchanged index.html with 304, so a visit checks for a new release without downloading it again', async () => {
    const first = await get('/login', { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/cart', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('revalidates a file outside assets/, whose name does not change with its content', async () => {
    const res = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('names the configured public address in robots.txt, never the Host a client sent', async () => {
    const res = await get('/robots.txt', { host: 'evil.example' });
    expect(res.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(res.body).not.toContain('evil.example');
  });

  it('answers the home page with the built page under its own head, compressed and revalidated', async () => {
    const res = await get('/', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = decoded(res.rawPayload, 'br');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/" />');
    expect(html).toContain('<script type="module" src="/assets/index-Dk3v9Q2a.js"></script>');
  });

  it('still answers an unknown API path with the JSON 404', async () => {
    const res = await get('/api/nowhere', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
