import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { wishlistAnswer, wishlistToggledAnswer, wishlistToggleSchema } from '@bagshop/shared/schemas/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { errors, guardEveryRoute } from '../../platform/route-contract.ts';
import { toggleWishlist, wishlistOf } from './service.ts';

/** The signed-in shopper's wishlist (docs/product.md §2 Shopping, §7). */
export function wishlistRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireUser);
    const tags = ['wishlist'];

    app.post(
      '/update-wishlist',
      {
        schema: {
          tags,
          summary: 'Add a product to the wishlist, or take it off',
          description: 'Toggles the product; 404 when it does not exist, 409 when it is not for sale.',
          body: wishlistToggleSchema,
          response: { 200: wishlistToggledAnswer, ...errors(404, 409) },
        },
      },
      async (request) => {
        const { added } = await toggleWishlist(db, userOf(request).id, request.body);
        return { message: added ? CATALOGUE_MSG.addedToWishlist : CATALOGUE_MSG.removedFromWishlist, added };
      },
    );

    app.get(
      '/get-wishlist',
      { schema: { tags, summary: "The shopper's wishlist", response: { 200: wishlistAnswer } } },
      async (request) => ({ wishlist: await wishlistOf(db, userOf(request).id) }),
    );
  };
}
