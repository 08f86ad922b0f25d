import { NEVER_PAID_COD, type PaymentMethod } from '../orders.ts';
import { shippingTax, TAX_PERCENT } from './cart.ts';
import { addPaise, asPaise, type Paise, subtractPaise, sumPaise, ZERO_PAISE } from './money.ts';
import type { KeptBack, RefundFigures } from './refunds.ts';
import { lineAfterOffer, lineGross, type RefundItem, type RefundOrder, soldLinesOf } from './sold-lines.ts';

/** HSN code of bags (trunks, suitcases, handbags and similar containers). */
export const BAG_HSN_CODE = '4202';

/**
 * One line of a GST invoice or credit note, in paise (docs/product.md §10.5, docs/decisions/042-gst-on-what-is-paid.md):
 * price − discount = what the line costs after its offer and coupon; that is the taxable value (prices without GST)
 * or holds it (prices with GST); taxable value + GST = amount, what the shopper paid for the line.
 */
export interface InvoiceLineFigures {
  itemId: string;
  qty: number;
  /** The line before offers, as the shop prices it (price × qty). */
  grossPaise: Paise;
  gstPercent: number;
  taxablePaise: Paise;
  taxPaise: Paise;
  /** Offer discount × qty and the line's share of the coupon. */
  discountPaise: Paise;
  amountPaise: Paise;
}

export interface InvoiceFigures {
  lines: InvoiceLineFigures[];
  grossPaise: Paise;
  /** The lines' taxable value (the delivery charge's is apart). */
  taxablePaise: Paise;
  /** The lines' GST (the delivery charge's is apart). */
  taxPaise: Paise;
  discountPaise: Paise;
  /** The delivery charge paid, which holds its own taxable value and GST (s. 15(2)(c)). */
  shippingPaise: Paise;
  shippingTaxablePaise: Paise;
  shippingTaxPaise: Paise;
  /** What was paid for the invoiced lines and the delivery. */
  totalPaise: Paise;
}

/**
 * Per-line figures of every item of an order (statuses do not matter), as sold (`soldLinesOf`), in the given order:
 * each line's amount is what refunds give back for it.
 */
export function invoiceLineFigures(order: RefundOrder, items: readonly RefundItem[]): InvoiceLineFigures[] {
  const sold = soldLinesOf(order, items);
  return items.map((item, i) => {
    const gross = lineGross(item);
    const afterCoupon = subtractPaise(lineAfterOffer(item), sold[i].couponSharePaise);
    return {
      itemId: item.id,
      qty: item.qty,
      grossPaise: gross,
      gstPercent: sold[i].gstPercent,
      taxablePaise: sold[i].taxablePaise,
      taxPaise: sold[i].taxPaise,
      discountPaise: subtractPaise(gross, afterCoupon),
      amountPaise: sold[i].amountPaise,
    };
  });
}

/** The delivery charge follows the rate of the goods it carries (their highest, should rates ever differ). */
export const shippingRateOf = (lines: readonly Pick<InvoiceLineFigures, 'gstPercent'>[]): number =>
  lines.reduce((rate, l) => Math.max(rate, l.gstPercent), lines.length > 0 ? 0 : TAX_PERCENT);

/**
 * The invoice of an order: the given items (every item, less those cancelled before the sale was invoiced), with the
 * shipping while any line is invoiced.
 */
export function invoiceFigures(
  order: RefundOrder,
  items: readonly RefundItem[],
  invoiced: (item: RefundItem) => boolean = () => true,
): InvoiceFigures {
  const all = invoiceLineFigures(order, items);
  const lines = all.filter((_, i) => invoiced(items[i]));
  const shippingPaise = lines.length > 0 ? order.shippingPaise : ZERO_PAISE;
  const shipping = shippingTax(shippingPaise, shippingRateOf(lines));
  const sum = (pick: (l: InvoiceLineFigures) => Paise) => sumPaise(lines.map(pick));
  return {
    lines,
    grossPaise: sum((l) => l.grossPaise),
    taxablePaise: sum((l) => l.taxablePaise),
    taxPaise: sum((l) => l.taxPaise),
    discountPaise: sum((l) => l.discountPaise),
    shippingPaise,
    shippingTaxablePaise: shipping.taxablePaise,
    shippingTaxPaise: shipping.taxPaise,
    totalPaise: addPaise(
      sum((l) => l.amountPaise),
      shippingPaise,
    ),
  };
}

