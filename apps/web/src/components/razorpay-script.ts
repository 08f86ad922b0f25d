import type { CheckoutResultAnswer } from '@bagshop/shared/schemas/payments';

export const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name?: string;
  description?: string;
  handler: (result: CheckoutResultAnswer) => void;
  modal: { ondismiss: () => void };
  theme?: { color: string };
}

export interface RazorpayCheckout {
  open(): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayCheckout;
  }
}

let loading: Promise<NonNullable<Window['Razorpay']>> | null = null;

/** Loads Razorpay's checkout script the first time a card payment opens, never before. */
export function loadRazorpay(): Promise<NonNullable<Window['Razorpay']>> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error('Razorpay did not load')));
    script.onerror = () => {
      script.remove();
      reject(new Error('Razorpay did not load'));
    };
    document.body.appendChild(script);
  }).finally(() => {
    loading = null;
  }) as Promise<NonNullable<Window['Razorpay']>>;
  return loading;
}
