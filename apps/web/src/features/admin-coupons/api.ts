import type { AdminCouponListQuery } from '@bagshop/shared/schemas/admin-lists';
import type { MessageAnswer } from '@bagshop/shared/schemas/answers';
import type {
  CouponChangedAnswer,
  CouponListDto,
  CouponValues,
  OneCouponAnswer,
} from '@bagshop/shared/schemas/coupons';
import { api, LIST_KEEP_SECONDS } from '../../api/api.ts';

export const adminCouponsApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminCoupons: build.query<CouponListDto, Partial<AdminCouponListQuery>>({
      query: (params) => ({ url: '/api/user/admin/coupons', params }),
      providesTags: ['Coupons'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    adminCoupon: build.query<OneCouponAnswer, string>({
      query: (id) => `/api/user/admin/coupons/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Coupon', id }],
    }),
    addCoupon: build.mutation<CouponChangedAnswer, CouponValues & { referral: boolean }>({
      query: ({ referral, ...body }) => ({
        url: referral ? '/api/user/admin/refer-coupons/add' : '/api/user/admin/coupons/add',
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Coupons'],
    }),
    editCoupon: build.mutation<CouponChangedAnswer, CouponValues & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/api/user/admin/coupons/edit/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => ['Coupons', { type: 'Coupon', id }],
    }),
    toggleCouponBlock: build.mutation<MessageAnswer, string>({
      query: (id) => ({ url: `/api/user/admin/coupons/${id}/unblock`, method: 'PUT' }),
      invalidatesTags: (_result, _error, id) => ['Coupons', { type: 'Coupon', id }],
    }),
    deleteCoupon: build.mutation<MessageAnswer, string>({
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
