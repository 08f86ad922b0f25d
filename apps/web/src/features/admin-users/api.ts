import type { AdminUserChangedAnswer } from '@bagshop/shared/schemas/account';
import type { AdminUserListQuery, BulkBlockAnswer, BulkBlockInput } from '@bagshop/shared/schemas/admin-lists';
import type { MessageAnswer } from '@bagshop/shared/schemas/answers';
import type { AdminUserList } from '@bagshop/shared/types';
import { api, LIST_KEEP_SECONDS } from '../../api/api.ts';

export const adminUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminUsers: build.query<AdminUserList, Partial<AdminUserListQuery>>({
      query: (params) => ({ url: '/api/user/', params }),
      providesTags: ['User'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    toggleUserBlock: build.mutation<AdminUserChangedAnswer, string>({
      query: (id) => ({ url: `/api/user/${id}/unblock`, method: 'PUT' }),
      invalidatesTags: ['User'],
    }),
    bulkBlockUsers: build.mutation<BulkBlockAnswer, BulkBlockInput>({
      query: (body) => ({ url: '/api/user/bulk-block', method: 'PUT', body }),
      invalidatesTags: ['User'],
    }),
    deleteUser: build.mutation<MessageAnswer, string>({
      query: (id) => ({ url: `/api/user/${id}`, method: 'DELETE' }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useAdminUsersQuery, useToggleUserBlockMutation, useBulkBlockUsersMutation, useDeleteUserMutation } =
  adminUsersApi;
