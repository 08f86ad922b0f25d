import { z } from 'zod';
import { PAYMENT_PROVIDERS } from './orders.ts';

/**
 * How the shop takes card payments (checkout and wallet top-up): Razorpay when its keys are set; the sandbox (no
 * real money) only when asked for or on demo data; otherwise off. docs/decisions/009-safe-defaults.md.
 */
export const CARD_PAYMENT_MODES = [...PAYMENT_PROVIDERS, 'off'] as const;
export type CardPaymentMode = (typeof CARD_PAYMENT_MODES)[number];

/** GET /api/shop/settings: what any visitor's browser needs to know about how this shop runs. */
export const shopSettingsSchema = z
  .strictObject({
    cardPayments: z.enum(CARD_PAYMENT_MODES),
  })
  .meta({ examples: [{ cardPayments: 'razorpay' }] });
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

export const SHOP_SETTINGS_MSG = {
  /** The ribbon on every storefront and admin page while the sandbox takes card payments. */
  testModeRibbon: 'Test mode: no real payments',
  cardPaymentsOff: 'Card payments are not set up yet',
} as const;
