import { topUpAmountFromText } from '@bagshop/shared/schemas/wallet-top-up';
import { orderDate } from '../../components/order-rules.ts';

/**
 * A transaction's day in the shop's one date format, on India's clock ("01 Dec 2026"), wherever the browser is
 * (docs/decisions/056-one-date-format.md; the spec's "Mon, Jan 01, 2024" was in the browser's zone).
 */
export function walletDate(iso: string): string {
  return orderDate(iso) || '—';
}

/** docs/product.md §5 Wallet add money: the amount in rupees when it follows the shared top-up rule, else null. */
export const topUpAmount = topUpAmountFromText;
