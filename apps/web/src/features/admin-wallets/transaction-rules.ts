import type { WalletTransactionType } from '@bagshop/shared/orders';

/** docs/product.md §3 Admin wallet transaction: the types with a source banner of their own. */
const SOURCES: Record<WalletTransactionType, { label: string; variant: string; note: string }> = {
  'Order Returned': { label: 'Order Returned', variant: 'info', note: 'Refund for items returned from an order.' },
  'Order Cancelled': { label: 'Order Cancelled', variant: 'warning', note: 'Refund for items of a cancelled order.' },
  Debited: { label: 'Debited', variant: 'danger', note: 'Paid from the wallet.' },
  'Referral Bonus': { label: 'Referral Bonus', variant: 'success', note: 'Bonus for referring a new shopper.' },
  Credit: { label: 'Credit', variant: 'success', note: 'Credited to the wallet.' },
  'Wallet Recharge': { label: 'Wallet Recharge', variant: 'primary', note: 'Money added by the shopper.' },
};

const REGULAR = { label: 'Regular Transaction', variant: 'secondary', note: 'A wallet movement.' };

/** The source banner for a transaction type; anything unknown is a 'Regular Transaction'. */
export function transactionSource(type: string | null | undefined) {
  return (type && Object.hasOwn(SOURCES, type) ? SOURCES[type as WalletTransactionType] : undefined) ?? REGULAR;
}

/** docs/product.md §2: amounts above zero show green, all others red. */
export function amountClass(amount: number): 'text-success' | 'text-danger' {
  return amount > 0 ? 'text-success' : 'text-danger';
}
