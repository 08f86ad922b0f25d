import { ORDER_MSG } from '@bagshop/shared/order-messages';
import {
  cancelItemSchema,
  codLinkConfirmedAnswer,
  confirmCodLinkSchema,
  confirmCodSchema,
  itemMovedAnswer,
  myOrdersQuerySchema,
  orderOnlyAnswer,
  ordersAnswer,
  placeOrderAnswer,
  placeOrderSchema,
  returnRequestSchema,
} from '@bagshop/shared/schemas/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idParams } from '../../platform/path-params.ts';
import { orderRateLimit, rateLimited } from '../../platform/rate-limits.ts';
import { errors, guardEveryRoute } from '../../platform/route-contract.ts';
import { placeOrder } from '../../workflows/place-order/place-order.ts';
import { confirmCodOrder, confirmCodOrderByLink } from './cod-confirmation.ts';
import { myOrders, orderFor } from './order-service.ts';
import { moveItem } from './order-transitions.ts';

/** The order mail's confirmation link: no sign-in, the token signed for one order is the proof. */
export function codConfirmLinkRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/confirm-cod-link',
      {
        schema: {
          tags: ['orders'],
          summary: 'Confirm a cash-on-delivery order from the link in its mail',
          description: 'The token is the one the order mail carries; a token not signed by this shop is a 400.',
          body: confirmCodLinkSchema,
          response: { 200: codLinkConfirmedAnswer, ...errors(404, 409, 429) },
        },
        preHandler: rateLimited(deps.db, 'codConfirmLink'),
      },
      async (request) => confirmCodOrderByLink(deps, request.body.token),
    );
  };
}

/** The shopper's orders (docs/product.md §7 Orders): checkout, lists, details, cancel and return. */
export function orderRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireUser);
    const tags = ['orders'];

    app.post(
      '/',
      {
        schema: {
          tags,
          summary: 'Place an order from the cart',
          description:
            'Every amount is computed on the server. A card order answers the provider checkout to open; it holds ' +
            'its stock and coupon until its payment window ends. Cash on delivery only up to ₹1,000, and for at most ' +
            'COD_OPEN_LIMIT (3) orders of the shopper not yet shipped; ORDER_RATE_LIMIT (10) orders per account in ' +
            'ten minutes.',
          body: placeOrderSchema,
          response: { 201: placeOrderAnswer, ...errors(404, 409, 429, 502) },
        },
        preHandler: orderRateLimit(db, deps.config.ORDER_RATE_LIMIT),
      },
      async (request, reply) => reply.status(201).send(await placeOrder(deps, userOf(request).id, request.body)),
    );

    app.get(
      '/mine',
      {
        schema: {
          tags,
          summary: "The shopper's orders, newest first",
          querystring: myOrdersQuerySchema,
          response: { 200: ordersAnswer },
        },
      },
      async (request) => ({
        orders: await myOrders(db, userOf(request).id, request.query.searchTerm),
      }),
    );

    app.get(
      '/pending/order-details/:id',
      {
        schema: {
          tags,
          summary: "One of the shopper's orders, as a list of one (payment screens)",
          params: idParams,
          response: { 200: ordersAnswer },
        },
      },
      async (request) => ({
        orders: [await orderFor(db, userOf(request), request.params.id)],
      }),
    );

    app.get(
      '/:id',
      {
        schema: { tags, summary: "One of the shopper's orders", params: idParams, response: { 200: orderOnlyAnswer } },
      },
      async (request) => ({
        order: await orderFor(db, userOf(request), request.params.id),
      }),
    );

    const cancelSchema = {
      tags,
      summary: 'Cancel an item of an order',
      description: 'Only a Pending item; a paid item is refunded to the wallet at once.',
      body: cancelItemSchema,
      response: { 200: itemMovedAnswer, ...errors(404, 409) },
    };
    app.put('/cancel', { schema: cancelSchema }, async (request) => {
      const { orderId, item, cancelReason } = request.body;
      const order = await moveItem(deps, {
        orderId,
        itemId: item,
        to: 'Cancelled',
        by: 'customer',
        reason: cancelReason,
        actorUserId: userOf(request).id,
      });
      return { message: ORDER_MSG.itemCancelled, order };
    });

    app.post(
      '/confirm-cod',
      {
        schema: {
          tags,
          summary: 'Confirm a cash-on-delivery order',
          description:
            'A cash-on-delivery order is cancelled unless its shopper confirms it within COD_CONFIRM_HOURS (24) of ' +
            'placing it. Confirming twice answers the order as it is; a cancelled one is a 409.',
          body: confirmCodSchema,
          response: { 200: itemMovedAnswer, ...errors(404, 409) },
        },
      },
      async (request) => ({
        message: ORDER_MSG.codConfirmed,
        order: await confirmCodOrder(db, userOf(request).id, request.body.orderId),
      }),
    );

    const returnSchema = {
      tags,
      summary: 'Ask to return a delivered item',
      description: 'Within 7 days of delivery; the administrator approves (refund to the wallet) or rejects it.',
      body: returnRequestSchema,
      response: { 200: itemMovedAnswer, ...errors(404, 409) },
    };
    app.post('/return-request', { schema: returnSchema }, async (request) => {
      const { orderId, item, returnReason } = request.body;
      const order = await moveItem(deps, {
        orderId,
        itemId: item,
        to: 'Return requested',
        by: 'customer',
        reason: returnReason,
        actorUserId: userOf(request).id,
      });
      return { message: ORDER_MSG.returnRequested, order };
    });
  };
}
