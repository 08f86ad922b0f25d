import {
  gstFileAnswer,
  gstPeriodQuery,
  gstRegistersQuery,
  gstr1Query,
  gstSummaryAnswer,
} from '@bagshop/shared/schemas/gst';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { guardEveryRoute } from '../../platform/route-contract.ts';
import { type GstFile, getGstSummary, gstr1File, registersFile } from './service.ts';

/** GST returns for the administrator (docs/decisions/042-gst-on-what-is-paid.md): GSTR-1 and the registers. */
export function gstReturnRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireAdmin);
    const tags = ['admin gst'];
    const sendFile = (reply: FastifyReply, file: GstFile) =>
      reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);

    app.get(
      '/gst/summary',
      {
        schema: {
          tags,
          summary: "A return period's GSTR-1 sections with the registers they add up to",
          querystring: gstPeriodQuery,
          response: { 200: gstSummaryAnswer },
        },
      },
      async (request) => getGstSummary(deps.readDb, deps.config, request.query.period),
    );

    app.get(
      '/gst/gstr1',
      {
        schema: {
          tags,
          summary: 'GSTR-1 of a month or quarter: the GST portal JSON, or the offline tool sheets as CSV (ZIP) or XLSX',
          querystring: gstr1Query,
          response: { 200: gstFileAnswer },
        },
      },
      async (request, reply) =>
        sendFile(reply, await gstr1File(deps.readDb, deps.config, request.query.period, request.query.format)),
    );

    app.get(
      '/gst/registers',
      {
        schema: {
          tags,
          summary: 'The sales register and the credit note register of a period, as CSV (ZIP) or XLSX',
          querystring: gstRegistersQuery,
          response: { 200: gstFileAnswer },
        },
      },
      async (request, reply) =>
        sendFile(reply, await registersFile(deps.readDb, deps.config, request.query.period, request.query.format)),
    );
  };
}
