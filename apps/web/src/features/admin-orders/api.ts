import type { AdminOrderListQuery } from '@bagshop/shared/schemas/admin-lists';
import type {
  AdminOrderAnswer,
  AdminOrderList,
  SaveItemStatusInput,
  SaveItemStatusResponse,
} from '@bagshop/shared/schemas/admin-orders';
import { api } from '../../api/api.ts';

export const adminOrdersApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminOrders: build.query<AdminOrderList, Partial<AdminOrderListQuery>>({
      query: ({ searchTerm, status, ...view }) => ({
        url: '/api/orders/admin/orders',
        params: { ...view, ...(searchTerm ? { searchTerm } : {}), ...(status ? { status } : {}) },
      }),
      providesTags: ['Orders'],
    }),
    adminOrder: build.query<AdminOrderAnswer, string>({
      query: (id) => `/api/orders/admin/orders/edit/${encodeURIComponent(id)}`,
      providesTags: ['Orders'],
    }),
    saveItemStatus: build.mutation<SaveItemStatusResponse, SaveItemStatusInput>({
      query: (body) => ({ url: '/api/orders/save-item-status', method: 'PUT', body }),
      invalidatesTags: ['Orders', 'Wallet', 'Product'],
    }),
  }),
});

export const { useAdminOrdersQuery, useAdminOrderQuery, useSaveItemStatusMutation } = adminOrdersApi;
