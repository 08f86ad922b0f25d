import type { CartDto } from '@bagshop/shared/catalogue-types';
import type { CouponDto } from '@bagshop/shared/schemas/coupons';
import { api, LIST_KEEP_SECONDS } from './api.ts';

interface CartAnswer {
  message: string;
  cart: CartDto;
}

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    cart: build.query<CartDto, void>({
      query: () => '/api/products/cart',
      providesTags: ['Cart'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    addToCart: build.mutation<CartAnswer, { productId: string; qty: number }>({
      query: (body) => ({ url: '/api/products/add-to-cart', method: 'POST', body }),
      invalidatesTags: ['Cart'],
    }),
    updateCart: build.mutation<CartAnswer, { cartId: string; qty: number }>({
      query: (body) => ({ url: '/api/products/update-cart', method: 'POST', body }),
      invalidatesTags: ['Cart'],
    }),
    removeFromCart: build.mutation<CartAnswer, string>({
      query: (id) => ({ url: `/api/products/remove-cart/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Cart'],
    }),
    shopperCoupons: build.query<CouponDto[], void>({
      query: () => '/api/user/coupons',
      transformResponse: (answer: { coupons: CouponDto[] }) => answer.coupons,
      providesTags: ['Coupons'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    applyCoupon: build.mutation<CartDto, { code: string }>({
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
