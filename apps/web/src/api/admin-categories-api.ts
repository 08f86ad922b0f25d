import type { AdminCategoryListQuery } from '@bagshop/shared/schemas/admin-lists';
import type { MessageAnswer } from '@bagshop/shared/schemas/answers';
import type {
  CategoryChangedAnswer,
  CategoryListAnswer,
  categorySchema,
  OneCategoryAnswer,
  ShopCategoriesAnswer,
} from '@bagshop/shared/schemas/catalogue';
import type { z } from 'zod';
import { api, LIST_KEEP_SECONDS } from './api.ts';

export type CategoryValues = z.output<typeof categorySchema>;

export const adminCategoriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminCategories: build.query<CategoryListAnswer, Partial<AdminCategoryListQuery>>({
      query: (params) => ({ url: '/api/category/', params }),
      providesTags: ['Category'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    /** Live, unblocked categories by name, for the product form. */
    adminCategoryOptions: build.query<ShopCategoriesAnswer, void>({
      query: () => '/api/category/all',
      providesTags: ['Category'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    adminCategory: build.query<OneCategoryAnswer, string>({
      query: (id) => `/api/category/${id}`,
      providesTags: ['Category'],
    }),
    addCategory: build.mutation<CategoryChangedAnswer, CategoryValues>({
      query: (body) => ({ url: '/api/category/', method: 'POST', body }),
      invalidatesTags: ['Category'],
    }),
    editCategory: build.mutation<CategoryChangedAnswer, CategoryValues & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/api/category/${id}`, method: 'PUT', body }),
      // Products show their category and its offer.
      invalidatesTags: ['Category', 'Product'],
    }),
    toggleCategoryBlock: build.mutation<CategoryChangedAnswer, string>({
      query: (id) => ({ url: `/api/category/${id}/unblock`, method: 'PUT' }),
      invalidatesTags: ['Category', 'Product'],
    }),
    deleteCategory: build.mutation<MessageAnswer, string>({
      query: (id) => ({ url: `/api/category/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Category', 'Product'],
    }),
  }),
});

export const {
  useAdminCategoriesQuery,
  useAdminCategoryOptionsQuery,
  useAdminCategoryQuery,
  useAddCategoryMutation,
  useEditCategoryMutation,
  useToggleCategoryBlockMutation,
  useDeleteCategoryMutation,
} = adminCategoriesApi;
