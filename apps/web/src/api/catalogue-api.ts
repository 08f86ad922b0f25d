import type { ProductCardPage } from '@bagshop/shared/catalogue-types';
import type {
  NewProductsAnswer,
  OneProductAnswer,
  ProductsAnswer,
  ReviewAddedAnswer,
  ReviewInput,
  ShopCategoriesAnswer,
} from '@bagshop/shared/schemas/catalogue';
import type { SuggestAnswer } from '@bagshop/shared/schemas/search';
import { type ShopFilters, shopProductsAddress } from '@bagshop/shared/shop-query';
import { api, LIST_KEEP_SECONDS } from './api.ts';

const LIST = { type: 'Product', id: 'LIST' } as const;

/** The addresses the storefront's reads ask; the server keys the answers it puts in a landing page by them. */
export const CATALOGUE_URL = {
  shopProducts: shopProductsAddress,
  newProducts: '/api/products/new',
  topProducts: '/api/products/top',
  productDetails: (id: string) => `/api/products/${encodeURIComponent(id)}`,
  relatedProducts: (id: string) => `/api/products/related/${encodeURIComponent(id)}`,
  shopCategories: '/api/category/all',
} as const;

export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    shopProducts: build.query<ProductCardPage, ShopFilters>({
      query: CATALOGUE_URL.shopProducts,
      providesTags: [LIST],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    newProducts: build.query<NewProductsAnswer, void>({
      query: () => CATALOGUE_URL.newProducts,
      providesTags: [LIST],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    topProducts: build.query<ProductsAnswer, void>({
      query: () => CATALOGUE_URL.topProducts,
      providesTags: [LIST],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    relatedProducts: build.query<ProductsAnswer, string>({
      query: CATALOGUE_URL.relatedProducts,
      providesTags: [LIST],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    productDetails: build.query<OneProductAnswer, string>({
      query: CATALOGUE_URL.productDetails,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    addReview: build.mutation<ReviewAddedAnswer, ReviewInput & { productId: string }>({
      query: ({ productId, ...body }) => ({
        url: `/api/products/${encodeURIComponent(productId)}/reviews`,
        method: 'POST',
        body: { productId, ...body },
      }),
      invalidatesTags: (_result, error, { productId }) => (error ? [] : [{ type: 'Product', id: productId }, LIST]),
    }),
    /** Suggestions for what the shopper is typing in the shop's search box (docs/decisions/048). */
    searchSuggestions: build.query<SuggestAnswer, string>({
      query: (q) => ({ url: '/api/products/suggest', params: { q } }),
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    shopCategories: build.query<ShopCategoriesAnswer, void>({
      query: () => CATALOGUE_URL.shopCategories,
      providesTags: ['Category'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
  }),
});

export const {
  useShopProductsQuery,
  useNewProductsQuery,
  useTopProductsQuery,
  useRelatedProductsQuery,
  useProductDetailsQuery,
  useAddReviewMutation,
  useShopCategoriesQuery,
  useSearchSuggestionsQuery,
} = catalogueApi;
