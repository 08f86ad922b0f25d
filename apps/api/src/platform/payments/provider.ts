import type { PaymentProviderName } from '@bagshop/shared/orders';
import type { Paise } from '@bagshop/shared/pricing/money';
/**
 * A card payment provider (docs/product.md §11.1): `razorpay` (the real REST API) and `sandbox` (the same
 * order → checkout → signed result → verify path, with a local checkout the web app shows).
 */
export interface ProviderOrder {
  /** The provider's order id, e.g. order_Nabc… */
  id: string;
  amountPaise: Paise;
  currency: 'INR';
}

export interface CheckoutResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface RefundOptions {
  /**
   * The same key for every attempt at one refund, so a retry after a lost answer never refunds twice (Razorpay's
   * X-Refund-Idempotency: 10+ characters of letters, digits, '-' and '_').
   */
  idempotencyKey: string;
  /** The shop's reference for the refund, at most 40 characters. */
  receipt: string;
  notes?: Record<string, string>;
}

export interface ProviderRefund {
  /** The provider's refund id, e.g. rfnd_… */
  id: string;
  amountPaise: Paise;
}

export interface PaymentProvider {
  name: PaymentProviderName;
  /** The public key the browser's checkout needs. */
  keyId: string;
  createOrder(amountPaise: Paise, receipt: string): Promise<ProviderOrder>;
  /** HMAC-SHA256 of `order_id|payment_id` with the key secret, compared in constant time. */
  verifySignature(result: CheckoutResult): boolean;
  /** HMAC-SHA256 of the raw webhook body with the webhook secret. */
  verifyWebhook(rawBody: string, signature: string): boolean;
  /** Hands a captured payment (or part of it) back to the payer; throws when the provider did not take the refund. */
  refund(paymentId: string, amountPaise: Paise, options: RefundOptions): Promise<ProviderRefund>;
}
