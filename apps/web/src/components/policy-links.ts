/** The shop's policy pages (docs/product.md §2.9), in the order the footer lists them. */
export const POLICY_LINKS = [
  { path: '/policies/shipping', title: 'Shipping and delivery' },
  { path: '/policies/cancellations-and-refunds', title: 'Cancellations and refunds' },
  { path: '/policies/privacy', title: 'Privacy' },
  { path: '/policies/terms', title: 'Terms and conditions' },
] as const;

export const TERMS_PATH = '/policies/terms';
export const PRIVACY_PATH = '/policies/privacy';

/** When the texts of the policy pages last changed; shown on each page. */
export const POLICIES_UPDATED = '24 November 2026';

export const POLICY_TEXT = {
  loading: 'Loading the policy…',
  loadFailed: 'We could not load this page. Please try again.',
} as const;
