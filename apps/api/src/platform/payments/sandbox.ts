import crypto from 'node:crypto';
import type { Paise } from '@bagshop/shared/pricing/money';
import { hmacHex, signatureMatches } from './hmac.ts';
import type { CheckoutResult, PaymentProvider, ProviderRefund, RefundOptions } from './provider.ts';

export interface SandboxRefund extends ProviderRefund {
  paymentId: string;
  receipt: string;
  idempotencyKey: string;
  notes: Record<string, string>;
}

export type SandboxProvider = PaymentProvider & {
  sign(orderId: string, paymentId: string): string;
  /** The refunds taken since the shop started, oldest first; a repeated idempotency key adds none. */
  refunds: SandboxRefund[];
};

/**
 * The offline provider: orders and signatures made here with a secret of the shop's own, so the shop runs the
 * same create → checkout → verify path without a Razorpay account. `sign` plays the provider's checkout.
 */
export function createSandboxProvider(secret: string): SandboxProvider {
  const refunds: SandboxRefund[] = [];
  return {
    name: 'sandbox',
    keyId: 'rzp_sandbox',
    refunds,
    async createOrder(amountPaise) {
      return { id: `order_sbx_${crypto.randomBytes(9).toString('base64url')}`, amountPaise, currency: 'INR' };
    },
    async refund(paymentId: string, amountPaise: Paise, options: RefundOptions) {
      const earlier = refunds.find((r) => r.idempotencyKey === options.idempotencyKey);
      if (earlier) return { id: earlier.id, amountPaise: earlier.amountPaise };
      const refund: SandboxRefund = {
        id: `rfnd_sbx_${crypto.randomBytes(9).toString('base64url')}`,
        amountPaise,
        paymentId,
        receipt: options.receipt,
        idempotencyKey: options.idempotencyKey,
        notes: options.notes ?? {},
      };
      refunds.push(refund);
      return { id: refund.id, amountPaise };
    },
    sign: (orderId, paymentId) => hmacHex(secret, `${orderId}|${paymentId}`),
    verifySignature: (r: CheckoutResult) =>
      signatureMatches(secret, `${r.razorpay_order_id}|${r.razorpay_payment_id}`, r.razorpay_signature),
    verifyWebhook: (rawBody, signature) => signatureMatches(`${secret}:webhook`, rawBody, signature),
  };
}
