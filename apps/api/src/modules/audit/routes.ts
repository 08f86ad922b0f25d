import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';

/** The audit log of administrators' writes. */
export function auditRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', deps.guards.requireAdmin);
  };
}
