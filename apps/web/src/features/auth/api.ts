import type { UserChangedAnswer } from '@bagshop/shared/schemas/account';
import type { MessageAnswer } from '@bagshop/shared/schemas/answers';
import type {
  ChangePasswordInput,
  CodeSentAnswer,
  EmailChangedAnswer,
  EmailOnlyInput,
  GoogleConfigAnswer,
  GoogleSignInAnswer,
  LoginInput,
  RegisteredAnswer,
  RegisterInput,
  RegistrationStartedAnswer,
  ResetGrantAnswer,
  ResetPasswordInput,
  VerifyEmailChangeInput,
  VerifyEmailCodeInput,
  VerifyOtpInput,
} from '@bagshop/shared/schemas/auth';
import type { AuthPayload } from '@bagshop/shared/types';
import { api } from '../../api/api.ts';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthPayload, LoginInput>({
      query: (body) => ({ url: '/api/user/login', method: 'POST', body }),
    }),
    register: build.mutation<RegistrationStartedAnswer, RegisterInput>({
      query: (body) => ({ url: '/api/user/register', method: 'POST', body }),
    }),
    verifyOtp: build.mutation<RegisteredAnswer, VerifyOtpInput>({
      query: (body) => ({ url: '/api/user/verify-otp', method: 'POST', body }),
    }),
    resendOtp: build.mutation<CodeSentAnswer, EmailOnlyInput>({
      query: (body) => ({ url: '/api/user/resend-otp', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<MessageAnswer, EmailOnlyInput>({
      query: (body) => ({ url: '/api/user/forgot-password', method: 'POST', body }),
    }),
    verifyOtpPassword: build.mutation<ResetGrantAnswer, VerifyOtpInput>({
      query: (body) => ({ url: '/api/user/verify-otp-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageAnswer, ResetPasswordInput>({
      query: (body) => ({ url: '/api/user/reset-password', method: 'POST', body }),
    }),
    changePassword: build.mutation<MessageAnswer, ChangePasswordInput>({
      query: (body) => ({ url: '/api/user/change-password', method: 'POST', body }),
    }),
    sendVerifyEmail: build.mutation<MessageAnswer, void>({
      query: () => ({ url: '/api/user/account/verify-email/send', method: 'POST', body: {} }),
    }),
    verifyEmail: build.mutation<UserChangedAnswer, VerifyEmailCodeInput>({
      query: (body) => ({ url: '/api/user/account/verify-email', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    verifyEmailChange: build.mutation<EmailChangedAnswer, VerifyEmailChangeInput>({
      query: (body) => ({ url: '/api/user/account/verify-email-change', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    resendEmailChange: build.mutation<MessageAnswer, void>({
      query: () => ({ url: '/api/user/account/verify-email-change/resend', method: 'POST', body: {} }),
    }),
    logout: build.mutation<MessageAnswer, { refreshToken?: string }>({
      query: (body) => ({ url: '/api/user/logout', method: 'POST', body }),
    }),
    googleConfig: build.query<GoogleConfigAnswer, void>({
      query: () => '/api/user/auth/google/config',
    }),
    googleSignIn: build.mutation<GoogleSignInAnswer, { code: string; state: string }>({
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
