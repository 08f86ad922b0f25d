import { MSG } from '@bagshop/shared/messages';
import { PAYMENT_PROVIDERS, SANDBOX_OUTCOMES } from '@bagshop/shared/orders';
import { toPaise } from '@bagshop/shared/pricing/money';
import { topUpBodySchema } from '@bagshop/shared/schemas/wallet-top-up';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { completeSandboxPayment, createTopUpOrder, handleWebhook } from './service.ts';

const providerParams = z.strictObject({ provider: z.enum(PAYMENT_PROVIDERS) });
const sandboxBody = z.strictObject({ id: z.string().min(1).max(100), outcome: z.enum(SANDBOX_OUTCOMES) });

/** Provider orders, the sandbox checkout and the provider's webhook (docs/product.md §7.6). */
export function paymentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['payments'];
    const signedIn = { preHandler: deps.guards.requireUser };

    app.post(
      '/user/payment/:provider/order',
      {
        ...signedIn,
        schema: { tags, params: providerParams, body: topUpBodySchema },
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (request) => createTopUpOrder(deps, userOf(request).id, toPaise(request.body.amount)),
    );

    app.post('/payments/sandbox/complete', { ...signedIn, schema: { tags, body: sandboxBody } }, async (request) =>
      completeSandboxPayment(deps, userOf(request).id, request.body),
    );

    // The signature covers the exact bytes sent, so this route keeps the body as the raw string.
    // It declares what it consumes, so no default body schema is added to it (platform/bad-input.ts).
    const webhookSchema = { tags, consumes: ['application/json'] };
    await app.register(async (webhook) => {
      webhook.removeContentTypeParser('application/json');
      webhook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
        done(null, body),
      );
      webhook.post('/payments/razorpay/webhook', { schema: webhookSchema }, async (request) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers['x-razorpay-signature'];
        if (typeof signature !== 'string' || !deps.payments?.verifyWebhook(raw, signature)) {
          throw new AppError('VALIDATION', MSG.invalidWebhookSignature);
        }
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          throw new AppError('VALIDATION', MSG.invalidWebhookBody);
        }
        return { status: 'ok', outcome: await handleWebhook(deps, body) };
      });
    });
  };
}
