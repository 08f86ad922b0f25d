import type { CouponDto, CouponListDto, CouponValues } from '@bagshop/shared/schemas/coupons';
import { api, LIST_KEEP_SECONDS } from '../../api/api.ts';

interface Message {
  message: string;
}

export const adminCouponsApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminCoupons: build.query<CouponListDto, { keyword?: string; page?: number }>({
      query: (params) => ({ url: '/api/user/admin/coupons', params }),
      providesTags: ['Coupons'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    adminCoupon: build.query<{ coupon: CouponDto }, string>({
      query: (id) => `/api/user/admin/coupons/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Coupon', id }],
    }),
    addCoupon: build.mutation<Message & { coupon: CouponDto }, CouponValues & { referral: boolean }>({
      query: ({ referral, ...body }) => ({
        url: referral ? '/api/user/admin/refer-coupons/add' : '/api/user/admin/coupons/add',
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Coupons'],
    }),
    editCoupon: build.mutation<Message & { coupon: CouponDto }, CouponValues & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/api/user/admin/coupons/edit/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => ['Coupons', { type: 'Coupon', id }],
    }),
    toggleCouponBlock: build.mutation<Message, string>({
      query: (id) => ({ url: `/api/user/admin/coupons/${id}/unblock`, method: 'PUT' }),
      invalidatesTags: (_result, _error, id) => ['Coupons', { type: 'Coupon', id }],
    }),
    deleteCoupon: build.mutation<Message, string>({
      query: (id) => ({ url: `/api/user/admin/coupons/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => ['Coupons', { type: 'Coupon', id }],
    }),
  }),
});

export const {
  useAdminCouponsQuery,
  useAdminCouponQuery,
  useAddCouponMutation,
  useEditCouponMutation,
  useToggleCouponBlockMutation,
  useDeleteCouponMutation,
} = adminCouponsApi;
