/**
 * Texts of the admin wallet screens beyond the shared ones of docs/product.md §8 (those are in
 * @bagshop/shared/wallet-messages).
 */
export const WALLETS_TEXT = {
  listFailed: 'Could not load the transactions.',
  loadFailed: 'Could not load the transaction.',
  none: 'No wallet transactions yet.',
} as const;
