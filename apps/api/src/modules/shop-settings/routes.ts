import { type ShopSettings, shopSettingsSchema } from '@bagshop/shared/shop-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';

/** Public: how this shop runs, as every visitor's browser needs it (the test-mode ribbon, checkout, wallet). */
export function shopSettingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const settings: ShopSettings = { cardPayments: deps.payments?.name ?? 'off' };
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
  };
}
