import type { SalesReportDto, SalesReportOrderRow } from '@bagshop/shared/insight-types';
import { timesQuantity, toPaise, toRupees } from '@bagshop/shared/pricing/money';

/**
 * A week of the shop with figures worked out by hand, to the paisa (tax 18 % of the price after offer and coupon,
 * coupon and tax shared over the items as the shop shares them):
 * - ORD-7K2M9QX4LA: Trail Pack 2,499.00 − offer 250.00, tax 404.82.
 * - ORD-P3N8W2R6TB: 2 × City Tote 1,299.00 and a Travel Duffel 3,499.00 − offer 500.00, coupon 300.00 shared
 *   139.25 / 160.75, tax 953.46 shared 406.28 / 547.18.
 * - ORD-Z5C1H7D3UE: Trail Pack 2,499.00 − offer 250.00 (tax 420.21) kept; City Tote 1,299.00 (tax 218.43)
 *   returned and refunded 1,517.43.
 * - ORD-Q9L4V8S2MC: City Tote 1,299.00 − offer 130.00, tax 210.42, shipping 49.00, cash on delivery paid on delivery.
 *
 * As the report gives them, the totals' net is the orders' net: the items' net plus shipping.
 */
export function weekReport(): SalesReportDto {
  return {
    period: { filter: 'weekly', startDate: '2026-11-15', endDate: '2026-11-21', bucket: 'day' },
    products: [
      {
        productId: 'b7f5a1c2-0000-4000-8000-000000000001',
        name: 'Trail Pack',
        brand: 'Wildcraft',
        category: 'Backpacks',
        units: 2,
        gross: 4998,
        offerDiscount: 500,
        couponDiscount: 0,
        tax: 825.03,
        net: 5323.03,
      },
      {
        productId: 'b7f5a1c2-0000-4000-8000-000000000002',
        name: 'City Tote',
        brand: 'Baggit',
        category: 'Totes',
        units: 3,
        gross: 3897,
        offerDiscount: 130,
        couponDiscount: 139.25,
        tax: 616.7,
        net: 4244.45,
      },
      {
        productId: 'b7f5a1c2-0000-4000-8000-000000000003',
        name: 'Travel Duffel',
        brand: 'Safari',
        category: 'Duffels',
        units: 1,
        gross: 3499,
        offerDiscount: 500,
        couponDiscount: 160.75,
        tax: 547.18,
        net: 3385.43,
      },
    ],
    orders: [
      {
        orderId: 'c1d2e3f4-0000-4000-8000-000000000001',
        orderNumber: 'ORD-7K2M9QX4LA',
        placedAt: '2026-11-15T08:35:00.000Z',
        paidAt: '2026-11-15T08:36:00.000Z',
        customer: 'Asha Rao',
        email: 'asha.rao@example.in',
        paymentMethod: 'Razorpay',
        paymentStatus: 'Paid',
        itemStatuses: ['Delivered'],
        units: 1,
        gross: 2499,
        offerDiscount: 250,
        couponDiscount: 0,
        tax: 404.82,
        shipping: 0,
        final: 2653.82,
        refunded: 0,
        net: 2653.82,
      },
      {
        orderId: 'c1d2e3f4-0000-4000-8000-000000000002',
        orderNumber: 'ORD-P3N8W2R6TB',
        placedAt: '2026-11-17T13:10:00.000Z',
        paidAt: '2026-11-17T13:12:00.000Z',
        customer: 'Vikram Singh',
        email: 'vikram.singh@example.in',
        paymentMethod: 'Wallet',
        paymentStatus: 'Paid',
        itemStatuses: ['Shipped', 'Pending'],
        units: 3,
        gross: 6097,
        offerDiscount: 500,
        couponDiscount: 300,
        tax: 953.46,
        shipping: 0,
        final: 6250.46,
        refunded: 0,
        net: 6250.46,
      },
      {
        orderId: 'c1d2e3f4-0000-4000-8000-000000000003',
        orderNumber: 'ORD-Z5C1H7D3UE',
        placedAt: '2026-11-18T20:05:00.000Z',
        paidAt: '2026-11-18T20:06:00.000Z',
        customer: 'Meera Iyer',
        email: 'meera.iyer@example.in',
        paymentMethod: 'Razorpay',
        paymentStatus: 'Paid',
        itemStatuses: ['Delivered', 'Returned'],
        units: 1,
        gross: 2499,
        offerDiscount: 250,
        couponDiscount: 0,
        tax: 420.21,
        shipping: 0,
        final: 4186.64,
        refunded: 1517.43,
        net: 2669.21,
      },
      {
        orderId: 'c1d2e3f4-0000-4000-8000-000000000004',
        orderNumber: 'ORD-Q9L4V8S2MC',
        placedAt: '2026-11-19T04:45:00.000Z',
        paidAt: '2026-11-21T04:45:00.000Z',
        customer: 'Rahul Nair',
        email: 'rahul.nair@example.in',
        paymentMethod: 'Cash on Delivery',
        paymentStatus: 'Paid',
        itemStatuses: ['Delivered'],
        units: 1,
        gross: 1299,
        offerDiscount: 130,
        couponDiscount: 0,
        tax: 210.42,
        shipping: 49,
        final: 1428.42,
        refunded: 0,
        net: 1428.42,
      },
    ],
    totals: {
      orders: 4,
      units: 6,
      gross: 12394,
      offerDiscount: 1130,
      couponDiscount: 300,
      tax: 1988.91,
      net: 13001.91,
      shipping: 49,
      refunded: 1517.43,
    },
  };
}

/** The week with `count` orders like the first one, all of Trail Packs: long enough to run over several pages. */
export function busyReport(count: number): SalesReportDto {
  const base = weekReport();
  const template = base.orders[0];
  const orders: SalesReportOrderRow[] = Array.from({ length: count }, (_, i) => ({
    ...template,
    orderId: `c1d2e3f4-0000-4000-8000-${String(i).padStart(12, '0')}`,
    orderNumber: `ORD-BUSY${String(i).padStart(6, '0')}`,
    customer: `Customer ${i + 1}`,
    email: `customer${i + 1}@example.in`,
  }));
  const times = (rupees: number) => toRupees(timesQuantity(toPaise(rupees), count));
  return {
    period: base.period,
    products: [
      {
        ...base.products[0],
        units: count,
        gross: times(2499),
        offerDiscount: times(250),
        tax: times(404.82),
        net: times(2653.82),
      },
    ],
    orders,
    totals: {
      orders: count,
      units: count,
      gross: times(2499),
      offerDiscount: times(250),
      couponDiscount: 0,
      tax: times(404.82),
      net: times(2653.82),
      shipping: 0,
      refunded: 0,
    },
  };
}

export function emptyReport(): SalesReportDto {
  return {
    period: { filter: 'daily', startDate: '2026-11-21', endDate: '2026-11-21', bucket: 'hour' },
    products: [],
    orders: [],
    totals: {
      orders: 0,
      units: 0,
      gross: 0,
      offerDiscount: 0,
      couponDiscount: 0,
      tax: 0,
      net: 0,
      shipping: 0,
      refunded: 0,
    },
  };
}
