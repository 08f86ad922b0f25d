import { ORDER_MSG } from '@bagshop/shared/order-messages';
import {
  retryPaymentAnswer,
  retryPaymentSchema,
  type VerifyPaymentInput,
  verifyPaymentAnswer,
  verifyPaymentSchema,
} from '@bagshop/shared/schemas/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { errors, guardEveryRoute } from '../../platform/route-contract.ts';
import { retryOrderPayment } from '../payments/service.ts';
import { confirmOrderPayment } from './order-service.ts';

const verifyDescription =
  'The signature and the provider order (this order, this shopper, this amount) are checked; a replay answers ' +
  'success again. A payment that arrived after the order was cancelled or expired is refunded and answered 409.';

/** Card payments of orders (docs/product.md §4 Payment): verify, retry, verify the retry. */
export function orderPaymentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireUser);
    const tags = ['payments'];
    const verifyResponses = { 200: verifyPaymentAnswer, ...errors(404, 409, 502) };

    // A first payment and a retried one are confirmed alike; only their summaries differ.
    const verifyRoute = (summary: string) => ({
      schema: { tags, summary, description: verifyDescription, body: verifyPaymentSchema, response: verifyResponses },
    });
    const confirmed = async (userId: string, body: VerifyPaymentInput) => ({
      status: 'success' as const,
      message: ORDER_MSG.paymentSuccessful,
      order: await confirmOrderPayment(deps, userId, body),
    });

    app.post(
      '/verify-payment',
      verifyRoute("Confirm a card order's payment from the checkout's signed result"),
      async (request) => confirmed(userOf(request).id, request.body),
    );

    app.post(
      '/retry-payment',
      {
        schema: {
          tags,
          summary: 'A new provider checkout for a pending card order',
          description: 'Only while the order is Pending and inside its payment window; same final amount.',
          body: retryPaymentSchema,
          response: { 200: retryPaymentAnswer, ...errors(404, 409, 502) },
        },
      },
      async (request) => retryOrderPayment(deps, userOf(request).id, request.body.orderId),
    );

    app.post(
      '/verify-retry-payment',
      verifyRoute("Confirm a retried card payment from the checkout's signed result"),
      async (request) => confirmed(userOf(request).id, request.body),
    );
  };
}
