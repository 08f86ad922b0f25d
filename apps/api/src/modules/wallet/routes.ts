import { adminWalletListQuery } from '@bagshop/shared/schemas/admin-lists';
import {
  adminWalletListAnswer,
  adminWalletTransactionDetailAnswer,
  walletAnswer,
  walletTransactionParams,
} from '@bagshop/shared/schemas/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { guardEveryRoute } from '../../platform/route-contract.ts';
import { getWalletTransaction, listWalletTransactions } from './admin-ledger.ts';
import { walletOf } from './service.ts';

/**
 * The signed-in shopper's wallet (docs/product.md §7 Wallet) and the administrator's ledger view. Adding money is the
 * payments module's (modules/payments/top-up-routes.ts), at /api/wallet/… as before.
 */
export function walletRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireUser);
    const tags = ['wallet'];
    const admin = { onRequest: deps.guards.requireAdmin };

    app.get(
      '/wallet',
      {
        schema: { tags, summary: "The shopper's balance and latest wallet movements", response: { 200: walletAnswer } },
      },
      async (request) => walletOf(deps.db, userOf(request).id),
    );

    app.get(
      '/admin/wallets',
      {
        ...admin,
        schema: {
          tags,
          summary: "One page of every wallet's ledger rows, newest first",
          description: 'keyword matches the user name or email, or the description.',
          querystring: adminWalletListQuery,
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
