import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { adminOfferListQuery } from '@bagshop/shared/schemas/admin-lists';
import { messageAnswer } from '@bagshop/shared/schemas/answers';
import {
  offerChangedAnswer,
  offerListAnswer,
  offerSchema,
  offersAnswer,
  oneOfferAnswer,
  priceRoundingAnswer,
  priceRoundingChangedAnswer,
  priceRoundingSchema,
} from '@bagshop/shared/schemas/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idParams } from '../../platform/path-params.ts';
import { guardEveryRoute } from '../../platform/route-contract.ts';
import { getPriceRounding, setPriceRounding } from './price-rounding.ts';
import {
  createOffer,
  deleteOffer,
  getOffer,
  listOffers,
  toggleOfferBlock,
  updateOffer,
  usableOffers,
} from './service.ts';

/** The administrator's offers (docs/product.md §7 "Offers, admin"); percent discounts on products or categories. */
export function offerRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireAdmin);
    const tags = ['admin offers'];
    const deleted = messageAnswer.meta({ examples: [{ message: CATALOGUE_MSG.deleted }] });

    app.post(
      '/offers/add',
      {
        schema: {
          tags,
          summary: 'Create an offer',
          description: 'A percent discount for products or for categories, between its activation and expiry.',
          body: offerSchema,
          response: { 201: offerChangedAnswer },
        },
      },
      async (request, reply) => {
        const offer = await createOffer(db, userOf(request).id, request.body);
        return reply.status(201).send({ message: CATALOGUE_MSG.offerCreated, offer });
      },
    );

    app.get(
      '/offers',
      {
        schema: {
          tags,
          summary: 'One page of offers (administrator)',
          querystring: adminOfferListQuery,
          response: { 200: offerListAnswer },
        },
      },
      async (request) => listOffers(db, request.query),
    );

    app.get(
      '/offers/:id',
      { schema: { tags, summary: 'One offer', params: idParams, response: { 200: oneOfferAnswer } } },
      async (request) => ({
        offer: await getOffer(db, request.params.id),
      }),
    );

    app.put(
      '/offers/edit/:id',
      {
        schema: {
          tags,
          summary: 'Edit an offer',
          params: idParams,
          body: offerSchema,
          response: { 200: offerChangedAnswer },
        },
      },
      async (request) => ({
        message: CATALOGUE_MSG.offerUpdated,
        offer: await updateOffer(db, userOf(request).id, request.params.id, request.body),
      }),
    );

    app.delete(
      '/offers/:id',
      { schema: { tags, summary: 'Delete an offer', params: idParams, response: { 200: deleted } } },
      async (request) => {
        await deleteOffer(db, userOf(request).id, request.params.id);
        return { message: CATALOGUE_MSG.deleted };
      },
    );

    app.put(
      '/offers/:id/unblock',
      {
        schema: {
          tags,
          summary: 'Block or unblock an offer',
          description: 'Toggles it; a blocked offer stops counting for prices.',
          params: idParams,
          response: { 200: offerChangedAnswer },
        },
      },
      async (request) => {
        const offer = await toggleOfferBlock(db, userOf(request).id, request.params.id);
        return { message: offer.isExist ? CATALOGUE_MSG.unblocked : CATALOGUE_MSG.blocked, offer };
      },
    );

    const allOffers = async () => ({ offers: await usableOffers(db) });
    const allOffersSchema = {
      tags,
      summary: 'Every offer that can be chosen on a form',
      description:
        'Offers neither deleted nor blocked, both kinds, by name: for the offer pickers of the category and product forms.',
      response: { 200: offersAnswer },
    };
    app.get('/alloffers/', { schema: allOffersSchema }, allOffers);
    app.get('/alloffers', { schema: { ...allOffersSchema, hide: true } }, allOffers);

    app.get(
      '/price-rounding',
      {
        schema: {
          tags,
          summary: 'Whether prices after offers are rounded down to the rupee',
          response: { 200: priceRoundingAnswer },
        },
      },
      async () => getPriceRounding(db),
    );

    app.put(
      '/price-rounding',
      {
        schema: {
          tags,
          summary: 'Round prices after offers down to the rupee, or stop',
          description:
            'Off by default. On: a discounted price drops to the whole rupee below it (₹3,599.20 → ₹3,599), in the shop, the cart and new orders alike.',
          body: priceRoundingSchema,
          response: { 200: priceRoundingChangedAnswer },
        },
      },
      async (request) => setPriceRounding(db, userOf(request).id, request.body),
    );
  };
}
