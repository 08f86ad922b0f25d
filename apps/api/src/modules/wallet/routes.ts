import { toPaise, toRupees } from '@bagshop/shared/pricing/money';
import { listQuerySchema } from '@bagshop/shared/schemas/account';
import { topUpBodySchema } from '@bagshop/shared/schemas/wallet-top-up';
import { WALLET_MSG } from '@bagshop/shared/wallet-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { cardProvider } from '../../platform/payments/card-payments.ts';
import { createTopUpOrder, creditVerifiedTopUp } from '../payments/service.ts';
import { getWalletTransaction, listWalletTransactions } from './admin-ledger.ts';
import { walletOf } from './service.ts';

const signed = z.string({ error: WALLET_MSG.updateFailed }).min(1, { error: WALLET_MSG.updateFailed }).max(200);

/** The amount the browser may still send is ignored: the recorded provider order decides what is credited. */
const updateBody = z.strictObject({
  razorpay_order_id: signed,
  razorpay_payment_id: signed,
  razorpay_signature: signed,
  amount: z.unknown().optional(),
});

const transactionParams = z.strictObject({ transactionId: z.string().max(100) });

/** The signed-in shopper's wallet and its top-up (docs/product.md §7 Wallet), and the administrator's ledger view. */
export function walletRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', deps.guards.requireUser);
    const tags = ['wallet'];
    const admin = { preHandler: deps.guards.requireAdmin };

    app.get('/razorpay-key', { schema: { tags } }, async () => ({ key: cardProvider(deps.payments).keyId }));

    app.get('/wallet', { schema: { tags } }, async (request) => walletOf(deps.db, userOf(request).id));

    app.post(
      '/create-order',
      {
        schema: { tags, body: topUpBodySchema },
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (request) => createTopUpOrder(deps, userOf(request).id, toPaise(request.body.amount)),
    );

    app.post(
      '/update',
      { schema: { tags, body: updateBody }, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
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

    app.get('/admin/wallets', { ...admin, schema: { tags, querystring: listQuerySchema } }, async (request) =>
      listWalletTransactions(deps.db, request.query),
    );

    app.get(
      '/admin/wallets/edit/:transactionId',
      { ...admin, schema: { tags, params: transactionParams } },
      async (request) => ({
        transaction: await getWalletTransaction(deps.db, request.params.transactionId),
      }),
    );
  };
}
