import type { PlaceOrderResponse } from '@bagshop/shared/order-types';
import type { PlaceOrderInput } from '@bagshop/shared/schemas/orders';
import type { WalletDto } from '@bagshop/shared/schemas/wallet';
import { api } from '../../api/api.ts';

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkoutWallet: build.query<WalletDto, void>({
      query: () => '/api/wallet/wallet',
      providesTags: ['Wallet'],
    }),
    placeOrder: build.mutation<PlaceOrderResponse, PlaceOrderInput>({
      query: (body) => ({ url: '/api/orders', method: 'POST', body }),
      invalidatesTags: ['Cart', 'Orders', 'Wallet', 'Product'],
    }),
  }),
});

export const { useCheckoutWalletQuery, usePlaceOrderMutation } = checkoutApi;
