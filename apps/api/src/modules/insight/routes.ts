import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';

/** The dashboard and the sales report with its downloads. */
export function insightRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', deps.guards.requireAdmin);
  };
}
