import { format } from 'date-fns';
import { Badge } from 'react-bootstrap';
import { rupees } from '../../../components/price.tsx';
import { amountClass, transactionSource } from '../transaction-rules.ts';

/** 21-Nov-2026, 14:05. */
export function showDateTime(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : format(date, 'dd-MMM-yyyy, HH:mm');
}

/** The type of a transaction as a coloured badge. */
export function TypeBadge({ type }: { type: string }) {
  return <Badge bg={transactionSource(type).variant}>{type || 'Regular Transaction'}</Badge>;
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
