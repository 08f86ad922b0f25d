import { NEVER_PAID_COD } from '../orders.ts';
import { TAX_PERCENT } from './cart.ts';
import { addPaise, asPaise, type Paise, percentOf, subtractPaise, sumPaise, ZERO_PAISE } from './money.ts';
import {
  type KeptBack,
  lineAfterOffer,
  lineGross,
  type RefundFigures,
  type RefundItem,
  type RefundOrder,
  splitByWeight,
} from './refunds.ts';

/** HSN code of bags (trunks, suitcases, handbags and similar containers). */
export const BAG_HSN_CODE = '4202';

/**
 * One line of a GST invoice or credit note, in paise (docs/product.md §10.5): price + tax − discount = amount, what
 * the shopper paid for the line; taxable value × 5 % = tax, rounded half up. The shop charges tax on the price
 * before discounts, so the taxable value is that price, moved by the few paise that the order's one rounding of the
 * tax gives this line (see docs/decisions/027-gst-invoice.md).
 */
export interface InvoiceLineFigures {
  itemId: string;
  qty: number;
  /** The line before offers, as the shop prices it (price × qty). */
  grossPaise: Paise;
  taxablePaise: Paise;
  taxPaise: Paise;
  /** Offer discount × qty and the line's share of the coupon. */
  discountPaise: Paise;
  amountPaise: Paise;
}

export interface InvoiceFigures {
  lines: InvoiceLineFigures[];
  grossPaise: Paise;
  taxablePaise: Paise;
  taxPaise: Paise;
  discountPaise: Paise;
  shippingPaise: Paise;
  /** Σ price + Σ tax − Σ discount + shipping: the amount paid for the invoiced lines. */
  totalPaise: Paise;
}

/** Every taxable value whose tax rounds to `tax` lies in [20 × tax − 10, 20 × tax + 9]; the nearest to `gross`. */
function taxableFor(tax: Paise, gross: Paise): Paise {
  const perPaisa = 100 / TAX_PERCENT;
  const low = tax * perPaisa - perPaisa / 2;
  const high = tax * perPaisa + perPaisa / 2 - 1;
  const taxable = asPaise(Math.min(Math.max(gross, low), high));
  if (percentOf(taxable, TAX_PERCENT) !== tax) throw new Error(`No taxable value gives a tax of ${tax}`);
  return taxable;
}

/**
 * Per-line figures of every item of an order (statuses do not matter): the order's tax shared by line before offer,
 * its coupon by line after offer, both by largest remainder (docs/product.md §10.4, the shares refunds use), so the
 * lines' taxes add up to the tax charged and each line's amount is what refunds give back for it. The shares are
 * taken over the items in the order of their ids, as refunds take them; the figures come back in the given order.
 */
export function invoiceLineFigures(order: RefundOrder, given: readonly RefundItem[]): InvoiceLineFigures[] {
  const items = [...given].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const byId = new Map(sharedLineFigures(order, items).map((l) => [l.itemId, l]));
  return given.map((item) => byId.get(item.id) as InvoiceLineFigures);
}

function sharedLineFigures(order: RefundOrder, items: readonly RefundItem[]): InvoiceLineFigures[] {
  const gross = items.map(lineGross);
  const net = items.map(lineAfterOffer);
  const coupon = splitByWeight(order.couponDiscountPaise, net);
  const tax = splitByWeight(order.taxPaise, gross);
  return items.map((item, i) => {
    const taxablePaise = taxableFor(tax[i], gross[i]);
    const amountPaise = addPaise(subtractPaise(net[i], coupon[i]), tax[i]);
    return {
      itemId: item.id,
      qty: item.qty,
      grossPaise: gross[i],
      taxablePaise,
      taxPaise: tax[i],
      discountPaise: subtractPaise(gross[i], subtractPaise(net[i], coupon[i])),
      amountPaise,
    };
  });
}

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
  const sum = (pick: (l: InvoiceLineFigures) => Paise) => sumPaise(lines.map(pick));
  return {
    lines,
    grossPaise: sum((l) => l.grossPaise),
    taxablePaise: sum((l) => l.taxablePaise),
    taxPaise: sum((l) => l.taxPaise),
    discountPaise: sum((l) => l.discountPaise),
    shippingPaise,
    totalPaise: addPaise(
      sum((l) => l.amountPaise),
      shippingPaise,
    ),
  };
}

/**
 * The invoice as issued: every item of the order except one cancelled (or returned to seller) without a credit note,
 * which left before the sale was invoiced (a cash-on-delivery item cancelled or refused at the door is never paid for).
 */
export function orderInvoiceFigures(
  order: RefundOrder,
  items: readonly RefundItem[],
  creditedItemIds: readonly string[],
): InvoiceFigures {
  const credited = new Set(creditedItemIds);
  return invoiceFigures(order, items, (item) => !NEVER_PAID_COD.has(item.status) || credited.has(item.id));
}

export interface CreditNoteFigures {
  line: InvoiceLineFigures;
  /** The shipping given back with the last item the shopper kept. */
  shippingPaise: Paise;
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
  if (!figures) {
    return {
      line,
      shippingPaise: subtractPaise(refundPaise, line.amountPaise),
      carriedPaise: ZERO_PAISE,
      keptBack: { couponPaise: ZERO_PAISE, shippingPaise: ZERO_PAISE },
      totalPaise: refundPaise,
    };
  }
  return {
    line,
    shippingPaise: figures.shippingPaise,
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
