import type {
  ChangePasswordInput,
  EmailOnlyInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
  VerifyOtpInput,
} from '@bagshop/shared/schemas/auth';
import type { AuthPayload, UserDto } from '@bagshop/shared/types';
import { api } from '../../api/api.ts';

interface Message {
  message: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthPayload, LoginInput>({
      query: (body) => ({ url: '/api/user/login', method: 'POST', body }),
    }),
    register: build.mutation<Message & { email: string }, RegisterInput>({
      query: (body) => ({ url: '/api/user/register', method: 'POST', body }),
    }),
    verifyOtp: build.mutation<AuthPayload & Message, VerifyOtpInput>({
      query: (body) => ({ url: '/api/user/verify-otp', method: 'POST', body }),
    }),
    resendOtp: build.mutation<Message, EmailOnlyInput>({
      query: (body) => ({ url: '/api/user/resend-otp', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<Message, EmailOnlyInput>({
      query: (body) => ({ url: '/api/user/forgot-password', method: 'POST', body }),
    }),
    verifyOtpPassword: build.mutation<Message & { resetToken: string }, VerifyOtpInput>({
      query: (body) => ({ url: '/api/user/verify-otp-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<Message, ResetPasswordInput>({
      query: (body) => ({ url: '/api/user/reset-password', method: 'POST', body }),
    }),
    changePassword: build.mutation<Message, ChangePasswordInput>({
      query: (body) => ({ url: '/api/user/change-password', method: 'POST', body }),
    }),
    sendVerifyEmail: build.mutation<Message, void>({
      query: () => ({ url: '/api/user/account/verify-email/send', method: 'POST', body: {} }),
    }),
    verifyEmail: build.mutation<Message & { user: UserDto }, { otp: string }>({
      query: (body) => ({ url: '/api/user/account/verify-email', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    verifyEmailChange: build.mutation<Message & { user: UserDto }, { otp: string }>({
      query: (body) => ({ url: '/api/user/account/verify-email-change', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    resendEmailChange: build.mutation<Message, void>({
      query: () => ({ url: '/api/user/account/verify-email-change/resend', method: 'POST', body: {} }),
    }),
    logout: build.mutation<Message, { refreshToken?: string }>({
      query: (body) => ({ url: '/api/user/logout', method: 'POST', body }),
    }),
    googleConfig: build.query<{ enabled: boolean }, void>({
      query: () => '/api/user/auth/google/config',
    }),
    googleSignIn: build.mutation<AuthPayload & { redirect?: string }, { code: string; state: string }>({
      query: ({ code, state }) => ({ url: '/api/user/google', params: { code, state } }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useVerifyOtpMutation,
  useResendOtpMutation,
  useForgotPasswordMutation,
  useVerifyOtpPasswordMutation,
  useResetPasswordMutation,
  useChangePasswordMutation,
  useSendVerifyEmailMutation,
  useVerifyEmailMutation,
  useVerifyEmailChangeMutation,
  useResendEmailChangeMutation,
  useLogoutMutation,
  useGoogleConfigQuery,
  useLazyGoogleConfigQuery,
  useGoogleSignInMutation,
} = authApi;
