import { z } from 'zod';
import { INSIGHT_FILTERS } from './insight.ts';
import { ITEM_STATUSES } from './orders.ts';
import { calendarDay, rupeeAmount, timestamp } from './schemas/answers.ts';
import { rtoRateAnswer } from './schemas/shipping.ts';

/** Answers of the admin insight endpoints; amounts are rupees with at most two decimals. */

const PERIOD_EXAMPLE = {
  filter: 'weekly' as const,
  startDate: '2026-11-18',
  endDate: '2026-11-24',
  bucket: 'day' as const,
};

/** The period an answer covers: first and last shop day (India), inclusive, and the charts' bucket. */
export const insightPeriodAnswer = z
  .object({
    filter: z.enum(INSIGHT_FILTERS),
    startDate: calendarDay,
    endDate: calendarDay,
    bucket: z.enum(['hour', 'day', 'month']),
  })
  .meta({ id: 'InsightPeriod', examples: [PERIOD_EXAMPLE] });

const count = z.int().nonnegative();

/** Net sales of the period's orders: what customers paid or owe, after refunds. */
const dashboardCards = z.object({
  sales: rupeeAmount,
  orders: count,
  itemsSold: count,
  newCustomers: count,
  averageOrderValue: rupeeAmount,
  returns: z.object({ units: count, amount: rupeeAmount }),
});
export type DashboardCards = z.infer<typeof dashboardCards>;

const salesPoint = z.object({ key: z.string(), label: z.string(), sales: rupeeAmount, orders: count });
export type SalesPoint = z.infer<typeof salesPoint>;

const customersPoint = z.object({ key: z.string(), label: z.string(), customers: count });
export type CustomersPoint = z.infer<typeof customersPoint>;

/** `id` is the product or category id; the brand name for brands. */
const topEntry = z.object({ id: z.string(), name: z.string(), units: count, revenue: rupeeAmount });
export type TopEntry = z.infer<typeof topEntry>;

/** A product at or under its low-stock threshold (docs/decisions/049-stock-ledger.md). */
const lowStockEntry = z.object({ _id: z.string(), name: z.string(), stock: count, threshold: count });
export type LowStockEntry = z.infer<typeof lowStockEntry>;

/** GET /api/user/admin/dashboard */
export const dashboardAnswer = z
  .object({
    period: insightPeriodAnswer,
    cards: dashboardCards,
    salesOverTime: z.array(salesPoint),
    customersOverTime: z.array(customersPoint),
    topCategories: z.array(topEntry),
    topProducts: z.array(topEntry),
    topBrands: z.array(topEntry),
    /** Items shipped in the period and how many came back undelivered, COD and prepaid apart. */
    rto: rtoRateAnswer,
    /** Live products at or under their low-stock threshold, the fewest units first. */
    lowStock: z.array(lowStockEntry),
  })
  .meta({
    examples: [
      {
        period: PERIOD_EXAMPLE,
        cards: {
          sales: 48750,
          orders: 21,
          itemsSold: 27,
          newCustomers: 6,
          averageOrderValue: 2321.43,
          returns: { units: 1, amount: 1899 },
        },
        salesOverTime: [{ key: '2026-11-24', label: '24 Nov', sales: 7398, orders: 3 }],
        customersOverTime: [{ key: '2026-11-24', label: '24 Nov', customers: 1 }],
        topCategories: [{ id: '2a4c6e8f-0b1d-4f3a-9c5e-7a9b1d3f5e7c', name: 'Backpacks', units: 14, revenue: 27986 }],
        topProducts: [
          { id: '6d2f8b4a-0c1e-4a3b-9d5f-7e9a1c3b5d7f', name: 'Wildcraft Trailblazer', units: 6, revenue: 13194 },
        ],
        topBrands: [{ id: 'Wildcraft', name: 'Wildcraft', units: 9, revenue: 19791 }],
        rto: {
          cod: { shipped: 8, returnedToSeller: 2, rate: 0.25 },
          prepaid: { shipped: 20, returnedToSeller: 1, rate: 0.05 },
        },
        lowStock: [
          { _id: '7c1e4b2a-9d3f-4e8a-b5c6-0a1b2c3d4e55', name: 'Hidesign Laptop Backpack', stock: 2, threshold: 3 },
        ],
      },
    ],
  });
