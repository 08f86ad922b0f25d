/**
 * Texts of the wallet screen beyond the shared ones of docs/product.md §8 (those are in
 * @bagshop/shared/wallet-messages).
 */
export const WALLET_SCREEN_TEXT = {
  topUpDone: 'Money added to your wallet',
  paymentCancelled: 'Payment cancelled; your wallet was not charged.',
  loadFailed: 'Could not load your wallet.',
  noTransactions: 'No transactions yet.',
} as const;
