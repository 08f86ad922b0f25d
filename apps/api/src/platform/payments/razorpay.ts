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

interface RazorpayRefund {
  id: string;
  entity: string;
  amount: number;
  payment_id: string;
}

interface Answer<T> {
  status: number;
  ok: boolean;
  body: Partial<T> | null;
}

const errorDetail = (answer: Answer<unknown>) => {
  const detail = (answer.body as { error?: { description?: string } } | null)?.error?.description;
  return `Razorpay answered ${answer.status}${detail ? `: ${detail}` : ''}`;
};

/** Razorpay's REST API called directly (its SDK's host is fixed, so it could not be pointed at a test double). */
export function createRazorpayProvider(options: RazorpayOptions): PaymentProvider {
  const auth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  const apiUrl = options.apiUrl.replace(/\/+$/, '');

  async function post<T>(path: string, body: object, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const response = await fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const answer = (await response.json().catch(() => null)) as Partial<T> | null;
    return { status: response.status, ok: response.ok, body: answer };
  }

  return {
    name: 'razorpay',
    keyId: options.keyId,
    async createOrder(amountPaise, receipt) {
      let answer: Answer<RazorpayOrder>;
      try {
        answer = await post<RazorpayOrder>('/v1/orders', { amount: amountPaise, currency: 'INR', receipt });
      } catch (cause) {
        throw new AppError('PAYMENT_PROVIDER', MSG.paymentInitFailed, undefined, { cause });
      }
      const { body } = answer;
      if (!answer.ok || !body || typeof body.id !== 'string' || body.amount !== amountPaise) {
        throw new AppError('PAYMENT_PROVIDER', MSG.paymentInitFailed, undefined, {
          cause: new Error(errorDetail(answer)),
        });
      }
      return { id: body.id, amountPaise, currency: 'INR' };
    },
    async refund(paymentId, amountPaise, refund) {
      const answer = await post<RazorpayRefund>(
        `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        { amount: amountPaise, receipt: refund.receipt, notes: refund.notes ?? {} },
        { 'x-refund-idempotency': refund.idempotencyKey },
      );
      const { body } = answer;
      if (!answer.ok || !body || typeof body.id !== 'string' || body.amount !== amountPaise) {
        throw new Error(`Refund of ${paymentId} failed: ${errorDetail(answer)}`);
      }
      return { id: body.id, amountPaise };
    },
    verifySignature: (r: CheckoutResult) =>
      signatureMatches(options.keySecret, `${r.razorpay_order_id}|${r.razorpay_payment_id}`, r.razorpay_signature),
    verifyWebhook: (rawBody, signature) =>
      options.webhookSecret !== undefined && signatureMatches(options.webhookSecret, rawBody, signature),
  };
}
