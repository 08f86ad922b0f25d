import type { Config } from '../../config.ts';
import type { PaymentProvider } from './provider.ts';
import { createRazorpayProvider } from './razorpay.ts';
import { createSandboxProvider } from './sandbox.ts';

/** Razorpay when it is chosen and its keys are set; otherwise the sandbox, so the shop always takes payments. */
export function createPaymentProvider(config: Config, sandboxSecret: string): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'razorpay' && config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) {
    return createRazorpayProvider({
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
      apiUrl: config.RAZORPAY_API_URL,
    });
  }
  return createSandboxProvider(sandboxSecret);
}
