/**
 * Texts of the referral screen beyond the shared ones of docs/product.md §8 (those are in
 * @bagshop/shared/wallet-messages).
 */
export const REFERRAL_SCREEN_TEXT = {
  generating: 'Generating...',
  noReferredUsers: 'No one has joined with your code yet.',
} as const;
