import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithRefresh } from './base-query.ts';

/** The one API of the web app (docs/product.md §7); features add endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithRefresh,
  tagTypes: [
    'Product',
    'Orders',
    'User',
    'Category',
    'Wallet',
    'Cart',
    'Address',
    'Coupons',
    'Coupon',
    'Offers',
    'Offer',
    'PriceRounding',
    'Insight',
    'Audit',
    'ContactMessages',
  ],
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});

/** docs/product.md §7: cached lists are kept 5 seconds. */
export const LIST_KEEP_SECONDS = 5;
