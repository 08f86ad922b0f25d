import type { ProductDetailDto, ProductDto, ProductPage } from '@bagshop/shared/catalogue-types';
import { api, LIST_KEEP_SECONDS } from '../../api/api.ts';

interface Message {
  message: string;
}

export const adminProductsApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminProducts: build.query<ProductPage, { keyword?: string; page?: number }>({
      query: (params) => ({ url: '/api/products/', params }),
      providesTags: ['Product'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    adminProduct: build.query<{ product: ProductDetailDto }, string>({
      query: (id) => `/api/products/${encodeURIComponent(id)}`,
      providesTags: ['Product'],
    }),
    /** Multipart save without upload progress: used to repeat an upload after the token was refreshed. */
    toggleProductBlock: build.mutation<Message & { product: ProductDto }, string>({
      query: (id) => ({ url: `/api/products/${id}/unblock`, method: 'PUT' }),
      invalidatesTags: ['Product', 'Category', 'Cart'],
    }),
    deleteProduct: build.mutation<Message, string>({
      query: (id) => ({ url: `/api/products/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Product', 'Category', 'Cart'],
    }),
    deleteProductImage: build.mutation<Message & { product: ProductDto }, { id: string; index: number }>({
      query: ({ id, index }) => ({ url: `/api/products/${id}/${index}`, method: 'DELETE' }),
      invalidatesTags: ['Product'],
    }),
  }),
});

export const {
  useAdminProductsQuery,
  useAdminProductQuery,
  useToggleProductBlockMutation,
  useDeleteProductMutation,
  useDeleteProductImageMutation,
} = adminProductsApi;
