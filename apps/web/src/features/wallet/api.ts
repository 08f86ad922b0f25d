import type { CheckoutPaymentDto } from '@bagshop/shared/order-types';
import type { WalletEntryDirection, WalletTransactionType } from '@bagshop/shared/orders';
import type { TopUpBody } from '@bagshop/shared/schemas/wallet-top-up';
import { api } from '../../api/api.ts';
import type { CheckoutResult } from '../../api/payments-api.ts';

export interface WalletTransaction {
  _id: string;
  type: WalletEntryDirection;
  transactionType: WalletTransactionType;
  /** Rupees, always positive; `type` says which way it went. */
  amount: number;
  description: string;
  orderId: string | null;
  createdAt: string;
}

export interface Wallet {
  /** Rupees. */
  balance: number;
  transactions: WalletTransaction[];
}

export type TopUpOrder = Omit<CheckoutPaymentDto, 'provider'> & { provider?: CheckoutPaymentDto['provider'] };

export const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    myWallet: build.query<Wallet, void>({
      query: () => '/api/wallet/wallet',
      providesTags: ['Wallet'],
    }),
    createTopUp: build.mutation<TopUpOrder, TopUpBody>({
      query: (body) => ({ url: '/api/wallet/create-order', method: 'POST', body }),
    }),
    updateWallet: build.mutation<{ status: 'success'; balance: number }, CheckoutResult>({
      query: (body) => ({ url: '/api/wallet/update', method: 'POST', body }),
      invalidatesTags: ['Wallet'],
    }),
  }),
});

export const { useMyWalletQuery, useCreateTopUpMutation, useUpdateWalletMutation } = walletApi;
