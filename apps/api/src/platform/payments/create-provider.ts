import type { CardPaymentMode } from '@bagshop/shared/shop-settings';
import type { Config } from '../../config.ts';
import type { PaymentProvider } from './provider.ts';
import { createRazorpayProvider } from './razorpay.ts';
import { createSandboxProvider } from './sandbox.ts';

/**
 * Razorpay whenever its keys are set (and then never the sandbox). Without keys the sandbox only when
 * PAYMENT_PROVIDER=sandbox or the demo data were seeded; otherwise card payments are off. loadConfig has already
 * refused the contradictions (PAYMENT_PROVIDER=razorpay without keys, sandbox with keys, half a key pair).
 */
export function cardPaymentMode(config: Config, demoData: boolean): CardPaymentMode {
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) return 'razorpay';
  if (config.PAYMENT_PROVIDER === 'sandbox' || demoData) return 'sandbox';
  return 'off';
}

/** The provider of `cardPaymentMode`; null when card payments are off. */
export function createPaymentProvider(
  config: Config,
  sandboxSecret: string,
  demoData: boolean,
): PaymentProvider | null {
  const mode = cardPaymentMode(config, demoData);
  if (mode === 'razorpay' && config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) {
    return createRazorpayProvider({
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
      apiUrl: config.RAZORPAY_API_URL,
    });
  }
  return mode === 'sandbox' ? createSandboxProvider(sandboxSecret) : null;
}