export type DashboardDto = z.infer<typeof dashboardAnswer>;

/** Kept units only: cancelled and returned items are not sales. net = gross − offer − coupon + tax. */
const salesFiguresShape = {
  units: count,
  gross: rupeeAmount,
  offerDiscount: rupeeAmount,
  couponDiscount: rupeeAmount,
  tax: rupeeAmount,
  net: rupeeAmount,
};
const salesFigures = z.object(salesFiguresShape);
export type SalesFigures = z.infer<typeof salesFigures>;

const productRow = z.object({
  productId: z.string(),
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  ...salesFiguresShape,
});
export type SalesReportProductRow = z.infer<typeof productRow>;

/** A paid order's row: net here adds the order's shipping when it still has a kept item. */
const orderRow = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  placedAt: timestamp,
  /** The period counts an order on the day it was paid (cash on delivery: delivered). */
  paidAt: timestamp,
  customer: z.string(),
  email: z.string(),
  paymentMethod: z.string(),
  paymentStatus: z.string(),
  ...salesFiguresShape,
  shipping: rupeeAmount,
  /** Charged when the order was placed. */
  final: rupeeAmount,
  refunded: rupeeAmount,
  itemStatuses: z.array(z.enum(ITEM_STATUSES)),
});
export type SalesReportOrderRow = z.infer<typeof orderRow>;

/** The period's totals: net here is the product rows' net plus shipping, i.e. the sum of the order rows' net. */
const reportTotals = z.object({ ...salesFiguresShape, orders: count, shipping: rupeeAmount, refunded: rupeeAmount });
export type SalesReportTotals = z.infer<typeof reportTotals>;

const FIGURES_EXAMPLE = { units: 2, gross: 4998, offerDiscount: 500, couponDiscount: 200, tax: 0, net: 4298 };

/** GET /api/user/admin/sales-report */
export const salesReportAnswer = z
  .object({
    period: insightPeriodAnswer,
    products: z.array(productRow),
    /** Every paid order of the period in the downloads; one page of them on screen (see orderPage). */
    orders: z.array(orderRow),
    totals: reportTotals,
    /** Which page of the order rows `orders` holds, on screen; absent in the downloads, which hold all. */
    orderPage: z.object({ page: z.int().positive(), pages: z.int().positive(), total: count }).optional(),
  })
  .meta({
    examples: [
      {
        period: PERIOD_EXAMPLE,
        products: [
          {
            productId: '6d2f8b4a-0c1e-4a3b-9d5f-7e9a1c3b5d7f',
            name: 'Wildcraft Trailblazer',
            brand: 'Wildcraft',
            category: 'Backpacks',
            ...FIGURES_EXAMPLE,
          },
        ],
        orders: [
          {
            orderId: '1c3e5a7b-9d0f-4b2c-8e4a-6f8b0d2c4e6a',
            orderNumber: 'BS-20261124-0042',
            placedAt: '2026-11-24T06:15:00.000Z',
            paidAt: '2026-11-24T06:16:10.000Z',
            customer: 'Asha Rao',
            email: 'asha.rao@example.in',
            paymentMethod: 'Razorpay',
            paymentStatus: 'Paid',
            ...FIGURES_EXAMPLE,
            net: 4348,
            shipping: 50,
            final: 4348,
            refunded: 0,
            itemStatuses: ['Delivered'],
          },
        ],
        totals: { ...FIGURES_EXAMPLE, net: 4348, orders: 1, shipping: 50, refunded: 0 },
        orderPage: { page: 1, pages: 1, total: 1 },
      },
    ],
  });
export type SalesReportDto = z.infer<typeof salesReportAnswer>;

/** File bytes: documented as binary; the reply sends a Buffer, which no serializer touches. */
const fileBytes = z.any().meta({ type: 'string', format: 'binary' });

/** GET /api/user/admin/sales-report/download: the file in the asked format. */
export const reportFileAnswer = {
  description: 'The sales report as a file (attachment), in the format asked for',
  content: {
    'application/pdf': { schema: fileBytes },
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: fileBytes },
    'text/csv': { schema: fileBytes },
  },
};
