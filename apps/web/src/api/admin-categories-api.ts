import type { CategoryDto } from '@bagshop/shared/catalogue-types';
import type { categorySchema } from '@bagshop/shared/schemas/catalogue';
import type { z } from 'zod';
import { api, LIST_KEEP_SECONDS } from './api.ts';

interface Message {
  message: string;
}

export type CategoryValues = z.output<typeof categorySchema>;

export interface CategoryPage {
  categories: CategoryDto[];
  total: number;
  page: number;
  pages: number;
}

export const adminCategoriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminCategories: build.query<CategoryPage, { keyword?: string; page?: number }>({
      query: (params) => ({ url: '/api/category/', params }),
      providesTags: ['Category'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    /** Live, unblocked categories by name, for the product form. */
    adminCategoryOptions: build.query<{ all: CategoryDto[] }, void>({
      query: () => '/api/category/all',
      providesTags: ['Category'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    adminCategory: build.query<{ category: CategoryDto }, string>({
      query: (id) => `/api/category/${id}`,
      providesTags: ['Category'],
    }),
    addCategory: build.mutation<Message & { category: CategoryDto }, CategoryValues>({
      query: (body) => ({ url: '/api/category/', method: 'POST', body }),
      invalidatesTags: ['Category'],
    }),
    editCategory: build.mutation<Message & { category: CategoryDto }, CategoryValues & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/api/category/${id}`, method: 'PUT', body }),
      // Products show their category and its offer.
      invalidatesTags: ['Category', 'Product'],
    }),
    toggleCategoryBlock: build.mutation<Message & { category: CategoryDto }, string>({
      query: (id) => ({ url: `/api/category/${id}/unblock`, method: 'PUT' }),
      invalidatesTags: ['Category', 'Product'],
    }),
    deleteCategory: build.mutation<Message, string>({
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
