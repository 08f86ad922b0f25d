import {
  bulkShipAnswer,
  bulkShipSchema,
  createShipmentSchema,
  labelPdfAnswer,
  shipmentLabelsSchema,
  shipmentOnlyAnswer,
  shippingSettingsAnswer,
  shippingWebhookAnswer,
  shiprocketWebhookBody,
} from '@bagshop/shared/schemas/shipping';
import { SHIPPING_MSG } from '@bagshop/shared/shipping-messages';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idParams } from '../../platform/path-params.ts';
import { errors, guardEveryRoute } from '../../platform/route-contract.ts';
import {
  bookShipment,
  bookShipments,
  cancelShipment,
  checkWebhookToken,
  handleShippingWebhook,
  renderLabels,
} from './service.ts';

const sendPdf = (reply: FastifyReply, filename: string, pdf: Buffer) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    // The document describes the PDF as a binary string; Fastify sends the bytes as they are.
    .send(pdf as unknown as string);

/** The courier's tracking webhook (docs/decisions/039-shipping.md). */
export function shippingWebhookRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['shipping'];

    const webhookHeaders = z.object({
      'x-api-key': z.string().max(200).optional().meta({ description: 'SHIPROCKET_WEBHOOK_TOKEN' }),
    });
    app.post(
      '/shipping/webhook',
      {
        onRequest: async (request) => {
          const key = request.headers['x-api-key'];
          await checkWebhookToken(deps, typeof key === 'string' ? key : undefined);
        },
        schema: {
          tags,
          summary: "Shiprocket's tracking webhook",
          description:
            'The x-api-key header must be SHIPROCKET_WEBHOOK_TOKEN (compared in constant time), else 401. The parcel ' +
            'moves only forward: a replayed or late event is kept in the timeline once and moves nothing back. An AWB ' +
            'the shop did not book is answered 200 and ignored.',
          headers: webhookHeaders,
          body: shiprocketWebhookBody,
          response: { 200: shippingWebhookAnswer, ...errors(401) },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        outcome: await handleShippingWebhook(deps, request.body as Record<string, unknown>),
      }),
    );
  };
}

/** The admin desk's shipments: booking, labels, cancelling (docs/decisions/039-shipping.md). */
export function adminShipmentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireAdmin);
    const tags = ['admin shipments'];

    app.get(
      '/shipping',
      {
        schema: {
          tags,
          summary: 'Who books the shop’s parcels, and from which pincode',
          response: { 200: shippingSettingsAnswer },
        },
      },
      async () => ({ provider: deps.shipping.name, sellerPincode: deps.config.SELLER_PINCODE }),
    );

    app.post(
      '/shipments',
      {
        schema: {
          tags,
          summary: "Book one parcel for an order's Pending items, exactly once",
          description:
            'Shiprocket: creates the order, assigns the AWB, generates the label, schedules the pickup. Manual: takes ' +
            'the courier and AWB typed. The same request again (double click, retry, another process) answers the ' +
            'same shipment. 409 for a cash-on-delivery order still waiting for the shopper’s confirmation (nothing ' +
            'is sent to the courier) or with nothing to ship; 502 when the courier service fails or refuses.',
          body: createShipmentSchema,
          response: { 200: shipmentOnlyAnswer, 201: shipmentOnlyAnswer, ...errors(404, 409, 502) },
        },
      },
      async (request, reply) => {
        const { shipment, created } = await bookShipment(deps, userOf(request).id, request.body);
        return reply.code(created ? 201 : 200).send({ message: SHIPPING_MSG.shipmentBooked, shipment });
      },
    );

    app.post(
      '/shipments/bulk',
      {
        schema: {
          tags,
          summary: 'Book a parcel for each of several orders',
          description: 'Each order on its own, with the recommended courier: the answer says per order what happened.',
          body: bulkShipSchema,
          response: { 200: bulkShipAnswer },
        },
      },
      async (request) => bookShipments(deps, userOf(request).id, request.body.orderIds),
    );

    app.post(
      '/shipments/labels',
      {
        schema: {
          tags,
          summary: 'The labels of several shipments as one PDF, one page each',
          body: shipmentLabelsSchema,
          response: { 200: labelPdfAnswer, ...errors(404) },
        },
      },
      async (request, reply) =>
        sendPdf(reply, 'labels.pdf', await renderLabels(deps.db, deps.config, request.body.shipmentIds)),
    );

    app.get(
      '/shipments/:id/label',
      {
        schema: {
          tags,
          summary: "A shipment's label as a PDF",
          description: 'Courier, AWB, both addresses, what to collect, the order number and the invoice number.',
          params: idParams,
          response: { 200: labelPdfAnswer, ...errors(404) },
        },
      },
      async (request, reply) =>
        sendPdf(reply, `label-${request.params.id}.pdf`, await renderLabels(deps.db, deps.config, [request.params.id])),
    );

    app.post(
      '/shipments/:id/cancel',
      {
        schema: {
          tags,
          summary: 'Cancel a shipment the courier has not picked up',
          description: 'Its items go back to Pending; 409 once the courier has it.',
          params: idParams,
          response: { 200: shipmentOnlyAnswer, ...errors(404, 409, 502) },
        },
      },
      async (request) => ({
        message: SHIPPING_MSG.shipmentCancelled,
        shipment: await cancelShipment(deps, userOf(request).id, request.params.id),
      }),
    );
  };
}
