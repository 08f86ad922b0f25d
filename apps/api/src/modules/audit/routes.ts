import { auditListAnswer, auditQuerySchema } from '@bagshop/shared/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { guardEveryRoute } from '../../platform/route-contract.ts';
import { listAudit } from './service.ts';

/** The audit log of administrators' writes. */
export function auditRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireAdmin);

    app.get(
      '/',
      {
        schema: {
          tags: ['admin audit'],
          summary: "One page of the administrators' writes, newest first",
          description: 'Filter by administrator, kind and shop days (India), both dates inclusive.',
          querystring: auditQuerySchema,
          response: { 200: auditListAnswer },
        },
      },
      async (request) => listAudit(deps.db, request.query),
    );
  };
}
