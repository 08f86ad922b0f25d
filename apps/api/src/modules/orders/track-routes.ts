import { trackAnswer, trackQuery } from '@bagshop/shared/schemas/shipping';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { rateLimited } from '../../platform/rate-limits.ts';
import { errors } from '../../platform/route-contract.ts';
import { trackOrder } from './track.ts';

/** The public /track page's lookup: no sign-in, the order number and its contact are the proof. */
export function trackRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/track',
      {
        schema: {
          tags: ['orders'],
          summary: "An order's parcels, by its number and the email or phone it was placed with",
          description:
            'Only the order number and its shipments (courier, AWB, status, expected date, events oldest first); ' +
            'cancelled bookings left out. The contact is the email of the account that placed the order (any case), ' +
            "or its phone or the delivery address's phone, with or without +91 or 0. An unknown order and a wrong " +
            'contact are the same 404; 30 lookups per address in 10 minutes.',
          querystring: trackQuery,
          response: { 200: trackAnswer, ...errors(404, 429) },
        },
        preHandler: rateLimited(deps.db, 'track'),
      },
      async (request) => trackOrder(deps.db, request.query),
    );
  };
}
