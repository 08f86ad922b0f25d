import { ORDER_MSG } from '@bagshop/shared/order-messages';
import { cancelItemSchema, placeOrderSchema, returnRequestSchema } from '@bagshop/shared/schemas/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idParams } from '../../platform/path-params.ts';
import { guardEveryRoute } from '../../platform/route-contract.ts';
import { placeOrder } from '../../workflows/place-order/place-order.ts';
import { myOrders, orderFor } from './order-service.ts';
import { moveItem } from './order-transitions.ts';

const mineQuery = z.strictObject({ searchTerm: z.string().max(100).optional() });

/** The shopper's orders (docs/product.md §7 Orders): checkout, lists, details, cancel and return. */
export function orderRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireUser);
    const tags = ['orders'];

    app.post('/', { schema: { tags, body: placeOrderSchema } }, async (request, reply) =>
      reply.status(201).send(await placeOrder(deps, userOf(request).id, request.body)),
    );

    app.get('/mine', { schema: { tags, querystring: mineQuery } }, async (request) => ({
      orders: await myOrders(db, userOf(request).id, request.query.searchTerm),
    }));

    app.get('/pending/order-details/:id', { schema: { tags, params: idParams } }, async (request) => ({
      orders: [await orderFor(db, userOf(request), request.params.id)],
    }));

    app.get('/:id', { schema: { tags, params: idParams } }, async (request) => ({
      order: await orderFor(db, userOf(request), request.params.id),
    }));

    app.put('/cancel', { schema: { tags, body: cancelItemSchema } }, async (request) => {
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

    app.post('/return-request', { schema: { tags, body: returnRequestSchema } }, async (request) => {
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
