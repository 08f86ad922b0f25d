import { auditQuerySchema } from '@bagshop/shared/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { guardEveryRoute } from '../../platform/route-contract.ts';
import { listAudit } from './service.ts';

/** The audit log of administrators' writes. */
export function auditRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireAdmin);

    app.get('/', { schema: { tags: ['admin audit'], querystring: auditQuerySchema } }, async (request) =>
      listAudit(deps.db, request.query),
    );
  };
}
