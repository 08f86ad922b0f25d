import type { AdminOrderListQuery } from '@bagshop/shared/schemas/admin-lists';
import type {
  AdminOrderAnswer,
  AdminOrderList,
  SaveItemStatusInput,
  SaveItemStatusResponse,
} from '@bagshop/shared/schemas/admin-orders';
import type {
  BulkShipInput,
  BulkShipResponse,
  CreateShipmentInput,
  ShipmentOnlyResponse,
  ShippingSettings,
} from '@bagshop/shared/schemas/shipping';
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
    shippingSettings: build.query<ShippingSettings, void>({
      query: () => '/api/admin/shipping',
    }),
    createShipment: build.mutation<ShipmentOnlyResponse, CreateShipmentInput>({
      query: (body) => ({ url: '/api/admin/shipments', method: 'POST', body }),
      invalidatesTags: ['Orders'],
    }),
    bulkShip: build.mutation<BulkShipResponse, BulkShipInput>({
      query: (body) => ({ url: '/api/admin/shipments/bulk', method: 'POST', body }),
      invalidatesTags: ['Orders'],
    }),
    cancelShipment: build.mutation<ShipmentOnlyResponse, string>({
      query: (id) => ({ url: `/api/admin/shipments/${encodeURIComponent(id)}/cancel`, method: 'POST' }),
      invalidatesTags: ['Orders'],
    }),
  }),
});

export const {
  useAdminOrdersQuery,
  useAdminOrderQuery,
  useSaveItemStatusMutation,
  useShippingSettingsQuery,
  useCreateShipmentMutation,
  useBulkShipMutation,
  useCancelShipmentMutation,
} = adminOrdersApi;
