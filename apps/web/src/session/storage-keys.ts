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
