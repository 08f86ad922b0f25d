import { api, LIST_KEEP_SECONDS } from '../../api/api.ts';
import type { CouponValues } from './coupon-schema.ts';

export interface CouponDto {
  _id: string;
  name: string;
  code: string;
  description: string;
  activation: string;
  expiry: string;
  /** Percent. */
  discount: number;
  status: boolean | null;
  /** Rupees: the cart total from which the coupon applies. */
  minAmount: number;
  /** Rupees: the largest discount it gives. */
  maxAmount: number;
  limit: number;
  usedCount?: number;
  type: 'single';
  isReferral?: boolean;
  /** False once an administrator blocks it. */
  isExist: boolean;
}

interface Message {
  message: string;
}

export interface CouponPage {
  coupons: CouponDto[];
  total: number;
  page: number;
  pages: number;
}

export const adminCouponsApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminCoupons: build.query<CouponPage, { keyword?: string; page?: number }>({
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
