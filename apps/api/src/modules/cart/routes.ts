import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { addToCartSchema, cartAnswer, cartChangedAnswer, updateCartSchema } from '@bagshop/shared/schemas/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idParams } from '../../platform/path-params.ts';
import { errors, guardEveryRoute } from '../../platform/route-contract.ts';
import { addToCart, cartDepsOf, cartOf, removeCartLine, updateCartLine } from './service.ts';

/** The signed-in shopper's cart (docs/product.md §2 Shopping, §5 Cart quantity, §7). */
export function cartRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const cartDeps = cartDepsOf(deps);
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireUser);
    const tags = ['cart'];

    app.post(
      '/add-to-cart',
      {
        schema: {
          tags,
          summary: 'Put a product in the cart',
          description:
            'Adds to the line of that product if there is one; at most 5 units a line and no more than the stock ' +
            '(409), 404 for an unknown product. Answers the priced cart.',
          body: addToCartSchema,
          response: { 201: cartChangedAnswer, ...errors(404, 409) },
        },
      },
      async (request, reply) => {
        const cart = await addToCart(cartDeps, userOf(request).id, request.body.productId, request.body.qty);
        return reply.status(201).send({ message: CATALOGUE_MSG.addedToCart, cart });
      },
    );

    app.post(
      '/update-cart',
      {
        schema: {
          tags,
          summary: "Change a cart line's quantity",
          description: 'At most 5 units a line and no more than the stock (409); 404 for a line not in this cart.',
          body: updateCartSchema,
          response: { 200: cartChangedAnswer, ...errors(404, 409) },
        },
      },
      async (request) => ({
        message: CATALOGUE_MSG.quantityUpdated,
        cart: await updateCartLine(cartDeps, userOf(request).id, request.body.cartId, request.body.qty),
      }),
    );

    app.delete(
      '/remove-cart/:id',
      {
        schema: { tags, summary: 'Remove a cart line', params: idParams, response: { 200: cartChangedAnswer } },
      },
      async (request) => ({
        message: CATALOGUE_MSG.removedFromCart,
        cart: await removeCartLine(cartDeps, userOf(request).id, request.params.id),
      }),
    );

    app.get(
      '/cart',
      {
        schema: {
          tags,
          summary: "The shopper's cart, priced by the server",
          description: 'Lines no longer for sale are shown but not counted; the coupon counts only while it applies.',
          response: { 200: cartAnswer },
        },
      },
      async (request) => cartOf(cartDeps, userOf(request).id),
    );
  };
}
