import { z } from 'zod';
import { PAYMENT_PROVIDERS } from './orders.ts';

/**
 * How the shop takes card payments (checkout and wallet top-up): Razorpay when its keys are set; the sandbox (no
 * real money) only when asked for or on demo data; otherwise off. docs/decisions/009-safe-defaults.md.
 */
export const CARD_PAYMENT_MODES = [...PAYMENT_PROVIDERS, 'off'] as const;
export type CardPaymentMode = (typeof CARD_PAYMENT_MODES)[number];

/** The networks whose page addresses the footer links to (SOCIAL_FACEBOOK_URL and the like). */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'x', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const SOCIAL_NETWORK_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X (Twitter)',
  youtube: 'YouTube',
};

/** GET /api/shop/settings: what any visitor's browser needs to know about how this shop runs. */
export const shopSettingsSchema = z
  .strictObject({
    cardPayments: z.enum(CARD_PAYMENT_MODES),
    /** Listed prices include GST (PRICES_INCLUDE_GST): "Inclusive of all taxes", no tax added in the cart. */
    pricesIncludeGst: z.boolean(),
    /** Who runs the shop (SELLER_NAME), as the footer's copyright names it. */
    sellerName: z.string().optional(),
    /** The shop's pages elsewhere (SOCIAL_*_URL); a network the owner has not set is left out. */
    social: z.partialRecord(z.enum(SOCIAL_NETWORKS), z.url()).optional(),
  })
  .meta({
    examples: [
      {
        cardPayments: 'razorpay',
        pricesIncludeGst: false,
        sellerName: 'Bag Shop Retail Pvt. Ltd.',
        social: { instagram: 'https://www.instagram.com/bagshop.in' },
      },
    ],
  });
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

export const SHOP_SETTINGS_MSG = {
  /** The ribbon on every storefront and admin page while the sandbox takes card payments. */
  testModeRibbon: 'Test mode: no real payments',
  cardPaymentsOff: 'Card payments are not set up yet',
} as const;

/**
 * GET /api/shop/details: who runs the shop and the settings its policy pages state (docs/product.md §2.9), from the
 * SELLER_*, STORE_EMAIL, PAYMENT_WINDOW_MINUTES and REFERRAL_MONTHLY_CAP settings.
 */
export const shopDetailsSchema = z
  .strictObject({
    seller: z.strictObject({
      name: z.string(),
      address: z.string(),
      state: z.string(),
      gstin: z.string(),
      email: z.string(),
      phone: z.string(),
    }),
    paymentWindowMinutes: z.int(),
    referralMonthlyCap: z.int(),
  })
  .meta({
    examples: [
      {
        seller: {
          name: 'Bag Shop Retail Pvt. Ltd.',
          address: '12, MG Road, Bengaluru, Karnataka 560001, India',
          state: 'Karnataka',
          gstin: '29ABCDE1234F1ZW',
          email: 'hello@bagshop.in',
          phone: '+91 80 4718 2260',
        },
        paymentWindowMinutes: 30,
        referralMonthlyCap: 10,
      },
    ],
  });
export type ShopDetails = z.infer<typeof shopDetailsSchema>;
