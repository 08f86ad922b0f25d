import type { CartDto } from '@bagshop/shared/catalogue-types';
import type { AddToCartValues, CartChangedAnswer, UpdateCartValues } from '@bagshop/shared/schemas/catalogue';
import type { ApplyCouponInput, CouponDto, CouponsAnswer } from '@bagshop/shared/schemas/coupons';
import { api, LIST_KEEP_SECONDS } from './api.ts';

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    cart: build.query<CartDto, void>({
      query: () => '/api/products/cart',
      providesTags: ['Cart'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    addToCart: build.mutation<CartChangedAnswer, AddToCartValues>({
      query: (body) => ({ url: '/api/products/add-to-cart', method: 'POST', body }),
      invalidatesTags: ['Cart'],
    }),
    updateCart: build.mutation<CartChangedAnswer, UpdateCartValues>({
      query: (body) => ({ url: '/api/products/update-cart', method: 'POST', body }),
      invalidatesTags: ['Cart'],
    }),
    removeFromCart: build.mutation<CartChangedAnswer, string>({
      query: (id) => ({ url: `/api/products/remove-cart/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Cart'],
    }),
    shopperCoupons: build.query<CouponDto[], void>({
      query: () => '/api/user/coupons',
      transformResponse: (answer: CouponsAnswer) => answer.coupons,
      providesTags: ['Coupons'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    applyCoupon: build.mutation<CartDto, ApplyCouponInput>({
      query: (body) => ({ url: '/api/user/applyCoupon', method: 'POST', body }),
      invalidatesTags: ['Cart'],
    }),
    removeCoupon: build.mutation<CartDto, void>({
      query: () => ({ url: '/api/user/removecoupon', method: 'POST', body: {} }),
      invalidatesTags: ['Cart'],
    }),
  }),
});

export const {
  useCartQuery,
  useAddToCartMutation,
  useUpdateCartMutation,
  useRemoveFromCartMutation,
  useShopperCouponsQuery,
  useApplyCouponMutation,
  useRemoveCouponMutation,
} = cartApi;
