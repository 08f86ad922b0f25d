import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';

/** The administrators' inbox of Contact page messages. */
export function contactInboxRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', deps.guards.requireAdmin);
  };
}
