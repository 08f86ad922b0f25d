/** Texts of the referral screen (spec §2 Referral details, §8 Referral). */
export const REFERRAL_MSG = {
  copied: 'Copied to clipboard!',
  copyFailed: 'Copy failed',
  generateFailed: 'Failed to generate code',
  loadFailed: 'Error loading referrals',
  generating: 'Generating...',
  noReferredUsers: 'No one has joined with your code yet.',
} as const;
