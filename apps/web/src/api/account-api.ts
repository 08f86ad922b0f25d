import type {
  AccountAnswer,
  AddressInput,
  AddressOnlyAnswer,
  AddressSavedAnswer,
  EditAddressInput,
  PicturesAnswer,
  ProfileUpdatedAnswer,
  UpdateProfileInput,
} from '@bagshop/shared/schemas/account';
import type { MessageAnswer } from '@bagshop/shared/schemas/answers';
import { api, LIST_KEEP_SECONDS } from './api.ts';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    account: build.query<AccountAnswer, void>({
      query: () => '/api/user/account',
      providesTags: ['User', 'Address'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    /** `pendingEmail`: a new email, which takes effect once the code mailed to it is verified. */
    editProfile: build.mutation<ProfileUpdatedAnswer, UpdateProfileInput>({
      query: (body) => ({ url: '/api/user/account/edit', method: 'PUT', body }),
      invalidatesTags: ['User'],
    }),
    addAddress: build.mutation<AddressSavedAnswer, AddressInput>({
      query: (body) => ({ url: '/api/user/account/add-address', method: 'POST', body }),
      invalidatesTags: ['Address'],
    }),
    address: build.query<AddressOnlyAnswer, string>({
      query: (id) => `/api/user/account/edit-address/${id}`,
      providesTags: ['Address'],
    }),
    editAddress: build.mutation<AddressSavedAnswer, EditAddressInput & { id: string }>({
      query: ({ id, ...body }) => ({
        url: `/api/user/account/edit-address/${id}`,
        method: 'PUT',
        body: { id, ...body },
      }),
      invalidatesTags: ['Address'],
    }),
    deleteAddress: build.mutation<MessageAnswer, string>({
      query: (id) => ({ url: `/api/user/account/delete-address/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Address'],
    }),
    deletePicture: build.mutation<PicturesAnswer, { userId: string; index: number }>({
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
