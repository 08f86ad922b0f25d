import { attentionAnswer } from '@bagshop/shared/schemas/attention';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { guardEveryRoute } from '../../platform/route-contract.ts';
import { listAttention } from './service.ts';

/** The dashboard's Attention panel (docs/decisions/046-attention.md). */
export function attentionRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireAdmin);
    app.get(
      '/attention',
      {
        schema: {
          tags: ['admin attention'],
          summary: 'The problems the owner must hear about while they last, oldest first; none when all is well',
          description:
            'Checked every minute: a failed or missing backup, mail failing for over an hour, a card refund refused ' +
            "three times, a scheduled job three periods late, the data folder's disk over 90 % full, and the " +
            "courier's tracking webhook refused five times in an hour. Each problem is mailed once to ALERT_EMAIL.",
          response: { 200: attentionAnswer },
        },
      },
      async () => listAttention(deps.readDb),
    );
  };
}
