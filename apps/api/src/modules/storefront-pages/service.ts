import querystring from 'node:querystring';
import { PRODUCT_IMAGE_WIDTH } from '@bagshop/shared/limits';
import { NOT_FOUND_NAME, pageTitle, SHOP_NAME, shopListName } from '@bagshop/shared/page-titles';
import { shopQuerySchema } from '@bagshop/shared/schemas/catalogue';
import { filtersFromSearch, shopProductsAddress } from '@bagshop/shared/shop-query';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { shopCategories } from '../categories/service.ts';
import {
  liveProductStamps,
  newProducts,
  productDetail,
  relatedProducts,
  shopPage,
  topProducts,
} from '../products/service.ts';
import type { PageHead, Preload } from './page-head.ts';
import { shorten } from './page-head.ts';

/**
 * The heads of the storefront's landing pages, the sitemap and robots.txt, from the catalogue's own service
 * functions (docs/decisions/025-pages-for-search-engines.md). `origin` is the shop's public address, no trailing slash.
 */
export interface StorefrontPage {
  status: 200 | 404;
  head: PageHead;
}

const HOME_DESCRIPTION = 'Bag Shop — handbags, backpacks, totes and travel bags, delivered across India.';
const SHOP_DESCRIPTION = 'Shop handbags, backpacks, totes and travel bags at Bag Shop, delivered across India.';
/** Search engines show about this much of a description. */
const DESCRIPTION_MAX = 160;
/** The home page's first banner: its largest picture and the picture of its link previews. */
export const HOME_BANNER = '/images/banner-1.svg';
/** As the details page's gallery draws its main picture (features/catalogue/components/image-gallery.tsx). */
const DETAILS_IMAGE_SIZES = '(min-width: 1400px) 636px, (min-width: 768px) 50vw, 100vw';

/** As the shop's three-column grid draws a card's picture (components/product-grid.tsx). */
const SHOP_CARD_SIZES = '(min-width: 1400px) 440px, (min-width: 992px) 33vw, (min-width: 768px) 33vw, 50vw';
/** The cards on a phone's first screen (shop-page.tsx gives them priority). */
const SHOP_FIRST_ROW = 2;

/** Both stored copies of a product picture, for the browser to pick the one `sizes` asks for. */
function imagePreload(thumb: string | undefined, large: string | undefined, sizes: string): Preload[] {
  const href = thumb ?? large;
  if (!href) return [];
  const imageSrcset = [
    thumb && `${thumb} ${PRODUCT_IMAGE_WIDTH.thumb}w`,
    large && `${large} ${PRODUCT_IMAGE_WIDTH.large}w`,
  ]
    .filter(Boolean)
    .join(', ');
  return [{ as: 'image', href, imageSrcset, imageSizes: sizes }];
}

