import type { OrderDto, OrderResponse } from '@bagshop/shared/order-types';
import type { ItemStatus } from '@bagshop/shared/orders';
import { api } from '../../api/api.ts';

export interface AdminOrderPage {
  orders: OrderDto[];
  total: number;
  page: number;
  pages: number;
}

export interface AdminOrderFilter {
  searchTerm?: string;
  status?: string;
  page: number;
}

export interface SaveItemStatusInput {
  /** The order's id. */
  id: string;
  item: string;
  status: ItemStatus;
  reason?: string;
}

export const adminOrdersApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminOrders: build.query<AdminOrderPage, AdminOrderFilter>({
      query: ({ searchTerm, status, page }) => ({
        url: '/api/orders/admin/orders',
        params: { page, ...(searchTerm ? { searchTerm } : {}), ...(status ? { status } : {}) },
      }),
      providesTags: ['Orders'],
    }),
    adminOrder: build.query<OrderResponse, string>({
      query: (id) => `/api/orders/admin/orders/edit/${encodeURIComponent(id)}`,
      providesTags: ['Orders'],
    }),
    saveItemStatus: build.mutation<{ message: string; order?: OrderDto }, SaveItemStatusInput>({
      query: (body) => ({ url: '/api/orders/save-item-status', method: 'PUT', body }),
      invalidatesTags: ['Orders', 'Wallet', 'Product'],
    }),
  }),
});

export const { useAdminOrdersQuery, useAdminOrderQuery, useSaveItemStatusMutation } = adminOrdersApi;
