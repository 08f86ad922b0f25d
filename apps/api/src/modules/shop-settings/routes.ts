import {
  type ShopDetails,
  type ShopSettings,
  shopDetailsSchema,
  shopSettingsSchema,
} from '@bagshop/shared/shop-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { shopSettingsOf } from './service.ts';

/** Public: how this shop runs, as every visitor's browser needs it (the test-mode ribbon, checkout, wallet). */
export function shopSettingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { config } = deps;
  const settings: ShopSettings = shopSettingsOf(deps);
  const details: ShopDetails = {
    seller: {
      name: config.SELLER_NAME,
      address: config.SELLER_ADDRESS,
      state: config.SELLER_STATE,
      gstin: config.SELLER_GSTIN,
      email: config.STORE_EMAIL,
      phone: config.SELLER_PHONE,
    },
    paymentWindowMinutes: config.PAYMENT_WINDOW_MINUTES,
    referralMonthlyCap: config.REFERRAL_MONTHLY_CAP,
  };
  return async (app) => {
    app.get(
      '/settings',
      {
        schema: {
          tags: ['shop'],
          summary: 'How this shop takes card payments (razorpay, sandbox or off)',
          response: { 200: shopSettingsSchema },
        },
      },
      async (_request, reply) => reply.header('cache-control', 'no-cache').send(settings),
    );

    app.get(
      '/details',
      {
        schema: {
          tags: ['shop'],
          summary: 'Who runs the shop and the settings its policy pages state',
          response: { 200: shopDetailsSchema },
        },
      },
      async (_request, reply) => reply.header('cache-control', 'no-cache').send(details),
    );
  };
}
