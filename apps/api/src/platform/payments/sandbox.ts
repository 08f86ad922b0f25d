import crypto from 'node:crypto';
import { hmacHex, signatureMatches } from './hmac.ts';
import type { CheckoutResult, PaymentProvider } from './provider.ts';

/**
 * The offline provider: orders and signatures made here with a secret of the shop's own, so the shop runs the
 * same create → checkout → verify path without a Razorpay account. `sign` plays the provider's checkout.
 */
export function createSandboxProvider(
  secret: string,
): PaymentProvider & { sign(orderId: string, paymentId: string): string } {
  return {
    name: 'sandbox',
    keyId: 'rzp_sandbox',
    async createOrder(amountPaise) {
      return { id: `order_sbx_${crypto.randomBytes(9).toString('base64url')}`, amountPaise, currency: 'INR' };
    },
    sign: (orderId, paymentId) => hmacHex(secret, `${orderId}|${paymentId}`),
    verifySignature: (r: CheckoutResult) =>
      signatureMatches(secret, `${r.razorpay_order_id}|${r.razorpay_payment_id}`, r.razorpay_signature),
    verifyWebhook: (rawBody, signature) => signatureMatches(`${secret}:webhook`, rawBody, signature),
  };
}
