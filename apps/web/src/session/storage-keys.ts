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
