import type { ProductPage } from '@bagshop/shared/catalogue-types';
import type { AdminProductListQuery, BulkBlockAnswer, BulkBlockInput } from '@bagshop/shared/schemas/admin-lists';
import type { MessageAnswer } from '@bagshop/shared/schemas/answers';
import type { OneProductAnswer, ProductChangedAnswer } from '@bagshop/shared/schemas/catalogue';
import type {
  LowStockThresholdInput,
  StockAdjustmentInput,
  StockChangedDto,
  StockLedgerDto,
} from '@bagshop/shared/schemas/stock';
import { api, LIST_KEEP_SECONDS } from '../../api/api.ts';

export const adminProductsApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminProducts: build.query<ProductPage, Partial<AdminProductListQuery>>({
      query: (params) => ({ url: '/api/products/', params }),
      providesTags: ['Product'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    adminProduct: build.query<OneProductAnswer, string>({
      query: (id) => `/api/products/${encodeURIComponent(id)}`,
      providesTags: ['Product'],
    }),
    /** Multipart save without upload progress: used to repeat an upload after the token was refreshed. */
    toggleProductBlock: build.mutation<ProductChangedAnswer, string>({
      query: (id) => ({ url: `/api/products/${id}/unblock`, method: 'PUT' }),
      invalidatesTags: ['Product', 'Category', 'Cart'],
    }),
    bulkBlockProducts: build.mutation<BulkBlockAnswer, BulkBlockInput>({
      query: (body) => ({ url: '/api/products/bulk-block', method: 'PUT', body }),
      invalidatesTags: ['Product', 'Category', 'Cart'],
    }),
    deleteProduct: build.mutation<MessageAnswer, string>({
      query: (id) => ({ url: `/api/products/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Product', 'Category', 'Cart'],
    }),
    /** The ledger changes with every stock change, the product form's too: it goes with the Product tag. */
    stockLedger: build.query<StockLedgerDto, { id: string; page: number }>({
      query: ({ id, page }) => ({
        url: `/api/admin/products/${encodeURIComponent(id)}/stock-ledger`,
        params: { page },
      }),
      providesTags: ['Product'],
    }),
    adjustStock: build.mutation<StockChangedDto, { id: string; body: StockAdjustmentInput }>({
      query: ({ id, body }) => ({ url: `/api/admin/products/${id}/stock-adjustments`, method: 'POST', body }),
      invalidatesTags: ['Product', 'Cart'],
    }),
    setLowStockThreshold: build.mutation<StockChangedDto, { id: string; body: LowStockThresholdInput }>({
      query: ({ id, body }) => ({ url: `/api/admin/products/${id}/low-stock`, method: 'PUT', body }),
      invalidatesTags: ['Product'],
    }),
    deleteProductImage: build.mutation<ProductChangedAnswer, { id: string; index: number }>({
      query: ({ id, index }) => ({ url: `/api/products/${id}/${index}`, method: 'DELETE' }),
      invalidatesTags: ['Product'],
    }),
  }),
});

export const {
  useAdminProductsQuery,
  useAdminProductQuery,
  useToggleProductBlockMutation,
  useBulkBlockProductsMutation,
  useDeleteProductMutation,
  useDeleteProductImageMutation,
  useStockLedgerQuery,
  useAdjustStockMutation,
  useSetLowStockThresholdMutation,
} = adminProductsApi;
