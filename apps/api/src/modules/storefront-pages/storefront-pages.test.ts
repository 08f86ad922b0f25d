import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOffer, createProduct } from '../../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { categories, products } from '../../db/schema/catalogue.ts';

const ORIGIN = 'https://bags.example.in';
const SHELL =
  '<div id="root"><!--page-ribbon--><header class="shell">Bag Shop</header><!--page-main--><!--/page-main--></div>';
const INDEX_HTML = `<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="UTF-8" />
    <!--page-head--><title>Bag Shop</title><meta name="description" content="built" /><!--/page-head-->
    <script type="module" crossorigin src="/assets/index-Dk3v9Q2a.js"></script>
  </head>
  <body>${SHELL}</body>
</html>`;

function builtWebApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-pages-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  return dir;
}

const webDist = builtWebApp();
let shop: TestApp;
let proxied: TestApp;
const ids = {} as Record<'discounted' | 'soldOut' | 'blocked' | 'inBlockedCategory' | 'deleted' | 'hostile', string>;
let categoryId = '';
let blockedCategoryId = '';

beforeAll(async () => {
  [shop, proxied] = await Promise.all([
    createTestApp({ WEB_DIST: webDist, PUBLIC_URL: ORIGIN }),
    createTestApp(
      { WEB_DIST: webDist, TRUST_PROXY: 'loopback', ALLOWED_HOSTS: 'shop.example.in,www.shop.example.in' },
      { payments: null },
    ),
  ]);
  const offer = await createOffer(shop, { type: 'category', discount: 20 });
  const category = await createCategory(shop, { name: 'Totes', offerId: offer.id });
  categoryId = category.id;
  const blockedCategory = await createCategory(shop, { name: 'Hidden', isBlocked: true });
  blockedCategoryId = blockedCategory.id;
  const make = (values: Parameters<typeof createProduct>[1]) => createProduct(shop, { categoryId, ...values });
  ids.discounted = (
    await make({
      name: 'Canvas Tote',
      description: 'A roomy canvas tote for the market and the monsoon.',
      pricePaise: 149_950,
      images: [{ thumb: '/uploads/tote-400.webp', large: '/uploads/tote-1200.webp' }],
    })
  ).id;
  ids.soldOut = (await make({ name: 'Sold Out Sling', quantity: 0 })).id;
  ids.blocked = (await make({ name: 'Blocked Backpack', isBlocked: true })).id;
  ids.deleted = (await make({ name: 'Gone Duffel', deletedAt: new Date() })).id;
  ids.inBlockedCategory = (await make({ name: 'Hidden Clutch', categoryId: blockedCategoryId })).id;
  ids.hostile = (
    await make({
      name: 'Tote </script><script>alert("x")</script> & "friends"',
      description: "<img src=x onerror=alert(1)> \u2028 it's <!-- sturdy -->",
    })
  ).id;
});

