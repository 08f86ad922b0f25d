import type { TopUpOrderDto, WalletDto, WalletUpdateAnswer, WalletUpdateInput } from '@bagshop/shared/schemas/wallet';
import type { TopUpBody } from '@bagshop/shared/schemas/wallet-top-up';
import { api } from '../../api/api.ts';

export const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    myWallet: build.query<WalletDto, void>({
      query: () => '/api/wallet/wallet',
      providesTags: ['Wallet'],
    }),
    createTopUp: build.mutation<TopUpOrderDto, TopUpBody>({
      query: (body) => ({ url: '/api/wallet/create-order', method: 'POST', body }),
    }),
    updateWallet: build.mutation<WalletUpdateAnswer, WalletUpdateInput>({
      query: (body) => ({ url: '/api/wallet/update', method: 'POST', body }),
      invalidatesTags: ['Wallet'],
    }),
  }),
});

export const { useMyWalletQuery, useCreateTopUpMutation, useUpdateWalletMutation } = walletApi;
