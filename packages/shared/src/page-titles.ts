/**
 * Every page's title names it and the shop ("Ledger Tote · Bag Shop"); the server's head of a landing page and the
 * app after it takes over say the same (docs/decisions/057-registration-says-what-happened.md).
 */
export const SHOP_NAME = 'Bag Shop';

/** The document title of a page named `name`; the home page (no name) is the shop's name alone. */
export const pageTitle = (name: string): string => (name ? `${name} · ${SHOP_NAME}` : SHOP_NAME);

/** The shop list's name: filtered by exactly one category it is that category's page ("Shop Backpacks"). */
export const shopListName = (categoryName?: string): string => (categoryName ? `Shop ${categoryName}` : 'Shop');

/** The 404 screen's name (docs/product.md: 'Page not found'), in its heading and title, from the server and the app. */
export const NOT_FOUND_NAME = 'Page not found';
