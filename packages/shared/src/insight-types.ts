import type { InsightPeriod } from './insight.ts';
import type { ItemStatus } from './orders.ts';

/** Answers of the admin insight endpoints; amounts are rupees with at most two decimals. */

export interface DashboardCards {
  /** Net sales of the period's orders: what customers paid or owe, after refunds. */
  sales: number;
  orders: number;
  itemsSold: number;
  newCustomers: number;
  averageOrderValue: number;
  returns: { units: number; amount: number };
}

export interface SalesPoint {
  key: string;
  label: string;
  sales: number;
  orders: number;
}

export interface CustomersPoint {
  key: string;
  label: string;
  customers: number;
}

export interface TopEntry {
  /** Product or category id; the brand name for brands. */
  id: string;
  name: string;
  units: number;
  revenue: number;
}

export interface DashboardDto {
  period: InsightPeriod;
  cards: DashboardCards;
  salesOverTime: SalesPoint[];
  customersOverTime: CustomersPoint[];
  topCategories: TopEntry[];
  topProducts: TopEntry[];
  topBrands: TopEntry[];
}

/** Kept units only: cancelled and returned items are not sales. net = gross − offer − coupon + tax. */
export interface SalesFigures {
  units: number;
  gross: number;
  offerDiscount: number;
  couponDiscount: number;
  tax: number;
  net: number;
}

export interface SalesReportProductRow extends SalesFigures {
  productId: string;
  name: string;
  brand: string;
  category: string;
}

/** A paid order's row: net here adds the order's shipping when it still has a kept item. */
export interface SalesReportOrderRow extends SalesFigures {
  orderId: string;
  orderNumber: string;
  placedAt: string;
  /** The period counts an order on the day it was paid (cash on delivery: delivered). */
  paidAt: string;
  customer: string;
  email: string;
  paymentMethod: string;
  paymentStatus: string;
  shipping: number;
  /** Charged when the order was placed. */
  final: number;
  refunded: number;
  itemStatuses: ItemStatus[];
}

/** The period's totals: net here is the product rows' net plus shipping, i.e. the sum of the order rows' net. */
export interface SalesReportTotals extends SalesFigures {
  orders: number;
  shipping: number;
  refunded: number;
}

export interface SalesReportDto {
  period: InsightPeriod;
  products: SalesReportProductRow[];
  /** Every paid order of the period in the downloads; one page of them on screen (see orderPage). */
  orders: SalesReportOrderRow[];
  totals: SalesReportTotals;
  /** Which page of the order rows `orders` holds, on screen; absent in the downloads, which hold all. */
  orderPage?: { page: number; pages: number; total: number };
}
