import type {
  CodLinkConfirmedResponse,
  ItemMovedResponse,
  OrderResponse,
  OrdersResponse,
} from '@bagshop/shared/order-types';
import type { CancelItemInput, ReturnRequestInput } from '@bagshop/shared/schemas/orders';
import { api } from '../../api/api.ts';

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
    cancelOrderItem: build.mutation<ItemMovedResponse, CancelItemInput>({
      query: (body) => ({ url: '/api/orders/cancel', method: 'PUT', body }),
      invalidatesTags: ['Orders', 'Wallet', 'Product'],
    }),
    confirmCodOrder: build.mutation<ItemMovedResponse, string>({
      query: (orderId) => ({ url: '/api/orders/confirm-cod', method: 'POST', body: { orderId } }),
      invalidatesTags: ['Orders'],
    }),
    confirmCodOrderByLink: build.mutation<CodLinkConfirmedResponse, string>({
      query: (token) => ({ url: '/api/orders/confirm-cod-link', method: 'POST', body: { token } }),
      invalidatesTags: ['Orders'],
    }),
    requestReturn: build.mutation<ItemMovedResponse, ReturnRequestInput>({
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
  useConfirmCodOrderMutation,
  useConfirmCodOrderByLinkMutation,
} = ordersApi;
