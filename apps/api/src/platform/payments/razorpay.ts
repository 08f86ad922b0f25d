import { MSG } from '@bagshop/shared/messages';
import { AppError } from '../errors.ts';
import { signatureMatches } from './hmac.ts';
import type { CheckoutResult, PaymentProvider } from './provider.ts';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  /** Without it every webhook is refused. */
  webhookSecret?: string;
  /** e.g. https://api.razorpay.com; a local fake in tests. */
  apiUrl: string;
  timeoutMs?: number;
}

interface RazorpayOrder {
  id: string;
  amount: number;
  currency: string;
}

/** Razorpay's REST API called directly (its SDK's host is fixed, so it could not be pointed at a test double). */
export function createRazorpayProvider(options: RazorpayOptions): PaymentProvider {
  const auth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  const ordersUrl = `${options.apiUrl.replace(/\/+$/, '')}/v1/orders`;

  return {
    name: 'razorpay',
    keyId: options.keyId,
    async createOrder(amountPaise, receipt) {
      let response: Response;
      try {
        response = await fetch(ordersUrl, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: amountPaise, currency: 'INR', receipt }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (cause) {
        throw new AppError('PAYMENT_PROVIDER', MSG.paymentInitFailed, undefined, { cause });
      }
      const body = (await response.json().catch(() => null)) as Partial<RazorpayOrder> | null;
      if (!response.ok || !body || typeof body.id !== 'string' || body.amount !== amountPaise) {
        const detail = (body as { error?: { description?: string } } | null)?.error?.description;
        throw new AppError('PAYMENT_PROVIDER', MSG.paymentInitFailed, undefined, {
          cause: new Error(`Razorpay answered ${response.status}${detail ? `: ${detail}` : ''}`),
        });
      }
      return { id: body.id, amountPaise, currency: 'INR' };
    },
    verifySignature: (r: CheckoutResult) =>
      signatureMatches(options.keySecret, `${r.razorpay_order_id}|${r.razorpay_payment_id}`, r.razorpay_signature),
    verifyWebhook: (rawBody, signature) =>
      options.webhookSecret !== undefined && signatureMatches(options.webhookSecret, rawBody, signature),
  };
}
