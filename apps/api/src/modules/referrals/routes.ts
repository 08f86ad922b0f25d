import { referralCodeAnswer, referralsAnswer } from '@bagshop/shared/schemas/referrals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { guardEveryRoute } from '../../platform/route-contract.ts';
import { referralCodeFor, referralDetails } from './service.ts';

/** The signed-in user's referral code, earnings and referred users (docs/product.md §2 Referral details). */
export function referralRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireUser);
    const tags = ['referrals'];

    app.post(
      '/account/referrals/referral-code',
      {
        schema: {
          tags,
          summary: "The signed-in user's referral code, made on the first call",
          response: { 200: referralCodeAnswer },
        },
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (request) => ({ referralCode: await referralCodeFor(deps.db, userOf(request).id) }),
    );

    app.get(
      '/account/referrals',
      {
        schema: {
          tags,
          summary: "The signed-in user's referral code, earnings and referred users",
          response: { 200: referralsAnswer },
        },
      },
      async (request) => ({ referrals: await referralDetails(deps.db, userOf(request).id) }),
    );
  };
}
