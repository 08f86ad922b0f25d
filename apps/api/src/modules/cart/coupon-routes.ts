import { applyCouponSchema, removeCouponSchema } from '@bagshop/shared/schemas/coupons';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { applyCoupon, removeCoupon } from './service.ts';

/** Applying and removing the signed-in shopper's coupon (docs/product.md §7 "Coupons, user side"): both answer the cart. */
export function cartCouponRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.addHook('preHandler', deps.guards.requireUser);
    const tags = ['coupons'];

    app.post('/applyCoupon', { schema: { tags, body: applyCouponSchema } }, async (request) =>
      applyCoupon(db, userOf(request).id, request.body.code),
    );

    app.post('/removecoupon', { schema: { tags, body: removeCouponSchema.optional() } }, async (request) =>
      removeCoupon(db, userOf(request).id),
    );
  };
}
