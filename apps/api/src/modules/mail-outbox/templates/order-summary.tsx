import { houseAndStreet } from '@bagshop/shared/address-text';
// The shop runs through tsx, which reads no per-folder tsconfig: these pragmas select the automatic JSX runtime.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { OrderDto, OrderItemDto } from '@bagshop/shared/order-types';
import { formatINR, toPaise } from '@bagshop/shared/pricing/money';
import { Column } from '@react-email/column';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';

const rupees = (amount: number) => formatINR(toPaise(amount));
const cell = { fontSize: '14px', lineHeight: '20px', margin: '2px 0' };
const right = { ...cell, textAlign: 'right' as const };

/** What one unit cost after its offer. */
export const unitPriceOf = (item: OrderItemDto) => item.product.price - item.discount;

function AmountRow(props: { label: string; amount: string; strong?: boolean }) {
  const weight = props.strong ? { fontWeight: 700 } : {};
  return (
    <Row>
      <Column>
        <Text style={{ ...cell, ...weight }}>{props.label}</Text>
      </Column>
      <Column>
        <Text style={{ ...right, ...weight }}>{props.amount}</Text>
      </Column>
    </Row>
  );
}

/** One item line: name, colour, quantity and what the line costs after its offer. */
export function ItemLine(props: { item: OrderItemDto }) {
  const { item } = props;
  return (
    <AmountRow
      label={`${item.product.name} (${item.product.color}) × ${item.qty}`}
      amount={rupees(unitPriceOf(item) * item.qty)}
    />
  );
}

/** The items, the amounts as the order charged them, and where it goes. */
export function OrderSummary(props: { order: OrderDto }) {
  const { order } = props;
  const a = order.shippingAddress;
  return (
    <Section>
      <Text style={{ ...cell, fontWeight: 700, marginTop: '12px' }}>Items</Text>
      {order.items.map((item) => (
        <ItemLine key={item._id} item={item} />
      ))}
      <Text style={{ ...cell, fontWeight: 700, marginTop: '12px' }}>Amounts</Text>
      <AmountRow label="Total price" amount={rupees(order.totalPrice)} />
      {order.totalDiscount > 0 && <AmountRow label="Offer discount" amount={`− ${rupees(order.totalDiscount)}`} />}
      {order.couponDiscount > 0 && <AmountRow label="Coupon discount" amount={`− ${rupees(order.couponDiscount)}`} />}
      <AmountRow label="Tax (GST)" amount={rupees(order.tax)} />
      <AmountRow label="Shipping" amount={order.shippingPrice > 0 ? rupees(order.shippingPrice) : 'Free'} />
      <AmountRow label="Order total" amount={rupees(order.finalAmount)} strong />
      <Text style={{ ...cell, fontWeight: 700, marginTop: '12px' }}>Delivery address</Text>
      <Text style={cell}>
        {a.name}, {houseAndStreet(a)}, {a.town}, {a.state} {a.zipcode}, {a.country} · {a.phone}
      </Text>
    </Section>
  );
}

export const formatRupees = rupees;
