import type { AdminWalletListQuery } from '@bagshop/shared/schemas/admin-lists';
import type { AdminWalletList, AdminWalletTransactionDetail } from '@bagshop/shared/schemas/wallet';
import { api, LIST_KEEP_SECONDS } from '../../api/api.ts';

export const adminWalletsApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminTransactions: build.query<AdminWalletList, Partial<AdminWalletListQuery>>({
      query: (params) => ({ url: '/api/wallet/admin/wallets', params }),
      providesTags: ['Wallet'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    adminTransaction: build.query<AdminWalletTransactionDetail, string>({
      query: (id) => `/api/wallet/admin/wallets/edit/${encodeURIComponent(id)}`,
      providesTags: ['Wallet'],
    }),
  }),
});

export const { useAdminTransactionsQuery, useAdminTransactionQuery } = adminWalletsApi;
