import { toPaise, toRupees } from '@bagshop/shared/pricing/money';
import { paymentProviderParams } from '@bagshop/shared/schemas/payments';
import {
  razorpayKeyAnswer,
  topUpOrderAnswer,
  walletUpdateAnswer,
  walletUpdateSchema,
} from '@bagshop/shared/schemas/wallet';
import { topUpBodySchema } from '@bagshop/shared/schemas/wallet-top-up';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { errors, guardEveryRoute } from '../../platform/route-contract.ts';
import { cardPaymentKey, createTopUpOrder, creditVerifiedTopUp } from './service.ts';

/**
 * Adding money to the signed-in shopper's wallet (docs/product.md §7 Wallet): the provider's key, a provider order
 * for the amount, and the credit of a verified payment. They live with the payments module, which
 * alone talks to the provider and credits the wallet through the wallet's service (docs/architecture.md, "Layers").
 */
export function walletTopUpRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireUser);
    const tags = ['wallet'];

    app.get(
      '/wallet/razorpay-key',
      {
        schema: {
          tags,
          summary: "The card provider's public key id, for the browser's checkout",
          response: { 200: razorpayKeyAnswer, ...errors(409) },
        },
      },
      async () => ({ key: cardPaymentKey(deps) }),
    );

    // Two addresses for one call: the wallet screen's, and the provider-named one of docs/product.md §7.6.
    const topUpOrder = {
      schema: {
        tags,
        summary: 'A provider order to add money to the wallet',
        description: 'Rupees, ₹1 to ₹1,00,000 with at most two decimals; the wallet is credited only once paid.',
        body: topUpBodySchema,
        response: { 200: topUpOrderAnswer, ...errors(409, 502) },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    };
    app.post('/wallet/create-order', topUpOrder, async (request) =>
      createTopUpOrder(deps, userOf(request).id, toPaise(request.body.amount)),
    );
    app.post(
      '/user/payment/:provider/order',
      { ...topUpOrder, schema: { ...topUpOrder.schema, params: paymentProviderParams } },
      async (request) => createTopUpOrder(deps, userOf(request).id, toPaise(request.body.amount)),
    );

    app.post(
      '/wallet/update',
      {
        schema: {
          tags,
          summary: "Credit a paid top-up from the checkout's signed result",
          description:
            'The signature and the recorded provider order (this shopper, a top-up) are checked and its recorded ' +
            'amount is credited once; a replay of the same payment credits nothing and answers the balance.',
          body: walletUpdateSchema,
          response: { 200: walletUpdateAnswer },
        },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request) => {
        const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = request.body;
        const balancePaise = await creditVerifiedTopUp(deps, userOf(request).id, {
          razorpay_order_id,
          razorpay_payment_id,
          razorpay_signature,
        });
        return { status: 'success' as const, balance: toRupees(balancePaise) };
      },
    );
  };
}
