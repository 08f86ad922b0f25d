import type { ItemStatus, OrderStatus, PaymentStatus } from '@bagshop/shared/orders';
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

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const variant = ORDER_STATUS_VARIANTS[status] ?? 'secondary';
  return (
    <Badge bg={variant} text={darkText(variant)}>
      {status}
    </Badge>
  );
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const variant = PAYMENT_STATUS_VARIANTS[status] ?? 'warning';
  return (
    <Badge bg={variant} text={darkText(variant)}>
      {status}
    </Badge>
  );
}
