import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { walletOf } from './service.ts';

/** The signed-in shopper's wallet (spec §7 Wallet); top-up orders go through the payments module. */
export function walletRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', deps.guards.requireUser);
    const tags = ['wallet'];

    app.get('/razorpay-key', { schema: { tags } }, async () => ({ key: deps.payments.keyId }));

    app.get('/wallet', { schema: { tags } }, async (request) => walletOf(deps.db, userOf(request).id));
  };
}
