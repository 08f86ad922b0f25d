import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import {
  newProductsAnswer,
  oneProductAnswer,
  productCardPageAnswer,
  productIdsQuerySchema,
  productsAnswer,
  productsByIdAnswer,
  reviewAddedAnswer,
  reviewSchema,
  shopQuerySchema,
} from '@bagshop/shared/schemas/catalogue';
import { suggestAnswer, suggestQuerySchema } from '@bagshop/shared/schemas/search';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idParams } from '../../platform/path-params.ts';
import { errors } from '../../platform/route-contract.ts';
import {
  countCachedNoResult,
  newProducts,
  productDetail,
  productsByIds,
  relatedProducts,
  shopPage,
  topProducts,
} from './catalogue-service.ts';
import { addReview } from './reviews-service.ts';
import { suggestions } from './suggest-service.ts';

/** A count of a search that found nothing could not be written: the shopper's answer is not affected. */
const countFailed = (request: FastifyRequest) => (error: unknown) =>
  request.log.warn({ err: error }, 'a search that found nothing was not counted');

/** The public shop: listing, search, home sections, product details and reviews (docs/product.md §2, §7). */
export function productStoreRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, catalogueDb, guards } = deps;
  return async (app) => {
    const tags = ['products'];
    /** Shop pages whose handler ran; the others were answered from the response cache. */
    const answeredFresh = new WeakSet<FastifyRequest>();

    app.get(
      '/shop-products',
      {
        config: { responseCache: { unorderedQueryArrays: true } },
        // A page answered from the response cache still counts a search that found nothing (decision 048).
        onResponse: async (request, reply) => {
          if (answeredFresh.has(request) || (reply.statusCode !== 200 && reply.statusCode !== 304)) return;
          countCachedNoResult(catalogueDb, request.query, countFailed(request));
        },
        schema: {
          tags,
          summary: 'One page of the shop',
          description:
            'Products for sale, 12 a page, filtered by keyword, categories, colours and price after offers, sorted.',
          querystring: shopQuerySchema,
          response: { 200: productCardPageAnswer },
        },
      },
      async (request) => {
        answeredFresh.add(request);
        const { keyword, search, ...rest } = request.query;
        return shopPage(catalogueDb, { ...rest, keyword: keyword || search }, countFailed(request));
      },
    );

    app.get(
      '/suggest',
      {
        config: { responseCache: {} },
        schema: {
          tags,
          summary: 'Suggestions as the shopper types',
          description:
            'Up to 8 in all: categories for sale (at most 3) whose name has the text, then names of products for ' +
            'sale with a word starting with it, best sellers first; nothing under 2 characters.',
          querystring: suggestQuerySchema,
          response: { 200: suggestAnswer },
        },
      },
      async (request) => ({ suggestions: await suggestions(catalogueDb, request.query.q) }),
    );

    app.get(
      '/new',
      {
        config: { responseCache: {} },
        schema: { tags, summary: 'The newest products for sale', response: { 200: newProductsAnswer } },
      },
      async () => ({ all: await newProducts(catalogueDb) }),
    );

    app.get(
      '/top',
      {
        config: { responseCache: {} },
        schema: { tags, summary: 'The best rated products for sale', response: { 200: productsAnswer } },
      },
      async () => ({ products: await topProducts(catalogueDb) }),
    );

    app.get(
      '/related/:id',
      {
        config: { responseCache: {} },
        schema: {
          tags,
          summary: 'Products for sale from the same category',
          params: idParams,
          response: { 200: productsAnswer },
        },
      },
      async (request) => ({ products: await relatedProducts(catalogueDb, request.params.id) }),
    );

    app.get(
      '/idarray',
      {
        config: { responseCache: {} },
        schema: {
          tags,
          summary: 'Products by id, in the order asked',
          description: 'Up to 50 comma-separated ids; unknown or deleted ids are left out.',
          querystring: productIdsQuerySchema,
          response: { 200: productsByIdAnswer },
        },
      },
      async (request) => ({ products: await productsByIds(catalogueDb, request.query.ids) }),
    );

    app.get(
      '/:id',
      {
        config: { responseCache: { anonymousOnly: true } },
        schema: {
          tags,
          summary: 'One product with its reviews',
          description: 'A blocked product is still shown, marked unavailable; `reviewedByMe` only when signed in.',
          params: idParams,
          response: { 200: oneProductAnswer },
        },
        onRequest: guards.optionalUser,
      },
      // A signed-in shopper's details say whether they reviewed it: read where their review was written.
      async (request) => ({
        product: await productDetail(
          request.currentUser ? db : catalogueDb,
          request.params.id,
          request.currentUser?.id,
        ),
      }),
    );

    app.post(
      '/:id/reviews',
      {
        schema: {
          tags,
          summary: 'Review a product',
          description: 'One review per shopper and product (409 for a second one).',
          params: idParams,
          body: reviewSchema,
          response: { 201: reviewAddedAnswer, ...errors(409) },
        },
        onRequest: guards.requireUser,
      },
      async (request, reply) => {
        const review = await addReview(db, userOf(request).id, request.params.id, request.body);
        return reply.status(201).send({ message: CATALOGUE_MSG.reviewAdded, review });
      },
    );
  };
}
