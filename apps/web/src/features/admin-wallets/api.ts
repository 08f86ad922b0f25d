import { api, LIST_KEEP_SECONDS } from '../../api/api.ts';

export interface AdminTransaction {
  transactionId: string;
  /** Rupees: positive when credited, negative when debited. */
  amount: number;
  description: string;
  createdAt: string;
  transactionType: string;
  /** The order it belongs to, when there is one. */
  orderButton: string | null;
  user: { name: string; email: string };
}

export interface TransactionPage {
  transactions: AdminTransaction[];
  total: number;
  page: number;
  pages: number;
}

export const adminWalletsApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminTransactions: build.query<TransactionPage, { keyword?: string; page?: number }>({
      query: (params) => ({ url: '/api/wallet/admin/wallets', params }),
      providesTags: ['Wallet'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    adminTransaction: build.query<{ transaction: AdminTransaction }, string>({
      query: (id) => `/api/wallet/admin/wallets/edit/${encodeURIComponent(id)}`,
      providesTags: ['Wallet'],
    }),
  }),
});

export const { useAdminTransactionsQuery, useAdminTransactionQuery } = adminWalletsApi;
