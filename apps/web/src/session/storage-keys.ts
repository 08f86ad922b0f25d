/**
 * docs/product.md §3 "Client session": kept in Redux and mirrored to localStorage under these keys. A module of its
 * own so the page's first script can tell a signed-in shopper without loading the store.
 */
export const STORAGE_KEYS = {
  userInfo: 'userInfo',
  userToken: 'userToken',
  refreshToken: 'refreshToken',
  updatedUser: 'updatedUser',
  expirationTime: 'expirationTime',
} as const;

/**
 * The pincode a shopper last checked delivery to on a product page, kept in this browser beside the session (not
 * cleared by signing out). A page the server drew starts the app when the browser is idle if it is set, since the
 * product page then shows that shopper's own estimate.
 */
export const REMEMBERED_PINCODE_KEY = 'deliveryPincode';

/**
 * A visitor's "Add to cart" that sent them to sign in: `{ productId, qty }` in this tab's sessionStorage, taken up by
 * the product page once they are back signed in (a Google sign-in leaves the page and comes back).
 */
export const PENDING_CART_KEY = 'pendingAddToCart';
