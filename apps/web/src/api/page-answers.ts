import type { ProductCardPage } from '@bagshop/shared/catalogue-types';
import type { OneProductAnswer, ShopCategoriesAnswer } from '@bagshop/shared/schemas/catalogue';
import type { AppStore } from '../store/store.ts';
import { CATALOGUE_URL, catalogueApi } from './catalogue-api.ts';
import { filtersFromSearch } from './shop-query.ts';

/** The block in which the server hands a landing page's API answers to the app (storefront-pages/page-head.ts). */
const BLOCK_ID = 'api-answers';

function answersInPage(): Record<string, unknown> {
  try {
    const given = JSON.parse(document.getElementById(BLOCK_ID)?.textContent ?? 'null') as unknown;
    return given && typeof given === 'object' && !Array.isArray(given) ? (given as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Puts the answers a landing page carries into the API cache before the first render, so that render draws the page
 * with its products instead of a placeholder, without asking the API again and re-rendering when the answers arrive
 * (docs/decisions/032-first-load.md). Each answer is taken only where the app would ask exactly its address. A product's
 * answer says whether the reader reviewed it only when signed in, so a signed-in shopper asks for their own.
 */
export function cacheAnswersInPage(store: AppStore, location: Pick<Location, 'pathname' | 'search'>): void {
  const answers = answersInPage();
  const take = <T>(url: string, put: (answer: T) => void) => {
    if (answers[url] !== undefined) put(answers[url] as T);
  };
  const { util } = catalogueApi;
  take<ShopCategoriesAnswer>(CATALOGUE_URL.shopCategories, (answer) =>
    store.dispatch(util.upsertQueryData('shopCategories', undefined, answer)),
  );
  if (location.pathname === '/shop-products') {
    const filters = filtersFromSearch(location.search);
    take<ProductCardPage>(CATALOGUE_URL.shopProducts(filters), (answer) =>
      store.dispatch(util.upsertQueryData('shopProducts', filters, answer)),
    );
  }
  const productId = /^\/details\/([^/]+)$/.exec(location.pathname)?.[1];
  if (productId && !store.getState().session.userToken) {
    const id = decodeURIComponent(productId);
    take<OneProductAnswer>(CATALOGUE_URL.productDetails(id), (answer) =>
      store.dispatch(util.upsertQueryData('productDetails', id, answer)),
    );
  }
}
