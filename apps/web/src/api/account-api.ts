import type { AddressInput, UpdateProfileInput } from '@bagshop/shared/schemas/account';
import type { AddressDto, UserDto } from '@bagshop/shared/types';
import { api, LIST_KEEP_SECONDS } from './api.ts';

interface Message {
  message: string;
}

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    account: build.query<{ user: UserDto }, void>({
      query: () => '/api/user/account',
      providesTags: ['User', 'Address'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    /** `pendingEmail`: a new email, which takes effect once the code mailed to it is verified. */
    editProfile: build.mutation<Message & { user: UserDto; pendingEmail?: string }, UpdateProfileInput>({
      query: (body) => ({ url: '/api/user/account/edit', method: 'PUT', body }),
      invalidatesTags: ['User'],
    }),
    addAddress: build.mutation<Message & { address: AddressDto }, AddressInput>({
      query: (body) => ({ url: '/api/user/account/add-address', method: 'POST', body }),
      invalidatesTags: ['Address'],
    }),
    address: build.query<{ address: AddressDto }, string>({
      query: (id) => `/api/user/account/edit-address/${id}`,
      providesTags: ['Address'],
    }),
    editAddress: build.mutation<Message & { address: AddressDto }, AddressInput & { id: string }>({
      query: ({ id, ...body }) => ({
        url: `/api/user/account/edit-address/${id}`,
        method: 'PUT',
        body: { id, ...body },
      }),
      invalidatesTags: ['Address'],
    }),
    deleteAddress: build.mutation<Message, string>({
      query: (id) => ({ url: `/api/user/account/delete-address/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Address'],
    }),
    deletePicture: build.mutation<Message & { image: string[] }, { userId: string; index: number }>({
      query: ({ userId, index }) => ({ url: `/api/user/${userId}/${index}`, method: 'DELETE' }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const {
  useAccountQuery,
  useEditProfileMutation,
  useAddAddressMutation,
  useAddressQuery,
  useEditAddressMutation,
  useDeleteAddressMutation,
  useDeletePictureMutation,
} = accountApi;
