import type { ProductCardPage } from '@bagshop/shared/catalogue-types';
import type {
  NewProductsAnswer,
  OneProductAnswer,
  ProductsAnswer,
  ShopCategoriesAnswer,
} from '@bagshop/shared/schemas/catalogue';
import { filtersFromSearch } from '@bagshop/shared/shop-query';
import type { AppStore } from '../store/store.ts';
import { CATALOGUE_URL, catalogueApi } from './catalogue-api.ts';

/** The block in which the server hands a landing page's API answers to the app (storefront-pages/page-head.ts). */
const BLOCK_ID = 'api-answers';

/** API answers keyed by the GET address the app asks for them. */
export type PageAnswers = Record<string, unknown>;

export function answersInPage(): PageAnswers {
  try {
    const given = JSON.parse(document.getElementById(BLOCK_ID)?.textContent ?? 'null') as unknown;
    return given && typeof given === 'object' && !Array.isArray(given) ? (given as PageAnswers) : {};
  } catch {
    return {};
  }
}

/** The product a /details/{id} address shows, or null. */
export function productIdOf(pathname: string): string | null {
  const match = /^\/details\/([^/]+)$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * Puts the answers a landing page carries into the API cache before the first render, so that render draws the
 * finished page, the same on the server and in the browser that hydrates it, without asking the API again
 * (docs/decisions/032-first-load.md, 047-server-rendered-landing-pages.md). Each answer is taken only where the app
 * would ask exactly its address. The answers are what a visitor not signed in gets.
 */
export function putPageAnswers(
  store: AppStore,
  location: Pick<Location, 'pathname' | 'search'>,
  answers: PageAnswers,
): void {
  type Entries = Parameters<typeof catalogueApi.util.upsertQueryEntries>[0];
  const entries: Entries = [];
  const given = <T>(url: string) => answers[url] as T | undefined;
  const categories = given<ShopCategoriesAnswer>(CATALOGUE_URL.shopCategories);
  if (categories) entries.push({ endpointName: 'shopCategories', arg: undefined, value: categories });
  if (location.pathname === '/') {
    const newest = given<NewProductsAnswer>(CATALOGUE_URL.newProducts);
    const best = given<ProductsAnswer>(CATALOGUE_URL.topProducts);
    if (newest) entries.push({ endpointName: 'newProducts', arg: undefined, value: newest });
    if (best) entries.push({ endpointName: 'topProducts', arg: undefined, value: best });
  }
  if (location.pathname === '/shop-products') {
    const filters = filtersFromSearch(location.search);
    const shown = given<ProductCardPage>(CATALOGUE_URL.shopProducts(filters));
    if (shown) entries.push({ endpointName: 'shopProducts', arg: filters, value: shown });
  }
  const productId = productIdOf(location.pathname);
  if (productId) {
    const product = given<OneProductAnswer>(CATALOGUE_URL.productDetails(productId));
    const related = given<ProductsAnswer>(CATALOGUE_URL.relatedProducts(productId));
    if (product) entries.push({ endpointName: 'productDetails', arg: productId, value: product });
    if (related) entries.push({ endpointName: 'relatedProducts', arg: productId, value: related });
  }
  // In one synchronous step: the first render, on the server as in the browser, already has them.
  store.dispatch(catalogueApi.util.upsertQueryEntries(entries));
}
