import crypto from 'node:crypto';
import type { Color } from '@bagshop/shared/catalogue';
import type { ItemStatus } from '@bagshop/shared/orders';
import { cartSummary } from '@bagshop/shared/pricing/cart';
import { asPaise } from '@bagshop/shared/pricing/money';
import { keptLineFigures } from '@bagshop/shared/pricing/sold-lines';
import { type AddressSnapshot, orderItems, orders } from '../src/db/schema/orders.ts';
import { createProduct, uniqueSuffix } from './catalogue.ts';
import type { TestApp } from './test-app.ts';

type OrderInsert = typeof orders.$inferInsert;

export interface OrderRowLine {
  name?: string;
  color?: Color;
  pricePaise?: number;
  discountPaise?: number;
  qty?: number;
  status?: ItemStatus;
  deliveredAt?: Date;
}

export const KARNATAKA_ADDRESS: AddressSnapshot = {
  name: 'Asha Rao',
  houseName: 'Lake View 4B',
  street: 'Church Street',
  town: 'Bengaluru',
  state: 'Karnataka',
  zipcode: '560001',
  country: 'IN',
  phone: '9876543210',
};

/**
 * An order written straight into the database with amounts from the shared pricing (no checkout round trip).
 * Lines default to one ₹1,499.00 bag, Pending; products are created for them.
 */
export async function insertOrder(
  t: TestApp,
  userId: string,
  options: { lines?: OrderRowLine[]; order?: Partial<OrderInsert> } = {},
) {
  const lines = (options.lines ?? [{}]).map((l) => ({
    name: l.name ?? `Bag ${uniqueSuffix()}`,
    color: l.color ?? 'Black',
    pricePaise: asPaise(l.pricePaise ?? 149_900),
    discountPaise: asPaise(l.discountPaise ?? 0),
    qty: l.qty ?? 1,
    status: l.status ?? ('Pending' as const),
    deliveredAt: l.deliveredAt ?? (l.status === 'Delivered' ? new Date() : null),
  }));
  const summary = cartSummary(lines);
  const orderNumber = `ORD-${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
  const [order] = await t.database.db
    .insert(orders)
    .values({
      orderNumber,
      userId,
      paymentMethod: 'wallet',
      paymentStatus: 'Paid',
      totalPricePaise: summary.totalPrice,
      totalDiscountPaise: summary.discount,
      taxPaise: summary.tax,
      shippingPaise: summary.shipping,
      finalPaise: summary.final,
      shippingAddress: KARNATAKA_ADDRESS,
      paidAt: new Date(),
      ...options.order,
    })
    .returning();
  const items = [];
  for (const [index, line] of lines.entries()) {
    const product = await createProduct(t, { name: line.name, pricePaise: line.pricePaise, color: line.color });
    const [item] = await t.database.db
      .insert(orderItems)
      .values({
        ...line,
        ...keptLineFigures(summary.lines[index]),
        orderId: order.id,
        productId: product.id,
        image: '/uploads/products/sample.webp',
      })
      .returning();
    items.push(item);
  }
  return { order, items };
}
