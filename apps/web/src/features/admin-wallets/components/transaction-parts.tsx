import { Badge } from 'react-bootstrap';
import { orderDateTime } from '../../../components/order-rules.ts';
import { rupees } from '../../../components/price.tsx';
import { amountClass, transactionSource } from '../transaction-rules.ts';

/** 21 Nov 2026, 02:05 pm on the shop's clock in India, as every order screen shows it. */
export function showDateTime(iso: string) {
  return orderDateTime(iso) || '—';
}

/** The type of a transaction as a coloured badge. */
export function TypeBadge({ type }: { type: string }) {
  const { variant } = transactionSource(type);
  // White text on the light info and warning colours is too faint to read (WCAG AA contrast).
  const text = variant === 'info' || variant === 'warning' ? 'dark' : undefined;
  return (
    <Badge bg={variant} text={text}>
      {type || 'Regular Transaction'}
    </Badge>
  );
}

/** A signed amount in rupees, green when positive and red otherwise. */
export function SignedAmount({ amount }: { amount: number }) {
  const sign = amount > 0 ? '+' : amount < 0 ? '−' : '';
  return (
    <span className={`fw-semibold text-nowrap ${amountClass(amount)}`} data-testid="transaction-amount">
      {sign}
      {rupees(Math.abs(amount))}
    </span>
  );
}
