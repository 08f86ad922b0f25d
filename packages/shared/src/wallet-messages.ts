/**
 * Texts of the wallet, its top-up and referrals (docs/product.md §8.6 Wallet, Referral), shared by client and server.
 */
export const WALLET_MSG = {
  invalidAmountTitle: 'Invalid Amount',
  enterValidAmount: 'Please enter a valid amount.',
  updateFailed: 'Error – Failed to update wallet balance.',
  paymentError: 'Something went wrong during payment.',
  transactionNotFound: 'Transaction not found',
  walletRecharge: 'Wallet Recharge',
  referralBonus: 'Referral Bonus',
} as const;

export const REFERRAL_MSG = {
  generateFailed: 'Failed to generate code',
  copyFailed: 'Copy failed',
  loadFailed: 'Error loading referrals',
  copied: 'Copied to clipboard!',
  invalidCode: 'Invalid referral code',
} as const;
