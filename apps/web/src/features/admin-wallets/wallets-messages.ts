/** Texts of the admin wallet screens (spec §2 Admin transaction detail, §8 Wallet). */
export const WALLETS_MSG = {
  notFound: 'Transaction not found',
  listFailed: 'Could not load the transactions.',
  loadFailed: 'Could not load the transaction.',
  none: 'No wallet transactions yet.',
} as const;
