import { COD_LIMIT_PAISE, type PaymentMethod } from '@bagshop/shared/orders';
import { formatINR, subtractPaise, toPaise } from '@bagshop/shared/pricing/money';
import type { CodEligibility, ShippingEstimate } from '@bagshop/shared/schemas/shipping';
import { SHIPPING_MSG } from '@bagshop/shared/shipping-messages';

export interface PaymentOption {
  method: PaymentMethod;
  label: string;
  /** Shown under the label: the wallet balance, or why the option cannot be chosen. */
  note: string | null;
  disabled: boolean;
}

/** Whether cash on delivery may be chosen for the address and the shopper; `reason` says why not. */
export type CodAvailability = { allowed: true } | { allowed: false; reason: string };

const COD_OFFERED: CodAvailability = { allowed: true };

export const COD_CHECKING = 'Checking cash on delivery for this address…';

interface Answer<T> {
  data?: T;
  isError: boolean;
}

/**
 * Cash on delivery for the chosen address: only once the courier's estimate says it collects cash there and the shop
 * lets this shopper pay cash; while either is unknown it cannot be chosen. The server checks both again.
 */
export function codAvailability(
  pincode: string | null,
  estimate: Answer<ShippingEstimate>,
  eligibility: Answer<CodEligibility>,
): CodAvailability {
  if (pincode === null) return COD_OFFERED;
  if (estimate.data && !estimate.data.codAvailable) {
    return { allowed: false, reason: SHIPPING_MSG.codNotAvailable(pincode) };
  }
  if (eligibility.data && !eligibility.data.allowed) {
    return { allowed: false, reason: eligibility.data.message ?? SHIPPING_MSG.codRtoLimit };
  }
  if (estimate.isError || eligibility.isError) return { allowed: false, reason: SHIPPING_MSG.estimateUnavailable };
  if (!estimate.data || !eligibility.data) return { allowed: false, reason: COD_CHECKING };
  return COD_OFFERED;
}

/**
 * The checkout's payment methods for an order of `finalRupees` (docs/product.md §11.1): Razorpay
 * unless the shop takes no card payments (`cardsTaken` false); Wallet showing its balance, disabled when short
 * (or while the balance is unknown); Cash on Delivery only when the order is at most ₹1,000, disabled with its reason
 * when the courier takes no cash at the address or the shopper may not pay cash (`cod`).
 */
export function paymentOptions(
  finalRupees: number,
  walletBalance: number | null,
  cardsTaken: boolean,
  cod: CodAvailability = COD_OFFERED,
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
    options.push(
      cod.allowed
        ? { method: 'cod', label: 'Cash on Delivery', note: 'Pay when your order arrives', disabled: false }
        : { method: 'cod', label: 'Cash on Delivery', note: cod.reason, disabled: true },
    );
  }
  return options;
}

/** The chosen method while it can still be chosen, else the first that can (Razorpay when offered); null if none. */
export function usableMethod(chosen: PaymentMethod, options: readonly PaymentOption[]): PaymentMethod | null {
  if (options.some((o) => o.method === chosen && !o.disabled)) return chosen;
  return options.find((o) => !o.disabled)?.method ?? null;
}
