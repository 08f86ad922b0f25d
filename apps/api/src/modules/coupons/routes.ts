import { COUPON_MSG } from '@bagshop/shared/coupon-messages';
import { listQuerySchema } from '@bagshop/shared/schemas/account';
import { couponSchema } from '@bagshop/shared/schemas/coupons';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idParams } from '../../platform/path-params.ts';
import { guardEveryRoute } from '../../platform/route-contract.ts';
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

    app.post('/coupons/add', { schema: { tags, body: couponSchema } }, async (request, reply) => {
      const coupon = await createCoupon(db, userOf(request).id, request.body, false);
      return reply.status(201).send({ message: COUPON_MSG.created, coupon });
    });

    app.post('/refer-coupons/add', { schema: { tags, body: couponSchema } }, async (request, reply) => {
      const coupon = await createCoupon(db, userOf(request).id, request.body, true);
      return reply.status(201).send({ message: COUPON_MSG.created, coupon });
    });

    app.get('/coupons', { schema: { tags, querystring: listQuerySchema } }, async (request) =>
      listCoupons(db, request.query),
    );

    app.get('/coupons/:id', { schema: { tags, params: idParams } }, async (request) => ({
      coupon: await getCoupon(db, request.params.id),
    }));

    app.put('/coupons/edit/:id', { schema: { tags, params: idParams, body: couponSchema } }, async (request) => ({
      message: COUPON_MSG.updated,
      coupon: await updateCoupon(db, userOf(request).id, request.params.id, request.body),
    }));

    app.delete('/coupons/:id', { schema: { tags, params: idParams } }, async (request) => {
      await deleteCoupon(db, userOf(request).id, request.params.id);
      return { message: COUPON_MSG.deleted };
    });

    app.put('/coupons/:id/unblock', { schema: { tags, params: idParams } }, async (request) => {
      const coupon = await toggleCouponBlock(db, userOf(request).id, request.params.id);
      return { message: coupon.isExist ? COUPON_MSG.unblocked : COUPON_MSG.blocked, coupon };
    });
  };
}

/** The signed-in shopper's coupons (docs/product.md §7 "Coupons, user side"); applying one is the cart's business. */
export function couponShopperRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireUser);
    const tags = ['coupons'];

    app.get('/coupons', { schema: { tags } }, async (request) => ({
      coupons: await openCoupons(db, userOf(request).id),
    }));
  };
}
