import type { ShopDetails } from '@bagshop/shared/shop-settings';
import { api } from '../../api/api.ts';

export const policiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Who runs the shop changes only with a restart: fetched once per visit.
    shopDetails: build.query<ShopDetails, void>({
      query: () => '/api/shop/details',
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useShopDetailsQuery } = policiesApi;
