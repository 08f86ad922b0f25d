import { insightQuerySchema } from '@bagshop/shared/insight';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { getDashboard, getSalesReport } from './service.ts';

/** The dashboard and the sales report with its downloads. */
export function insightRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', deps.guards.requireAdmin);
    const tags = ['admin insight'];

    app.get('/dashboard', { schema: { tags, querystring: insightQuerySchema } }, async (request) =>
      getDashboard(deps.db, request.query),
    );

    app.get('/sales-report', { schema: { tags, querystring: insightQuerySchema } }, async (request) =>
      getSalesReport(deps.db, request.query),
    );
  };
}
