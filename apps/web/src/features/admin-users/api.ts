import type { AdminUserRow } from '@bagshop/shared/types';
import { api, LIST_KEEP_SECONDS } from '../../api/api.ts';

interface Message {
  message: string;
}

export const adminUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminUsers: build.query<
      { users: AdminUserRow[]; total: number; page: number; pages: number },
      { keyword?: string; page?: number }
    >({
      query: (params) => ({ url: '/api/user/', params }),
      providesTags: ['User'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    toggleUserBlock: build.mutation<Message & { user: AdminUserRow }, string>({
      query: (id) => ({ url: `/api/user/${id}/unblock`, method: 'PUT' }),
      invalidatesTags: ['User'],
    }),
    deleteUser: build.mutation<Message, string>({
      query: (id) => ({ url: `/api/user/${id}`, method: 'DELETE' }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useAdminUsersQuery, useToggleUserBlockMutation, useDeleteUserMutation } = adminUsersApi;
