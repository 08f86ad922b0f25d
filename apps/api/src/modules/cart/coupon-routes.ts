import { cartAnswer } from '@bagshop/shared/schemas/catalogue';
import { applyCouponSchema, removeCouponSchema } from '@bagshop/shared/schemas/coupons';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { guardEveryRoute } from '../../platform/route-contract.ts';
import { applyCoupon, cartDepsOf, removeCoupon } from './service.ts';

/** Applying and removing the signed-in shopper's coupon (docs/product.md §7 "Coupons, user side"): both answer the cart. */
export function cartCouponRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const cartDeps = cartDepsOf(deps);
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireUser);
    const tags = ['coupons'];

    app.post(
      '/applyCoupon',
      {
        schema: {
          tags,
          summary: 'Apply a coupon to the cart',
          description: 'The code is matched without regard to case; answers the cart priced with the coupon.',
          body: applyCouponSchema,
          response: { 200: cartAnswer },
        },
      },
      async (request) => applyCoupon(cartDeps, userOf(request).id, request.body.code),
    );

    app.post(
      '/removecoupon',
      {
        schema: {
          tags,
          summary: 'Take the coupon off the cart',
          description: 'Answers the cart priced without it.',
          body: removeCouponSchema.optional(),
          response: { 200: cartAnswer },
        },
      },
      async (request) => removeCoupon(cartDeps, userOf(request).id),
    );
  };
}
