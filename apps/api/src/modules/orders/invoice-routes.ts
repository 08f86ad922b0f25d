import { invoicePdfAnswer } from '@bagshop/shared/schemas/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idAndNoteParams, idParams } from '../../platform/path-params.ts';
import { errors } from '../../platform/route-contract.ts';
import { loadCreditNote, renderCreditNotePdf } from './credit-note.ts';
import { loadInvoice, renderInvoicePdf, sellerOf } from './invoice.ts';

/** GST invoice and credit notes of an order as PDFs, for its owner or an administrator. */
export function invoiceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/:id/invoice',
      {
        schema: {
          tags: ['orders'],
          summary: "An order's GST invoice as a PDF",
          description:
            "For the order's owner or an administrator (anyone else gets 404); 409 while it cannot be issued yet.",
          params: idParams,
          response: { 200: invoicePdfAnswer, ...errors(409) },
        },
        onRequest: deps.guards.requireUser,
      },
      async (request, reply) => {
        const invoice = await loadInvoice(deps.db, userOf(request), request.params.id, deps.config.SELLER_STATE);
        const pdf = await renderInvoicePdf(sellerOf(deps.config), invoice);
        return (
          reply
            .type('application/pdf')
            .header('content-disposition', `inline; filename="invoice-${invoice.orderNumber}.pdf"`)
            .header('cache-control', 'private, no-store')
            // The document describes the PDF as a binary string; Fastify sends the bytes as they are.
            .send(pdf as unknown as string)
        );
      },
    );

    app.get(
      '/:id/credit-notes/:noteId',
      {
        schema: {
          tags: ['orders'],
          summary: 'A credit note of an order as a PDF',
          description: "For the order's owner or an administrator; anyone else, or a note of another order, gets 404.",
          params: idAndNoteParams,
          response: { 200: invoicePdfAnswer, ...errors() },
        },
        onRequest: deps.guards.requireUser,
      },
      async (request, reply) => {
        const note = await loadCreditNote(
          deps.db,
          userOf(request),
          request.params.id,
          request.params.noteId,
          deps.config.SELLER_STATE,
        );
        const pdf = await renderCreditNotePdf(sellerOf(deps.config), note);
        const fileName = `credit-note-${note.number.replaceAll('/', '-')}.pdf`;
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf as unknown as string);
      },
    );
  };
}
