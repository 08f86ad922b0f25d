import { toPaise, toRupees } from '@bagshop/shared/pricing/money';
import { listQuerySchema } from '@bagshop/shared/schemas/account';
import {
  adminWalletListAnswer,
  adminWalletTransactionDetailAnswer,
  razorpayKeyAnswer,
  topUpOrderAnswer,
  walletAnswer,
  walletTransactionParams,
  walletUpdateAnswer,
  walletUpdateSchema,
} from '@bagshop/shared/schemas/wallet';
import { topUpBodySchema } from '@bagshop/shared/schemas/wallet-top-up';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { errors, guardEveryRoute } from '../../platform/route-contract.ts';
import { cardPaymentKey, createTopUpOrder, creditVerifiedTopUp } from '../payments/service.ts';
import { getWalletTransaction, listWalletTransactions } from './admin-ledger.ts';
import { walletOf } from './service.ts';

/** The signed-in shopper's wallet and its top-up (docs/product.md §7 Wallet), and the administrator's ledger view. */
export function walletRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireUser);
    const tags = ['wallet'];
    const admin = { preHandler: deps.guards.requireAdmin };

    app.get(
      '/razorpay-key',
      {
        schema: {
          tags,
          summary: "The card provider's public key id, for the browser's checkout",
          response: { 200: razorpayKeyAnswer, ...errors(409) },
        },
      },
      async () => ({ key: cardPaymentKey(deps) }),
    );

    app.get(
      '/wallet',
      {
        schema: { tags, summary: "The shopper's balance and latest wallet movements", response: { 200: walletAnswer } },
      },
      async (request) => walletOf(deps.db, userOf(request).id),
    );

    app.post(
      '/create-order',
      {
        schema: {
          tags,
          summary: 'A provider order to add money to the wallet',
          description: 'Rupees, ₹1 to ₹1,00,000 with at most two decimals; the wallet is credited only once paid.',
          body: topUpBodySchema,
          response: { 200: topUpOrderAnswer, ...errors(409, 502) },
        },
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (request) => createTopUpOrder(deps, userOf(request).id, toPaise(request.body.amount)),
    );

    app.post(
      '/update',
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

    app.get(
      '/admin/wallets',
      {
        ...admin,
        schema: {
          tags,
          summary: "One page of every wallet's ledger rows, newest first",
          description: 'keyword matches the user name or email, or the description.',
          querystring: listQuerySchema,
          response: { 200: adminWalletListAnswer },
        },
      },
      async (request) => listWalletTransactions(deps.db, request.query),
    );

    app.get(
      '/admin/wallets/edit/:transactionId',
      {
        ...admin,
        schema: {
          tags,
          summary: 'One ledger row',
          params: walletTransactionParams,
          response: { 200: adminWalletTransactionDetailAnswer },
        },
      },
      async (request) => ({
        transaction: await getWalletTransaction(deps.db, request.params.transactionId),
      }),
    );
  };
}
