import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { reviewSchema, shopQuerySchema } from '@bagshop/shared/schemas/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idParams } from '../../platform/path-params.ts';
import {
  newProducts,
  productDetail,
  productsByIds,
  relatedProducts,
  shopPage,
  topProducts,
} from './catalogue-service.ts';
import { addReview } from './reviews-service.ts';

const MAX_IDS = 50;
const idArrayQuery = z.strictObject({
  ids: z
    .string()
    .max(MAX_IDS * 40)
    .transform((v) =>
      v
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string()).max(MAX_IDS, { error: `At most ${MAX_IDS} products at a time` })),
});

/** The public shop: listing, search, home sections, product details and reviews (docs/product.md §2, §7). */
export function productStoreRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, guards } = deps;
  return async (app) => {
    const tags = ['products'];

    app.get('/shop-products', { schema: { tags, querystring: shopQuerySchema } }, async (request) => {
      const { keyword, search, ...rest } = request.query;
      return shopPage(db, { ...rest, keyword: keyword || search });
    });

    app.get('/new', { schema: { tags } }, async () => ({ all: await newProducts(db) }));

    app.get('/top', { schema: { tags } }, async () => ({ products: await topProducts(db) }));

    app.get('/related/:id', { schema: { tags, params: idParams } }, async (request) => ({
      products: await relatedProducts(db, request.params.id),
    }));

    app.get('/idarray', { schema: { tags, querystring: idArrayQuery } }, async (request) => ({
      products: await productsByIds(db, request.query.ids),
    }));

    app.get('/:id', { schema: { tags, params: idParams }, preHandler: guards.optionalUser }, async (request) => ({
      product: await productDetail(db, request.params.id, request.currentUser?.id),
    }));

    app.post(
      '/:id/reviews',
      { schema: { tags, params: idParams, body: reviewSchema }, preHandler: guards.requireUser },
      async (request, reply) => {
        const review = await addReview(db, userOf(request).id, request.params.id, request.body);
        return reply.status(201).send({ message: CATALOGUE_MSG.reviewAdded, review });
      },
    );
  };
}
