import { ORDER_MSG } from '@bagshop/shared/order-messages';
import { ORDER_SCREEN_MSG } from '@bagshop/shared/order-screen-messages';
import type { CheckoutPaymentDto } from '@bagshop/shared/order-types';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { errorMessage, errorStatus } from '../api/errors.ts';
import {
  useRetryPaymentMutation,
  useVerifyPaymentMutation,
  useVerifyRetryPaymentMutation,
} from '../api/payments-api.ts';
import { providerOf, useProviderCheckout } from './provider-checkout.tsx';

export const successPath = (orderId: string) => `/order-success?id=${encodeURIComponent(orderId)}`;
export const failurePath = (orderId: string) => `/order-failure?id=${encodeURIComponent(orderId)}`;
const detailsPath = (orderId: string) => `/order-details/${encodeURIComponent(orderId)}`;

/** The server answered (a status code): its message counts; otherwise the request itself failed. */
function answeredByServer(error: unknown) {
  return typeof errorStatus(error) === 'number';
}

/**
 * docs/product.md §4 Payment: open the provider's checkout for a card order, verify its signed result, then
 * 'Payment Successful' → /order-success?id; a failed or abandoned payment leaves the order pending → /order-failure?id.
 */
export function useOrderPayment() {
  const navigate = useNavigate();
  const { openCheckout, checkoutDialog } = useProviderCheckout();
  const [verifyPayment] = useVerifyPaymentMutation();
  const [verifyRetryPayment] = useVerifyRetryPaymentMutation();
  const [retryPayment] = useRetryPaymentMutation();
  const [busy, setBusy] = useState(false);

  async function payAndVerify(orderId: string, payment: CheckoutPaymentDto, retry: boolean) {
    const outcome = await openCheckout(payment);
    if (outcome.kind !== 'paid') {
      navigate(failurePath(orderId));
      return;
    }
    try {
      const verify = retry ? verifyRetryPayment : verifyPayment;
      await verify({ orderId, ...outcome.result }).unwrap();
    } catch (failure) {
      toast.error(
        answeredByServer(failure) ? errorMessage(failure, ORDER_MSG.verificationFailed) : ORDER_SCREEN_MSG.verifyError,
      );
      // 409: the order was cancelled or expired (or already paid) and this payment goes back to the card; the
      // order's page says so, where the failure page would offer to pay again.
      navigate(errorStatus(failure) === 409 ? detailsPath(orderId) : failurePath(orderId));
      return;
    }
    toast.success(ORDER_MSG.paymentSuccessful);
    navigate(successPath(orderId));
  }

  /** Pays an order just placed with the payment the server created for it. */
  async function pay(orderId: string, payment: CheckoutPaymentDto) {
    setBusy(true);
    try {
      await payAndVerify(orderId, payment, false);
    } catch {
      toast.error(ORDER_SCREEN_MSG.paymentInitFailed);
      navigate(failurePath(orderId));
    } finally {
      setBusy(false);
    }
  }

  /** Retry Payment: a new provider order for the same amount, then the same checkout and verification. */
  async function retry(orderId: string) {
    setBusy(true);
    try {
      let answer: Awaited<ReturnType<ReturnType<typeof retryPayment>['unwrap']>>;
      try {
        answer = await retryPayment({ orderId }).unwrap();
      } catch (failure) {
        toast.error(errorMessage(failure, ORDER_MSG.retryFailed));
        return;
      }
      const { key, amount, id, currency } = answer.order;
      await payAndVerify(orderId, { provider: providerOf(answer.order), key, amount, id, currency }, true);
    } catch {
      toast.error(ORDER_SCREEN_MSG.retryError);
    } finally {
      setBusy(false);
    }
  }

  return { pay, retry, busy, checkoutDialog };
}
