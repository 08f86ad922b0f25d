/** Texts of the wallet screen (spec §8 Wallet). */
export const WALLET_MSG = {
  invalidAmountTitle: 'Invalid Amount',
  invalidAmountText: 'Please enter a valid amount.',
  updateFailed: 'Error – Failed to update wallet balance.',
  paymentFailed: 'Something went wrong during payment.',
  topUpDone: 'Money added to your wallet',
  paymentCancelled: 'Payment cancelled; your wallet was not charged.',
  loadFailed: 'Could not load your wallet.',
  noTransactions: 'No transactions yet.',
} as const;
