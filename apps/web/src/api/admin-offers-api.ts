import type { AdminOfferListQuery } from '@bagshop/shared/schemas/admin-lists';
import type { MessageAnswer } from '@bagshop/shared/schemas/answers';
import type {
  OfferChangedAnswer,
  OfferListAnswer,
  OffersAnswer,
  OneOfferAnswer,
  offerSchema,
  PriceRounding,
  PriceRoundingAnswer,
  PriceRoundingChangedAnswer,
} from '@bagshop/shared/schemas/catalogue';
import type { z } from 'zod';
import { api, LIST_KEEP_SECONDS } from './api.ts';

export type OfferValues = z.output<typeof offerSchema>;

export const adminOffersApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminOffers: build.query<OfferListAnswer, Partial<AdminOfferListQuery>>({
      query: (params) => ({ url: '/api/user/admin/offers', params }),
      providesTags: ['Offers'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    /** Live, unblocked offers of both kinds, for the category and product forms. */
    adminAllOffers: build.query<OffersAnswer, void>({
      query: () => '/api/user/admin/alloffers/',
      providesTags: ['Offers'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    adminOffer: build.query<OneOfferAnswer, string>({
      query: (id) => `/api/user/admin/offers/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Offer', id }],
    }),
    addOffer: build.mutation<OfferChangedAnswer, OfferValues>({
      query: (body) => ({ url: '/api/user/admin/offers/add', method: 'POST', body }),
      invalidatesTags: ['Offers'],
    }),
    editOffer: build.mutation<OfferChangedAnswer, OfferValues & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/api/user/admin/offers/edit/${id}`, method: 'PUT', body }),
      // Categories and products show their offer, so they are refetched too.
      invalidatesTags: (_result, _error, { id }) => ['Offers', { type: 'Offer', id }, 'Category', 'Product'],
    }),
    toggleOfferBlock: build.mutation<OfferChangedAnswer, string>({
      query: (id) => ({ url: `/api/user/admin/offers/${id}/unblock`, method: 'PUT' }),
      invalidatesTags: (_result, _error, id) => ['Offers', { type: 'Offer', id }, 'Category', 'Product'],
    }),
    deleteOffer: build.mutation<MessageAnswer, string>({
      query: (id) => ({ url: `/api/user/admin/offers/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => ['Offers', { type: 'Offer', id }, 'Category', 'Product'],
    }),
    priceRounding: build.query<PriceRoundingAnswer, void>({
      query: () => '/api/user/admin/price-rounding',
      providesTags: ['PriceRounding'],
    }),
    /** Every price after an offer changes with it: products, categories and carts are fetched again. */
    setPriceRounding: build.mutation<PriceRoundingChangedAnswer, PriceRounding>({
      query: (body) => ({ url: '/api/user/admin/price-rounding', method: 'PUT', body }),
      invalidatesTags: ['PriceRounding', 'Product', 'Category', 'Cart'],
    }),
  }),
});

export const {
  useAdminOffersQuery,
  useAdminAllOffersQuery,
  useAdminOfferQuery,
  useAddOfferMutation,
  useEditOfferMutation,
  useToggleOfferBlockMutation,
  useDeleteOfferMutation,
  usePriceRoundingQuery,
  useSetPriceRoundingMutation,
} = adminOffersApi;
