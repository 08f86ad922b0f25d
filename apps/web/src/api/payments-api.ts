import type { RetryPaymentResponse, VerifyPaymentResponse } from '@bagshop/shared/order-types';
import type { RetryPaymentInput, VerifyPaymentInput } from '@bagshop/shared/schemas/orders';
import type { CheckoutResultAnswer, SandboxCompleteInput } from '@bagshop/shared/schemas/payments';
import { api } from './api.ts';

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyPayment: build.mutation<VerifyPaymentResponse, VerifyPaymentInput>({
      query: (body) => ({ url: '/api/user/verify-payment', method: 'POST', body }),
      invalidatesTags: ['Orders'],
    }),
    retryPayment: build.mutation<RetryPaymentResponse, RetryPaymentInput>({
      query: (body) => ({ url: '/api/user/retry-payment', method: 'POST', body }),
    }),
    verifyRetryPayment: build.mutation<VerifyPaymentResponse, VerifyPaymentInput>({
      query: (body) => ({ url: '/api/user/verify-retry-payment', method: 'POST', body }),
      invalidatesTags: ['Orders'],
    }),
    sandboxComplete: build.mutation<CheckoutResultAnswer, SandboxCompleteInput>({
      query: (body) => ({ url: '/api/payments/sandbox/complete', method: 'POST', body }),
    }),
  }),
});

export const {
  useVerifyPaymentMutation,
  useRetryPaymentMutation,
  useVerifyRetryPaymentMutation,
  useSandboxCompleteMutation,
} = paymentsApi;
