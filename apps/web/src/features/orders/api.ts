import type { OrderDto, OrderResponse, OrdersResponse } from '@bagshop/shared/order-types';
import type { CancelItemInput, ReturnRequestInput } from '@bagshop/shared/schemas/orders';
import { api } from '../../api/api.ts';

interface ItemAnswer {
  message: string;
  order?: OrderDto;
}

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    myOrders: build.query<OrdersResponse, string>({
      query: (searchTerm) => ({ url: '/api/orders/mine', params: searchTerm ? { searchTerm } : undefined }),
      providesTags: ['Orders'],
    }),
    orderDetails: build.query<OrderResponse, string>({
      query: (id) => `/api/orders/${encodeURIComponent(id)}`,
      providesTags: ['Orders'],
    }),
    pendingOrderDetails: build.query<OrdersResponse, string>({
      query: (id) => `/api/orders/pending/order-details/${encodeURIComponent(id)}`,
      providesTags: ['Orders'],
    }),
    cancelOrderItem: build.mutation<ItemAnswer, CancelItemInput>({
      query: (body) => ({ url: '/api/orders/cancel', method: 'PUT', body }),
      invalidatesTags: ['Orders', 'Wallet', 'Product'],
    }),
    requestReturn: build.mutation<ItemAnswer, ReturnRequestInput>({
      query: (body) => ({ url: '/api/orders/return-request', method: 'POST', body }),
      invalidatesTags: ['Orders'],
    }),
  }),
});

export const {
  useMyOrdersQuery,
  useOrderDetailsQuery,
  usePendingOrderDetailsQuery,
  useCancelOrderItemMutation,
  useRequestReturnMutation,
} = ordersApi;