/**
 * The invoice as issued: every item of the order except a cash-on-delivery item cancelled (or returned to seller)
 * without a credit note, which left before the goods did and was never invoiced. A prepaid order is invoiced whole at
 * payment, so an item that leaves it later stays on its invoice: reversed by a credit note when something is refunded,
 * and as sold when the refund keeps it all back (docs/decisions/035-refunds-keep-what-was-earned.md), since the shop
 * keeps what was paid for it. An issued invoice never changes.
 */
export function orderInvoiceFigures(
  order: RefundOrder & { paymentMethod: PaymentMethod },
  items: readonly RefundItem[],
  creditedItemIds: readonly string[],
): InvoiceFigures {
  const credited = new Set(creditedItemIds);
  const neverInvoiced = (item: RefundItem) =>
    order.paymentMethod === 'cod' && NEVER_PAID_COD.has(item.status) && !credited.has(item.id);
  return invoiceFigures(order, items, (item) => !neverInvoiced(item));
}

export interface CreditNoteFigures {
  line: InvoiceLineFigures;
  /** The shipping given back with the last item the shopper kept. */
  shippingPaise: Paise;
  /** Its taxable value and GST, reversed with it. */
  shippingTaxablePaise: Paise;
  shippingTaxPaise: Paise;
  /** Kept back by an earlier refund of the order and given back with this one. */
  carriedPaise: Paise;
  /** What the items still live no longer earned on their own (docs/decisions/035-refunds-keep-what-was-earned.md). */
  keptBack: KeptBack;
  /** The refund: line amount + shipping + carried − kept back. */
  totalPaise: Paise;
}

/**
 * A credit note reverses one invoiced line. `figures` are the refund's own (kept with the item since refunds could
 * keep something back); without them, `refundPaise` beyond the line's amount is the shipping given back.
 */
export function creditNoteFigures(
  order: RefundOrder,
  items: readonly RefundItem[],
  itemId: string,
  refundPaise: Paise,
  figures: RefundFigures | null = null,
): CreditNoteFigures {
  const line = invoiceLineFigures(order, items).find((l) => l.itemId === itemId);
  if (!line) throw new Error(`Item ${itemId} is not part of the order`);
  const shippingPaise = figures ? figures.shippingPaise : subtractPaise(refundPaise, line.amountPaise);
  const shipping = shippingTax(shippingPaise, line.gstPercent);
  const reversed = { shippingTaxablePaise: shipping.taxablePaise, shippingTaxPaise: shipping.taxPaise };
  if (!figures) {
    return {
      line,
      ...reversed,
      shippingPaise,
      carriedPaise: ZERO_PAISE,
      keptBack: { couponPaise: ZERO_PAISE, shippingPaise: ZERO_PAISE },
      totalPaise: refundPaise,
    };
  }
  return {
    line,
    ...reversed,
    shippingPaise,
    carriedPaise: figures.carriedPaise,
    keptBack: figures.keptBack,
    totalPaise: refundPaise,
  };
}

export interface GstSplit {
  /** Inside the seller's state: central and state tax, half each (the odd paisa to CGST). */
  cgstPaise: Paise;
  sgstPaise: Paise;
  /** Outside it: integrated tax. */
  igstPaise: Paise;
}

/** Whether a delivery to `deliveryState` is a supply inside the seller's state. */
export const isIntraState = (sellerState: string, deliveryState: string): boolean =>
  sellerState.trim().toLowerCase() === deliveryState.trim().toLowerCase();

export function splitGst(taxPaise: Paise, intraState: boolean): GstSplit {
  if (!intraState) return { cgstPaise: ZERO_PAISE, sgstPaise: ZERO_PAISE, igstPaise: taxPaise };
  const cgstPaise = asPaise(Math.ceil(taxPaise / 2));
  return { cgstPaise, sgstPaise: subtractPaise(taxPaise, cgstPaise), igstPaise: ZERO_PAISE };
}

/** India's financial year (April to March) of an instant, in India time: '26-27' for 1 April 2026 – 31 March 2027. */
export function financialYearOf(at: Date): string {
  const india = new Date(at.getTime() + 330 * 60 * 1000);
  const year = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  const two = (n: number) => String(n % 100).padStart(2, '0');
  return `${two(year)}-${two(year + 1)}`;
}

export type DocumentSeries = 'INV' | 'CN';

/** 'INV/26-27/000001': at most 16 characters. */
export function documentNumber(series: DocumentSeries, financialYear: string, serial: number): string {
  return `${series}/${financialYear}/${String(serial).padStart(6, '0')}`;
}
