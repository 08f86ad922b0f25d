import { topUpAmountFromText } from '@bagshop/shared/schemas/wallet-top-up';
import { format } from 'date-fns';

/** docs/product.md §2 My Wallet: dates like Mon, Jan 01, 2024. */
export const WALLET_DATE_FORMAT = 'EEE, MMM dd, yyyy';

export function walletDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : format(date, WALLET_DATE_FORMAT);
}

/** docs/product.md §5 Wallet add money: the amount in rupees when it follows the shared top-up rule, else null. */
export const topUpAmount = topUpAmountFromText;
