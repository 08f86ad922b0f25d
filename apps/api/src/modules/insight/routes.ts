import { insightQuerySchema, reportDownloadQuerySchema, salesReportQuerySchema } from '@bagshop/shared/insight';
import { dashboardAnswer, reportFileAnswer, salesReportAnswer } from '@bagshop/shared/insight-types';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { guardEveryRoute } from '../../platform/route-contract.ts';
import { createReportThread } from './downloads/report-thread.ts';
import { getDashboard, getSalesReport, getSalesReportPage } from './service.ts';

/** The dashboard and the sales report with its downloads. */
export function insightRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireAdmin);
    const files = createReportThread();
    app.addHook('onClose', () => files.close());
    const tags = ['admin insight'];

    app.get(
      '/dashboard',
      {
        schema: {
          tags,
          summary: "The dashboard: the period's sales cards, charts, top sellers and RTO rate",
          querystring: insightQuerySchema,
          response: { 200: dashboardAnswer },
        },
      },
      async (request) => getDashboard(deps.readDb, request.query),
    );

    app.get(
      '/sales-report',
      {
        schema: {
          tags,
          summary: 'The sales report: products and totals in full, the paid orders one page at a time',
          querystring: salesReportQuerySchema,
          response: { 200: salesReportAnswer },
        },
      },
      async (request) => {
        // Whoever reads the report on screen may well download it next.
        files.warm();
        return getSalesReportPage(deps.readDb, request.query);
      },
    );

    app.get(
      '/sales-report/download',
      {
        schema: {
          tags,
          summary: 'The sales report as a PDF, XLSX or CSV file',
          querystring: reportDownloadQuerySchema,
          response: { 200: reportFileAnswer },
        },
      },
      async (request, reply) => {
        const { format, ...period } = request.query;
        const report = await getSalesReport(deps.readDb, period);
        const file = await files.build(report, format, deps.config.SELLER_NAME);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(file.body);
      },
    );
  };
}
