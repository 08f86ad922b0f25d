import type { ItemStatus, OrderStatus, PaymentStatus } from '@bagshop/shared/orders';
import type { ReactNode } from 'react';
import { Badge } from 'react-bootstrap';
import { ITEM_STATUS_VARIANTS, ORDER_STATUS_VARIANTS, PAYMENT_STATUS_VARIANTS } from './order-rules.ts';

const darkText = (variant: string) => (variant === 'warning' || variant === 'info' ? 'dark' : undefined);

export function ItemStatusBadge({ status }: { status: ItemStatus }) {
  const variant = ITEM_STATUS_VARIANTS[status] ?? 'secondary';
  return (
    <Badge bg={variant} text={darkText(variant)}>
      {status}
    </Badge>
  );
}

/**
 * Where a list shows an order's two badges side by side, each says what it is ("Order", "Payment"): "Pending" alone
 * could be either.
 */
function Labelled({ label, children }: { label: string | undefined; children: ReactNode }) {
  if (!label) return children;
  return (
    <span className="status-pair text-nowrap">
      <span className="small text-muted me-1">{label}</span>
      {children}
    </span>
  );
}

export function OrderStatusBadge({ status, labelled = false }: { status: OrderStatus; labelled?: boolean }) {
  const variant = ORDER_STATUS_VARIANTS[status] ?? 'secondary';
  return (
    <Labelled label={labelled ? 'Order' : undefined}>
      <Badge bg={variant} text={darkText(variant)}>
        {status}
      </Badge>
    </Labelled>
  );
}

export function PaymentStatusBadge({ status, labelled = false }: { status: PaymentStatus; labelled?: boolean }) {
  const variant = PAYMENT_STATUS_VARIANTS[status] ?? 'warning';
  return (
    <Labelled label={labelled ? 'Payment' : undefined}>
      <Badge bg={variant} text={darkText(variant)}>
        {status}
      </Badge>
    </Labelled>
  );
}
