import type {
  CategoryDto,
  ProductDetailDto,
  ProductDto,
  ProductPage,
  ReviewDto,
} from '@bagshop/shared/catalogue-types';
import type { ReviewInput } from '@bagshop/shared/schemas/catalogue';
import { api, LIST_KEEP_SECONDS } from './api.ts';
import { apiQueryString, type ShopFilters } from './shop-query.ts';

const LIST = { type: 'Product', id: 'LIST' } as const;

export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    shopProducts: build.query<ProductPage, ShopFilters>({
      query: (filters) => `/api/products/shop-products?${apiQueryString(filters)}`,
      providesTags: [LIST],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    newProducts: build.query<{ all: ProductDto[] }, void>({
      query: () => '/api/products/new',
      providesTags: [LIST],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    topProducts: build.query<{ products: ProductDto[] }, void>({
      query: () => '/api/products/top',
      providesTags: [LIST],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    relatedProducts: build.query<{ products: ProductDto[] }, string>({
      query: (id) => `/api/products/related/${encodeURIComponent(id)}`,
      providesTags: [LIST],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    productDetails: build.query<{ product: ProductDetailDto }, string>({
      query: (id) => `/api/products/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    addReview: build.mutation<{ message: string; review: ReviewDto }, ReviewInput & { productId: string }>({
      query: ({ productId, ...body }) => ({
        url: `/api/products/${encodeURIComponent(productId)}/reviews`,
        method: 'POST',
        body: { productId, ...body },
      }),
      invalidatesTags: (_result, error, { productId }) => (error ? [] : [{ type: 'Product', id: productId }, LIST]),
    }),
    shopCategories: build.query<{ all: CategoryDto[] }, void>({
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