afterAll(async () => {
  await Promise.all([shop?.close(), proxied?.close()]);
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, on = shop) =>
  on.request({ method: 'GET', url, headers });

/** The head's tags as a browser would read them (every test page is built by our own code, so a regex suffices). */
function headOf(html: string) {
  const attr = (pattern: RegExp) => html.match(pattern)?.[1];
  const ldText = attr(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
  return {
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    robots: attr(/<meta name="robots" content="([^"]*)"/),
    og: Object.fromEntries([...html.matchAll(/<meta property="og:(\w+)" content="([^"]*)"/g)].map((m) => [m[1], m[2]])),
    jsonLd: ldText === undefined ? undefined : JSON.parse(ldText),
    ldText,
  };
}

describe('the landing pages’ heads', () => {
  it('gives the home page its title, description, canonical address and Open Graph, with the shell kept', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const head = headOf(res.body);
    expect(head.title).toBe('Bag Shop');
    expect(head.description).toMatch(/handbags, backpacks/);
    expect(head.canonical).toBe(`${ORIGIN}/`);
    expect(head.og).toMatchObject({
      title: 'Bag Shop',
      description: head.description,
      url: `${ORIGIN}/`,
      type: 'website',
      image: `${ORIGIN}/images/banner-1.svg`,
    });
    expect(res.body).not.toContain('content="built"');
    expect(res.body).toContain('<header class="shell">Bag Shop</header>');
    // The first banner, the first screen's largest picture, is asked for with the page.
    expect(res.body).toContain('<link rel="preload" as="image" href="/images/banner-1.svg" fetchpriority="high" />');
    expect(res.body).toContain('src="/assets/index-Dk3v9Q2a.js"');
  });

  it('names the shop, and one live category’s page, by their canonical addresses whatever the other filters', async () => {
    const shopPage = headOf((await get('/shop-products?page=2&sortBy=priceLowToHigh&color=Red')).body);
    expect(shopPage.title).toBe('Shop · Bag Shop');
    expect(shopPage.canonical).toBe(`${ORIGIN}/shop-products`);
    expect(shopPage.og.url).toBe(`${ORIGIN}/shop-products`);

    const totes = headOf((await get(`/shop-products?category=${categoryId}&page=3`)).body);
    expect(totes.title).toBe('Shop Totes · Bag Shop');
    expect(totes.canonical).toBe(`${ORIGIN}/shop-products?category=${categoryId}`);

    // Read as the app reads its address: a colour the shop does not sell and a page before the first are left out.
    const misspelt = await get('/shop-products?color=Mauve&page=-1');
    expect(misspelt.statusCode).toBe(200);
    expect(Object.keys(answersOf(misspelt.body))).toContain('/api/products/shop-products?sortBy=newArrivals&page=1');

    const hidden = await get(`/shop-products?category=${blockedCategoryId}&category[]=x`);
    expect(hidden.statusCode).toBe(200);
    expect(headOf(hidden.body).canonical).toBe(`${ORIGIN}/shop-products`);
  });

  it('preloads the first row’s pictures of the shop page asked for, as its grid draws them', async () => {
    const res = await get(`/shop-products?sortBy=priceHighLow&category=${categoryId}`);
    const preloads = [...res.body.matchAll(/<link rel="preload" as="image" href="([^"]+)"[^>]*imagesizes="([^"]+)"/g)];
    expect(preloads.map((m) => m[1])).toEqual(['/uploads/tote-400.webp', '/uploads/products/sample-thumb.webp']);
    expect(preloads[0][2]).toBe('(min-width: 1400px) 440px, (min-width: 992px) 33vw, (min-width: 768px) 33vw, 50vw');
  });

  it('describes a product with JSON-LD priced after offers in INR, in stock, with its pictures preloaded', async () => {
    const res = await get(`/details/${ids.discounted}`);
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    const url = `${ORIGIN}/details/${ids.discounted}`;
    expect(head.title).toBe('Canvas Tote · Bag Shop');
    expect(head.description).toBe('A roomy canvas tote for the market and the monsoon.');
    expect(head.canonical).toBe(url);
    expect(head.og).toMatchObject({ type: 'product', url, image: `${ORIGIN}/uploads/tote-1200.webp` });
    expect(head.jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Canvas Tote',
      image: [`${ORIGIN}/uploads/tote-1200.webp`],
      offers: {
        '@type': 'Offer',
        url,
        // ₹1,499.50 less the category's 20% offer.
        price: '1199.60',
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
      },
    });
    expect(res.body).toContain('imagesrcset="/uploads/tote-400.webp 400w, /uploads/tote-1200.webp 1200w"');
  });

  it('tells search engines a sold-out product is out of stock', async () => {
    const head = headOf((await get(`/details/${ids.soldOut}`)).body);
    expect(head.jsonLd.offers).toMatchObject({ price: '1199.20', availability: 'https://schema.org/OutOfStock' });
  });

  it.each([
    ['an unknown product', () => '26fa64b5-bdf3-46a7-a98a-4f530a2d66f7'],
    ['an address that is no product id', () => 'not-a-product'],
    ['a blocked product', () => ids.blocked],
    ['a deleted product', () => ids.deleted],
    ['a product of a blocked category', () => ids.inBlockedCategory],
  ])('answers %s with the web app’s 404 page, status 404, not to be indexed', async (_name, id) => {
    const res = await get(`/details/${id()}`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const head = headOf(res.body);
    expect(head.title).toBe('Page not found · Bag Shop');
    expect(head.robots).toBe('noindex');
    expect(head.canonical).toBeUndefined();
    expect(head.jsonLd).toBeUndefined();
    expect(res.body).toContain('<header class="shell">Bag Shop</header>');
  });

  it('escapes a product’s name and description in the head and in the JSON-LD', async () => {
    const res = await get(`/details/${ids.hostile}`);
    const head = headOf(res.body);
    // The JSON-LD block, the shop settings and API answers blocks, and the built entry script.
    expect(res.body.match(/<script/g)).toHaveLength(4);
    expect(res.body).not.toContain('</script><script>alert');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).not.toContain('<!-- sturdy');
    expect(head.title).toBe(
      'Tote &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;friends&quot; · Bag Shop',
    );
    expect(head.ldText).not.toMatch(/[<>&\u2028]/);
    expect(head.jsonLd.name).toBe('Tote </script><script>alert("x")</script> & "friends"');
    expect(head.jsonLd.description).toBe("<img src=x onerror=alert(1)> \u2028 it's <!-- sturdy -->");
    // The app's data carries the same text, escaped for a script block.
    expect(answersTextOf(res.body)).not.toMatch(/[<>&\u2028]/);
    const { product } = answersOf(res.body)[`/api/products/${ids.hostile}`] as { product: { name: string } };
    expect(product.name).toBe('Tote </script><script>alert("x")</script> & "friends"');
  });

  it('sends a page compressed with a strong ETag, revalidated on every visit, and 304 while unchanged', async () => {
    const url = `/details/${ids.discounted}`;
    const plain = await get(url);
    const br = await get(url, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const etag = br.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(gzip.headers.etag).toBe(etag);
    const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    await shop.database.db.update(products).set({ name: 'Canvas Tote II' }).where(eq(products.id, ids.discounted));
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(headOf(changed.body).title).toBe('Canvas Tote II · Bag Shop');
    await shop.database.db.update(products).set({ name: 'Canvas Tote' }).where(eq(products.id, ids.discounted));
  });
});

const answersTextOf = (html: string) =>
  html.match(/<script type="application\/json" id="api-answers">([\s\S]*?)<\/script>/)?.[1];
const answersOf = (html: string): Record<string, unknown> => JSON.parse(answersTextOf(html) ?? '{}');
const apiAnswer = async (url: string) => (await get(url)).json();

describe('what a landing page hands the app, so its first render needs no data from the API', () => {
  it('carries a product’s answer and its related products as the API gives them', async () => {
    const res = await get(`/details/${ids.discounted}`);
    const product = `/api/products/${ids.discounted}`;
    const related = `/api/products/related/${ids.discounted}`;
    expect(answersOf(res.body)).toEqual({ [product]: await apiAnswer(product), [related]: await apiAnswer(related) });
  });

  it('carries the home page’s new and best-rated products as the API gives them', async () => {
    expect(answersOf((await get('/')).body)).toEqual({
      '/api/products/new': await apiAnswer('/api/products/new'),
      '/api/products/top': await apiAnswer('/api/products/top'),
    });
  });

  it('carries the page of products the app asks for at the shop’s address, filters and all, and the categories', async () => {
    const first = '/api/products/shop-products?sortBy=newArrivals&page=1';
    expect(answersOf((await get('/shop-products')).body)).toEqual({
      [first]: await apiAnswer(first),
      '/api/category/all': await apiAnswer('/api/category/all'),
    });
    // As the app writes the address: its filters in its own order, the sort and the page always named.
    const filtered = `/api/products/shop-products?category=${categoryId}&color=Black&sortBy=priceHighLow&page=1`;
    const answers = answersOf(
      (await get(`/shop-products?sortBy=priceHighLow&color=Black&category=${categoryId}`)).body,
    );
    expect(Object.keys(answers).sort()).toEqual(['/api/category/all', filtered]);
    expect(answers[filtered]).toEqual(await apiAnswer(filtered));
  });

  it('carries nothing for a product that is not for sale', async () => {
    expect(answersTextOf((await get(`/details/${ids.blocked}`)).body)).toBeUndefined();
  });
});

describe('what search engines read', () => {
  it('lists every live product and category in the sitemap, with absolute addresses and when each changed', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const entries = [...res.body.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map(
      (m) => ({ loc: m[1], lastmod: m[2] }),
    );
    const locs = entries.map((e) => e.loc);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/shop-products`,
        `${ORIGIN}/shop-products?category=${categoryId}`,
        `${ORIGIN}/details/${ids.discounted}`,
        `${ORIGIN}/details/${ids.soldOut}`,
        `${ORIGIN}/details/${ids.hostile}`,
      ]),
    );
    for (const hidden of [ids.blocked, ids.deleted, ids.inBlockedCategory]) {
      expect(locs).not.toContain(`${ORIGIN}/details/${hidden}`);
    }
    expect(locs).not.toContain(`${ORIGIN}/shop-products?category=${blockedCategoryId}`);
    const [row] = await shop.database.db
      .select({ updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.id, ids.soldOut));
    expect(entries.find((e) => e.loc.endsWith(ids.soldOut))?.lastmod).toBe(row.updatedAt.toISOString());
    expect(entries.find((e) => e.loc.endsWith(`category=${categoryId}`))?.lastmod).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('drops a category from the sitemap once it is blocked', async () => {
    const category = await createCategory(shop, { name: 'Briefcases' });
    const listed = (await get('/sitemap.xml')).body;
    expect(listed).toContain(`category=${category.id}`);
    await shop.database.db.update(categories).set({ isBlocked: true }).where(eq(categories.id, category.id));
    expect((await get('/sitemap.xml')).body).not.toContain(`category=${category.id}`);
  });

  it('keeps robots out of the administrator’s and the shopper’s own pages and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const disallowed = res.body
      .split('\n')
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice('Disallow: '.length));
    expect(disallowed).toEqual(
      expect.arrayContaining(['/admin', '/cart', '/checkout', '/mine', '/order-details/', '/wallet', '/wishlist']),
    );
    expect(disallowed).toEqual(expect.arrayContaining(['/account', '/change-password', '/pending/', '/login']));
    for (const open of ['/', '/shop-products', '/details/']) expect(disallowed).not.toContain(open);
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('the test-mode ribbon in the frame', () => {
  it('is drawn while card payments go to the sandbox, so the app adding it moves nothing', async () => {
    const res = await get('/shop-products');
    expect(res.body).toContain(
      '<div class="test-mode-ribbon text-center small fw-semibold py-1 px-2" role="note">Test mode: no real payments</div><header',
    );
    // The app's first render knows it too, as GET /api/shop/settings would tell it.
    expect(res.body).toContain(
      '<script type="application/json" id="shop-settings">{"cardPayments":"sandbox","pricesIncludeGst":false,"sellerName":"Bag Shop Retail Pvt. Ltd.","social":{}}</script>',
    );
  });

  it('is left out when the shop takes no test payments', async () => {
    const res = await get('/shop-products', {}, proxied);
    expect(res.body).not.toContain('test-mode-ribbon');
    expect(res.body).toContain('<div id="root"><!--page-ribbon--><header');
    expect(res.body).toContain(
      '<script type="application/json" id="shop-settings">{"cardPayments":"off","pricesIncludeGst":false,"sellerName":"Bag Shop Retail Pvt. Ltd.","social":{}}</script>',
    );
  });
});

describe('the first paint', () => {
  it('waits for the whole of the page’s markup: the head expects the block that follows it', async () => {
    for (const url of ['/', '/shop-products', `/details/${ids.discounted}`]) {
      const { body } = await get(url);
      const expectLink = body.indexOf('<link rel="expect" href="#shop-settings" blocking="render" />');
      const settings = body.indexOf('<script type="application/json" id="shop-settings">');
      expect(expectLink).toBeGreaterThan(-1);
      expect(expectLink).toBeLessThan(body.indexOf('</head>'));
      // After the end of #root, which the test build's shell closes with its main.
      expect(settings).toBeGreaterThan(body.indexOf('<!--/page-main--></div>'));
      expect(body.match(/id="shop-settings"/g)).toHaveLength(1);
    }
  });
});

describe('the public address without PUBLIC_URL, behind a proxy, with ALLOWED_HOSTS', () => {
  it('is the allowed host the trusted proxy forwarded, with its scheme', async () => {
    for (const host of ['shop.example.in', 'WWW.Shop.Example.in']) {
      const res = await get(
        '/robots.txt',
        { 'x-forwarded-host': host, 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
        proxied,
      );
      expect(res.body).toContain(`Sitemap: https://${host.toLowerCase()}/sitemap.xml`);
    }
  });

  it('is the first allowed host whatever other host a client forges, in every link the pages carry', async () => {
    const product = await createProduct(proxied, { name: 'Proxy Tote' });
    const forgeries: Record<string, string>[] = [
      { 'x-forwarded-host': 'evil.example' },
      { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      { host: 'evil.example' },
      { host: 'shop.example.in.evil.example', 'x-forwarded-host': 'shop.example.in:8443' },
      { 'x-forwarded-host': 'evil.example"><script>x</script>' },
    ];
    for (const headers of forgeries) {
      const scheme = headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
      const origin = `${scheme}://shop.example.in`;
      for (const page of ['/', '/shop-products', `/details/${product.id}`]) {
        const res = await get(page, headers, proxied);
        expect(res.statusCode, `${page} ${JSON.stringify(headers)}`).toBe(200);
        expect(res.body).not.toContain('evil.example');
        expect(res.body).not.toContain(':8443');
        const head = headOf(res.body);
        expect(head.canonical).toBe(`${origin}${page}`);
        expect(head.og.url).toBe(`${origin}${page}`);
      }
      const sitemap = await get('/sitemap.xml', headers, proxied);
      expect(sitemap.body).not.toContain('evil.example');
      expect(sitemap.body).toContain(`<loc>${origin}/details/${product.id}</loc>`);
      const robots = await get('/robots.txt', headers, proxied);
      expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
    }
  });
});
