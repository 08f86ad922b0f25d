import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { addToCartSchema, updateCartSchema } from '@bagshop/shared/schemas/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idParams } from '../../platform/path-params.ts';
import { guardEveryRoute } from '../../platform/route-contract.ts';
import { addToCart, cartOf, removeCartLine, updateCartLine } from './service.ts';

/** The signed-in shopper's cart (docs/product.md §2 Shopping, §5 Cart quantity, §7). */
export function cartRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireUser);
    const tags = ['cart'];

    app.post('/add-to-cart', { schema: { tags, body: addToCartSchema } }, async (request, reply) => {
      const cart = await addToCart(db, userOf(request).id, request.body.productId, request.body.qty);
      return reply.status(201).send({ message: CATALOGUE_MSG.addedToCart, cart });
    });

    app.post('/update-cart', { schema: { tags, body: updateCartSchema } }, async (request) => ({
      message: CATALOGUE_MSG.quantityUpdated,
      cart: await updateCartLine(db, userOf(request).id, request.body.cartId, request.body.qty),
    }));

    app.delete('/remove-cart/:id', { schema: { tags, params: idParams } }, async (request) => ({
      message: CATALOGUE_MSG.removedFromCart,
      cart: await removeCartLine(db, userOf(request).id, request.params.id),
    }));

    app.get('/cart', { schema: { tags } }, async (request) => cartOf(db, userOf(request).id));
  };
}