/** Pictures are stored under /uploads/ on this host or, with S3 storage, at an absolute address. */
function absolute(origin: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The first banner's picture, the largest of a phone's first screen, is asked for with the page. */
const HOME_PRELOADS: Preload[] = [{ as: 'image', href: HOME_BANNER }];

/** The home page with its new and best-rated products (docs/decisions/047-server-rendered-landing-pages.md). */
export async function homePage(db: Db, origin: string): Promise<StorefrontPage> {
  const [newest, best] = await Promise.all([newProducts(db), topProducts(db)]);
  return {
    status: 200,
    head: {
      title: SHOP_NAME,
      description: HOME_DESCRIPTION,
      canonicalUrl: `${origin}/`,
      imageUrl: absolute(origin, HOME_BANNER),
      preloads: HOME_PRELOADS,
      apiAnswers: { '/api/products/new': { all: newest }, '/api/products/top': { products: best } },
    },
  };
}

/**
 * The shop list; filtered by exactly one live category it is that category's page, anything else is the shop.
 * `search` is the page's query string. The page carries the products the app would ask for at that address (the
 * filters as the app reads them from it), and the first row's pictures are preloaded; filters the shop would refuse
 * get neither.
 */
export async function shopListPage(db: Db, origin: string, search: string): Promise<StorefrontPage> {
  const categoryIds = [querystring.parse(search).category].flat().filter((value) => typeof value === 'string');
  const productsAddress = shopProductsAddress(filtersFromSearch(search));
  const parsed = shopQuerySchema.safeParse(querystring.parse(productsAddress.split('?')[1] ?? ''));
  const [liveCategories, shown] = await Promise.all([
    shopCategories(db),
    parsed.success ? shopPage(db, { ...parsed.data, keyword: parsed.data.keyword || parsed.data.search }) : null,
  ]);
  const firstCards = shown?.products.slice(0, SHOP_FIRST_ROW) ?? [];
  const category = categoryIds.length === 1 ? liveCategories.find((c) => c._id === categoryIds[0]) : undefined;
  const head: PageHead = category
    ? {
        title: pageTitle(shopListName(category.name)),
        description: `Shop ${category.name} at Bag Shop, delivered across India.`,
        canonicalUrl: `${origin}/shop-products?category=${encodeURIComponent(category._id)}`,
      }
    : { title: pageTitle(shopListName()), description: SHOP_DESCRIPTION, canonicalUrl: `${origin}/shop-products` };
  const preloads = firstCards.flatMap((card) => imagePreload(card.thumbs[0], card.pdImage[0], SHOP_CARD_SIZES));
  const apiAnswers: Record<string, unknown> = { '/api/category/all': { all: liveCategories } };
  if (shown) apiAnswers[productsAddress] = shown;
  return { status: 200, head: { ...head, imageUrl: absolute(origin, HOME_BANNER), preloads, apiAnswers } };
}

export function notFoundPage(): StorefrontPage {
  return {
    status: 404,
    head: { title: pageTitle(NOT_FOUND_NAME), description: 'This page does not exist at Bag Shop.', noIndex: true },
  };
}

/** A product for sale with its price after offers; unknown, deleted or blocked products are the 404 page. */
export async function productPage(db: Db, origin: string, productId: string): Promise<StorefrontPage> {
  let product: Awaited<ReturnType<typeof productDetail>>;
  try {
    product = await productDetail(db, productId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return notFoundPage();
    throw error;
  }
  if (!product.available) return notFoundPage();
  const url = `${origin}/details/${product._id}`;
  const images = product.pdImage.map((image) => absolute(origin, image));
  const description = shorten(product.description, DESCRIPTION_MAX);
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product._id,
    image: images,
    brand: { '@type': 'Brand', name: product.brand },
    color: product.color,
    category: product.category.name,
    url,
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'INR',
      // Rupees with two decimals, as schema.org asks: the price after offers the shop charges today.
      price: product.finalPrice.toFixed(2),
      availability: product.quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: SHOP_NAME },
    },
  };
  if (product.numReviews > 0) {
    jsonLd.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: product.rating,
      reviewCount: product.numReviews,
    };
  }
  const related = await relatedProducts(db, product._id);
  return {
    status: 200,
    head: {
      title: pageTitle(product.name),
      description,
      canonicalUrl: url,
      imageUrl: images[0],
      ogType: 'product',
      jsonLd,
      preloads: imagePreload(product.thumbs[0], product.pdImage[0], DETAILS_IMAGE_SIZES),
      apiAnswers: {
        [`/api/products/${encodeURIComponent(product._id)}`]: { product },
        [`/api/products/related/${encodeURIComponent(product._id)}`]: { products: related },
      },
    },
  };
}

const xmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** Every live product and category, the home page and the shop, each with when it last changed where known. */
export async function sitemapXml(db: Db, origin: string): Promise<string> {
  const [stamps, categories] = await Promise.all([liveProductStamps(db), shopCategories(db)]);
  const latest = (dates: Date[]) => (dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))) : undefined);
  const byCategory = new Map<string, Date[]>();
  for (const stamp of stamps)
    byCategory.set(stamp.categoryId, [...(byCategory.get(stamp.categoryId) ?? []), stamp.updatedAt]);
  const shopChanged = latest(stamps.map((s) => s.updatedAt));
  const entries: Array<{ loc: string; lastmod?: Date }> = [
    { loc: `${origin}/`, lastmod: shopChanged },
    { loc: `${origin}/shop-products`, lastmod: shopChanged },
    ...categories.map((c) => ({
      loc: `${origin}/shop-products?category=${encodeURIComponent(c._id)}`,
      lastmod: latest(byCategory.get(c._id) ?? []),
    })),
    ...stamps.map((s) => ({ loc: `${origin}/details/${s.id}`, lastmod: s.updatedAt })),
  ];
  const urls = entries.map(
    (e) =>
      `  <url><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * Pages only a signed-in shopper or an administrator sees, and the sign-in steps: nothing a search engine should
 * list (the router's RequireAuth and RequireAdmin routes, apps/web/src/app/router.tsx). Each is a path prefix.
 */
const PRIVATE_PATHS = [
  '/admin',
  '/api/',
  '/account',
  '/about',
  '/contact',
  '/change-password',
  '/verify-email',
  '/wishlist',
  '/wallet',
  '/cart',
  '/checkout',
  '/mine',
  '/order-success',
  '/order-failure',
  '/confirm-cod',
  '/pending/',
  '/order-details/',
  '/login',
  '/register',
  '/verify-otp',
  '/auth/',
  '/forgot-password',
  '/reset-password',
];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
