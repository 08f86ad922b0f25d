import { codEligibilityAnswer, shippingEstimateAnswer, shippingEstimateQuery } from '@bagshop/shared/schemas/shipping';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { callerOf, spend } from '../../platform/rate-limits.ts';
import { errors } from '../../platform/route-contract.ts';
import { codEligibility, estimateFor } from './service.ts';

/** Delivery estimates and the shopper's cash-on-delivery standing (docs/decisions/039-shipping.md). */
export function deliveryRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['shipping'];

    app.get(
      '/shipping/estimate',
      {
        schema: {
          tags,
          summary: 'When a parcel sent today would arrive at a pincode, and whether cash on delivery is possible',
          description:
            "Dates are India dates counted from today with the courier's days; the courier's answer for a pincode is " +
            'kept for a day and shared by every shop process. 502 when the courier service cannot be asked; 429 after ' +
            '30 pincodes new to the courier in ten minutes from one address.',
          querystring: shippingEstimateQuery,
          response: { 200: shippingEstimateAnswer, ...errors(429, 502) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'public, max-age=600');
        return estimateFor(deps, request.query.pincode, async () => {
          await spend(deps.db, 'courierEstimate', callerOf(request));
        });
      },
    );

    app.get(
      '/user/cod-eligibility',
      {
        onRequest: deps.guards.requireUser,
        schema: {
          tags,
          summary: 'Whether the signed-in shopper may pay cash on delivery',
          description: `False, with the reason, after COD_RTO_LIMIT cash-on-delivery parcels came back undelivered in 180 days.`,
          response: { 200: codEligibilityAnswer },
        },
      },
      async (request) => codEligibility(deps.db, deps.config.COD_RTO_LIMIT, userOf(request).id),
    );
  };
}
