import type { ProductCardPage } from '@bagshop/shared/catalogue-types';
import type {
  NewProductsAnswer,
  OneProductAnswer,
  ProductsAnswer,
  ReviewAddedAnswer,
  ReviewInput,
  ShopCategoriesAnswer,
} from '@bagshop/shared/schemas/catalogue';
import { api, LIST_KEEP_SECONDS } from './api.ts';
import { apiQueryString, type ShopFilters } from './shop-query.ts';

const LIST = { type: 'Product', id: 'LIST' } as const;

export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    shopProducts: build.query<ProductCardPage, ShopFilters>({
      query: (filters) => `/api/products/shop-products?${apiQueryString(filters)}`,
      providesTags: [LIST],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    newProducts: build.query<NewProductsAnswer, void>({
      query: () => '/api/products/new',
      providesTags: [LIST],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    topProducts: build.query<ProductsAnswer, void>({
      query: () => '/api/products/top',
      providesTags: [LIST],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    relatedProducts: build.query<ProductsAnswer, string>({
      query: (id) => `/api/products/related/${encodeURIComponent(id)}`,
      providesTags: [LIST],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    productDetails: build.query<OneProductAnswer, string>({
      query: (id) => `/api/products/${encodeURIComponent(id)}`,
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
    shopCategories: build.query<ShopCategoriesAnswer, void>({
      query: () => '/api/category/all',
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
} = catalogueApi;
