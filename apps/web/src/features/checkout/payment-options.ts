import { COD_LIMIT_PAISE, type PaymentMethod } from '@bagshop/shared/orders';
import { formatINR, subtractPaise, toPaise } from '@bagshop/shared/pricing/money';

export interface PaymentOption {
  method: PaymentMethod;
  label: string;
  /** Shown under the label: the wallet balance, or why the option cannot be chosen. */
  note: string | null;
  disabled: boolean;
}

/**
 * The checkout's payment methods for an order of `finalRupees` (docs/product.md §11.1): Razorpay
 * unless the shop takes no card payments (`cardsTaken` false); Wallet showing its balance, disabled when short
 * (or while the balance is unknown); Cash on Delivery only when the order is at most ₹1,000.
 */
export function paymentOptions(
  finalRupees: number,
  walletBalance: number | null,
  cardsTaken: boolean,
): PaymentOption[] {
  const finalPaise = toPaise(finalRupees);
  const options: PaymentOption[] = cardsTaken
    ? [{ method: 'razorpay', label: 'Razorpay', note: 'Cards, UPI, net banking and wallets', disabled: false }]
    : [];
  if (walletBalance === null) {
    options.push({ method: 'wallet', label: 'Wallet', note: 'Balance unavailable', disabled: true });
  } else {
    const balance = toPaise(walletBalance);
    const short = balance < finalPaise;
    options.push({
      method: 'wallet',
      label: 'Wallet',
      note: short
        ? `Balance ${formatINR(balance)} — ${formatINR(subtractPaise(finalPaise, balance))} short for this order`
        : `Balance ${formatINR(balance)}`,
      disabled: short,
    });
  }
  if (finalPaise <= COD_LIMIT_PAISE) {
    options.push({ method: 'cod', label: 'Cash on Delivery', note: 'Pay when your order arrives', disabled: false });
  }
  return options;
}

/** The chosen method while it can still be chosen, else the first that can (Razorpay when offered); null if none. */
export function usableMethod(chosen: PaymentMethod, options: readonly PaymentOption[]): PaymentMethod | null {
  if (options.some((o) => o.method === chosen && !o.disabled)) return chosen;
  return options.find((o) => !o.disabled)?.method ?? null;
}
