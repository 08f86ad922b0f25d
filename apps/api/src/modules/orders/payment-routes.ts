import { ORDER_MSG } from '@bagshop/shared/order-messages';
import { retryPaymentSchema, verifyPaymentSchema } from '@bagshop/shared/schemas/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { guardEveryRoute } from '../../platform/route-contract.ts';
import { retryOrderPayment } from '../payments/service.ts';
import { confirmOrderPayment } from './order-service.ts';

/** Card payments of orders (docs/product.md §4 Payment): verify, retry, verify the retry. */
export function orderPaymentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireUser);
    const tags = ['payments'];

    app.post('/verify-payment', { schema: { tags, body: verifyPaymentSchema } }, async (request) => ({
      status: 'success' as const,
      message: ORDER_MSG.paymentSuccessful,
      order: await confirmOrderPayment(deps, userOf(request).id, request.body),
    }));

    app.post('/retry-payment', { schema: { tags, body: retryPaymentSchema } }, async (request) =>
      retryOrderPayment(deps, userOf(request).id, request.body.orderId),
    );

    app.post('/verify-retry-payment', { schema: { tags, body: verifyPaymentSchema } }, async (request) => ({
      status: 'success' as const,
      message: ORDER_MSG.paymentSuccessful,
      order: await confirmOrderPayment(deps, userOf(request).id, request.body),
    }));
  };
}
