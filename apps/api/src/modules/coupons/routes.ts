import { COUPON_MSG } from '@bagshop/shared/coupon-messages';
import { adminCouponListQuery } from '@bagshop/shared/schemas/admin-lists';
import { messageAnswer } from '@bagshop/shared/schemas/answers';
import {
  couponChangedAnswer,
  couponListAnswer,
  couponSchema,
  couponsAnswer,
  oneCouponAnswer,
} from '@bagshop/shared/schemas/coupons';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idParams } from '../../platform/path-params.ts';
import { errors, guardEveryRoute } from '../../platform/route-contract.ts';
import {
  createCoupon,
  deleteCoupon,
  getCoupon,
  listCoupons,
  toggleCouponBlock,
  updateCoupon,
} from './admin-service.ts';
import { openCoupons } from './shopper-service.ts';

/** The administrator's coupons and referral coupons (docs/product.md §7 "Coupons, admin"). */
export function couponAdminRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireAdmin);
    const tags = ['admin coupons'];
    const deleted = messageAnswer.meta({ examples: [{ message: COUPON_MSG.deleted }] });

    app.post(
      '/coupons/add',
      {
        schema: {
          tags,
          summary: 'Create a coupon',
          description: 'Its name is the code shoppers enter, in any case; 409 when a live coupon has the name.',
          body: couponSchema,
          response: { 201: couponChangedAnswer, ...errors(409) },
        },
      },
      async (request, reply) => {
        const coupon = await createCoupon(db, userOf(request).id, request.body, false);
        return reply.status(201).send({ message: COUPON_MSG.created, coupon });
      },
    );

    app.post(
      '/refer-coupons/add',
      {
        schema: {
          tags,
          summary: 'Create a referral coupon',
          description:
            'Open only to shoppers who joined through a referral. Names are unique among live coupons (409 when taken).',
          body: couponSchema,
          response: { 201: couponChangedAnswer, ...errors(409) },
        },
      },
      async (request, reply) => {
        const coupon = await createCoupon(db, userOf(request).id, request.body, true);
        return reply.status(201).send({ message: COUPON_MSG.created, coupon });
      },
    );

    app.get(
      '/coupons',
      {
        schema: {
          tags,
          summary: 'One page of coupons (administrator)',
          querystring: adminCouponListQuery,
          response: { 200: couponListAnswer },
        },
      },
      async (request) => listCoupons(db, request.query),
    );

    app.get(
      '/coupons/:id',
      { schema: { tags, summary: 'One coupon', params: idParams, response: { 200: oneCouponAnswer } } },
      async (request) => ({
        coupon: await getCoupon(db, request.params.id),
      }),
    );

    app.put(
      '/coupons/edit/:id',
      {
        schema: {
          tags,
          summary: 'Edit a coupon',
          description: 'A new name is the new code; 409 when another live coupon has it.',
          params: idParams,
          body: couponSchema,
          response: { 200: couponChangedAnswer, ...errors(409) },
        },
      },
      async (request) => ({
        message: COUPON_MSG.updated,
        coupon: await updateCoupon(db, userOf(request).id, request.params.id, request.body),
      }),
    );

    app.delete(
      '/coupons/:id',
      { schema: { tags, summary: 'Delete a coupon', params: idParams, response: { 200: deleted } } },
      async (request) => {
        await deleteCoupon(db, userOf(request).id, request.params.id);
        return { message: COUPON_MSG.deleted };
      },
    );

    app.put(
      '/coupons/:id/unblock',
      {
        schema: {
          tags,
          summary: 'Block or unblock a coupon',
          description: 'Toggles it; a blocked coupon cannot be applied.',
          params: idParams,
          response: { 200: couponChangedAnswer },
        },
      },
      async (request) => {
        const coupon = await toggleCouponBlock(db, userOf(request).id, request.params.id);
        return { message: coupon.isExist ? COUPON_MSG.unblocked : COUPON_MSG.blocked, coupon };
      },
    );
  };
}

/** The signed-in shopper's coupons (docs/product.md §7 "Coupons, user side"); applying one is the cart's business. */
export function couponShopperRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireUser);
    const tags = ['coupons'];

    app.get(
      '/coupons',
      {
        schema: {
          tags,
          summary: 'The coupons this shopper can use now',
          description: 'Active, not used up, not used by this shopper; referral coupons only for referred shoppers.',
          response: { 200: couponsAnswer },
        },
      },
      async (request) => ({
        coupons: await openCoupons(db, userOf(request).id),
      }),
    );
  };
}
