import { IMPORT_REPORT_CSV_HEADER } from '@bagshop/shared/catalogue-import';
import { csvFileAnswer } from '@bagshop/shared/schemas/admin-lists';
import { catalogueImportForm, importJobAnswer, shopifyExportQuery } from '@bagshop/shared/schemas/catalogue-import';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import { sendCsv } from '../../platform/csv-export.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idParams } from '../../platform/path-params.ts';
import { publicOrigin } from '../../platform/public-origin.ts';
import { errors, guardEveryRoute } from '../../platform/route-contract.ts';
import {
  findImportJob,
  importReportCsvRows,
  readImportForm,
  SHOPIFY_EXPORT_HEADER,
  shopifyExportRows,
  startImport,
} from './service.ts';

/** The catalogue import and the Shopify export (docs/decisions/053-catalogue-import.md), administrators only. */
export function catalogueImportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const importDeps = { db, storage: deps.storage, pictures: deps.remotePictures, config: deps.config };
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireAdmin);
    const tags = ['admin products'];

    app.post(
      '/products/import',
      {
        config: { multipartBody: catalogueImportForm },
        schema: {
          tags,
          summary: 'Import products from a Shopify product CSV or an XLSX workbook',
          description:
            'Multipart: `file`, optional `images` (a ZIP of pictures by the names Image Src gives), `dryRun` ' +
            '(default true: report what would happen, change nothing), `skipInvalid`, `compareAtOffers`, ' +
            '`createCategories`, `defaultSize`. Each handle and colour is one product, matched by SKU, else by ' +
            'handle and colour. Answers 202 with the import, which runs on: follow it at GET /api/admin/imports/{id}. ' +
            'Applying writes everything in one transaction, or nothing.',
          consumes: ['multipart/form-data'],
          response: { 202: importJobAnswer, ...errors(413, 415) },
        },
      },
      async (request, reply) => {
        const upload = await readImportForm(request);
        const job = await startImport(importDeps, userOf(request).id, upload, (error) =>
          request.log.error({ err: error }, 'catalogue import failed'),
        );
        return reply.status(202).send(job);
      },
    );

    app.get(
      '/imports/:id',
      {
        schema: {
          tags,
          summary: 'An import: its progress while it runs, then its report',
          description:
            '`processed` of `total` sheet rows while running; when done, `result` says product by product what was ' +
            '(or, for a dry run, would be) created, updated (with the fields), unchanged, or refused and why.',
          params: idParams,
          response: { 200: importJobAnswer, ...errors(404) },
        },
      },
      async (request) => findImportJob(db, request.params.id),
    );

    app.get(
      '/imports/:id/report.csv',
      {
        schema: {
          tags,
          summary: "An import's report as a CSV file",
          description: 'A line for each problem (row, column, message), and one for each product without.',
          params: idParams,
          response: { 200: csvFileAnswer, ...errors(404) },
        },
      },
      async (request, reply) => {
        const job = await findImportJob(db, request.params.id);
        return sendCsv(reply, 'import-report.csv', IMPORT_REPORT_CSV_HEADER, importReportCsvRows(job));
      },
    );

    app.get(
      '/products/export',
      {
        schema: {
          tags,
          summary: "Every product in Shopify's product CSV columns",
          description:
            'Grouped by handle (the one a product was imported under, else its id), each colour a variant with its ' +
            'pictures; importing the file back changes nothing.',
          querystring: shopifyExportQuery,
          response: { 200: csvFileAnswer },
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          'products-shopify.csv',
          SHOPIFY_EXPORT_HEADER,
          shopifyExportRows(db, publicOrigin(deps.config, request)),
        ),
    );
  };
}
