import type { CodEligibility, ShippingEstimate } from '@bagshop/shared/schemas/shipping';
import { api } from './api.ts';

/** Delivery estimates and the cash-on-delivery guard, asked by the product page and the checkout alike. */
export const shippingApi = api.injectEndpoints({
  endpoints: (build) => ({
    shippingEstimate: build.query<ShippingEstimate, string>({
      query: (pincode) => ({ url: '/api/shipping/estimate', params: { pincode } }),
      // The shop keeps a courier's answer for a day; a visit need not ask twice for the same pincode.
      keepUnusedDataFor: 600,
    }),
    codEligibility: build.query<CodEligibility, void>({
      query: () => '/api/user/cod-eligibility',
      providesTags: ['Orders'],
    }),
  }),
});

export const { useShippingEstimateQuery, useCodEligibilityQuery } = shippingApi;
