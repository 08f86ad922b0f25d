import { MSG } from '@bagshop/shared/messages';
import {
  checkoutResultAnswer,
  razorpayWebhookBody,
  razorpayWebhookHeaders,
  sandboxCompleteSchema,
  webhookAnswer,
} from '@bagshop/shared/schemas/payments';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { errors } from '../../platform/route-contract.ts';
import { completeSandboxPayment, handleWebhook } from './service.ts';

/**
 * The webhook's body and signature header are documented by their schemas but checked by the handler: the signature
 * covers the exact bytes sent, so the body stays the raw string. The query string is still checked as everywhere.
 */
function documentedOnly<S>(route: FastifyRouteSchemaDef<S>) {
  if (route.httpPart === 'body' || route.httpPart === 'headers') return () => true;
  return validatorCompiler(route as unknown as FastifyRouteSchemaDef<z.ZodType>);
}

/** The sandbox checkout and the provider's webhook (docs/product.md §7.6); top-up orders are in top-up-routes.ts. */
export function paymentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['payments'];
    const signedIn = { onRequest: deps.guards.requireUser };

    app.post(
      '/payments/sandbox/complete',
      {
        ...signedIn,
        schema: {
          tags,
          summary: "The sandbox checkout's outcome for one of the shopper's provider orders",
          description:
            'Only in test mode (else 404). Success answers what the real checkout hands the browser; failure marks ' +
            'the provider order failed and answers 402 (the order stays Pending and can be retried).',
          body: sandboxCompleteSchema,
          response: { 200: checkoutResultAnswer, ...errors(404, 402, 409) },
        },
      },
      async (request) => completeSandboxPayment(deps, userOf(request).id, request.body),
    );

    // It declares what it consumes, so no default body schema is added to it (platform/bad-input.ts).
    const webhookSchema = {
      tags,
      summary: "Razorpay's payment events (payment.captured, payment.failed)",
      description:
        'The x-razorpay-signature header must be the HMAC of the exact body with the webhook secret, else 400. ' +
        'Settles the same way as the browser verification, idempotently: replays answer 200 and change nothing.',
      consumes: ['application/json'],
      headers: razorpayWebhookHeaders,
      body: razorpayWebhookBody,
      response: { 200: webhookAnswer },
    };
    await app.register(async (webhook) => {
      webhook.removeContentTypeParser('application/json');
      webhook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
        done(null, body),
      );
      webhook.post(
        '/payments/razorpay/webhook',
        { schema: webhookSchema, validatorCompiler: documentedOnly },
        async (request) => {
          const body: unknown = request.body;
          const raw = typeof body === 'string' ? body : '';
          const signature = request.headers['x-razorpay-signature'];
          if (typeof signature !== 'string' || !deps.payments?.verifyWebhook(raw, signature)) {
            throw new AppError('VALIDATION', MSG.invalidWebhookSignature);
          }
          let event: unknown;
          try {
            event = JSON.parse(raw);
          } catch {
            throw new AppError('VALIDATION', MSG.invalidWebhookBody);
          }
          return { status: 'ok' as const, outcome: await handleWebhook(deps, event) };
        },
      );
    });
  };
}
