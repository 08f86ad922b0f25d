import type { OfferDto } from '@bagshop/shared/catalogue-types';
import type { offerSchema } from '@bagshop/shared/schemas/catalogue';
import type { z } from 'zod';
import { api, LIST_KEEP_SECONDS } from './api.ts';

interface Message {
  message: string;
}

export type OfferValues = z.output<typeof offerSchema>;

export interface OfferPage {
  offers: OfferDto[];
  total: number;
  page: number;
  pages: number;
}

export const adminOffersApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminOffers: build.query<OfferPage, { keyword?: string; page?: number }>({
      query: (params) => ({ url: '/api/user/admin/offers', params }),
      providesTags: ['Offers'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    /** Live, unblocked offers of both kinds, for the category and product forms. */
    adminAllOffers: build.query<{ offers: OfferDto[] }, void>({
      query: () => '/api/user/admin/alloffers/',
      providesTags: ['Offers'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    adminOffer: build.query<{ offer: OfferDto }, string>({
      query: (id) => `/api/user/admin/offers/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Offer', id }],
    }),
    addOffer: build.mutation<Message & { offer: OfferDto }, OfferValues>({
      query: (body) => ({ url: '/api/user/admin/offers/add', method: 'POST', body }),
      invalidatesTags: ['Offers'],
    }),
    editOffer: build.mutation<Message & { offer: OfferDto }, OfferValues & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/api/user/admin/offers/edit/${id}`, method: 'PUT', body }),
      // Categories and products show their offer, so they are refetched too.
      invalidatesTags: (_result, _error, { id }) => ['Offers', { type: 'Offer', id }, 'Category', 'Product'],
    }),
    toggleOfferBlock: build.mutation<Message & { offer: OfferDto }, string>({
      query: (id) => ({ url: `/api/user/admin/offers/${id}/unblock`, method: 'PUT' }),
      invalidatesTags: (_result, _error, id) => ['Offers', { type: 'Offer', id }, 'Category', 'Product'],
    }),
    deleteOffer: build.mutation<Message, string>({
      query: (id) => ({ url: `/api/user/admin/offers/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => ['Offers', { type: 'Offer', id }, 'Category', 'Product'],
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
} = adminOffersApi;
