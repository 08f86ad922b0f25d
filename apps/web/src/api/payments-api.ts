import type { RetryPaymentResponse, VerifyPaymentResponse } from '@bagshop/shared/order-types';
import type { SandboxOutcome } from '@bagshop/shared/orders';
import type { VerifyPaymentInput } from '@bagshop/shared/schemas/orders';
import { api } from './api.ts';

/** What the provider's checkout hands the browser after a payment. */
export interface CheckoutResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyPayment: build.mutation<VerifyPaymentResponse, VerifyPaymentInput>({
      query: (body) => ({ url: '/api/user/verify-payment', method: 'POST', body }),
      invalidatesTags: ['Orders'],
    }),
    retryPayment: build.mutation<RetryPaymentResponse, { orderId: string }>({
      query: (body) => ({ url: '/api/user/retry-payment', method: 'POST', body }),
    }),
    verifyRetryPayment: build.mutation<{ status: 'success' }, VerifyPaymentInput>({
      query: (body) => ({ url: '/api/user/verify-retry-payment', method: 'POST', body }),
      invalidatesTags: ['Orders'],
    }),
    sandboxComplete: build.mutation<CheckoutResult, { id: string; outcome: SandboxOutcome }>({
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
