import type { ItemStatus } from '../orders.ts';
import { type SoldLine, TAX_PERCENT } from './cart.ts';
import { addPaise, asPaise, type Paise, percentOf, splitByWeight, subtractPaise, timesQuantity } from './money.ts';

export interface RefundOrder {
  couponDiscountPaise: Paise;
  taxPaise: Paise;
  shippingPaise: Paise;
  /** Whether the listed prices included GST when the order was placed; absent means they did not. */
  pricesIncludeGst?: boolean;
}

export interface RefundItem {
  id: string;
  pricePaise: Paise;
  /** Offer discount per unit. */
  discountPaise: Paise;
  qty: number;
  status: ItemStatus;
  /**
   * The line's GST as sold (kept with the item since docs/decisions/042-gst-on-what-is-paid.md). Absent or null for
   * an item sold before: its figures are the order's tax shared over the lines as it was then.
   */
  gstPercent?: number;
  couponSharePaise?: Paise | null;
  taxablePaise?: Paise | null;
  taxPaise?: Paise | null;
}

/** Price × qty before the offer. */
export const lineGross = (item: RefundItem): Paise => timesQuantity(item.pricePaise, item.qty);
/** (price − offer discount) × qty. */
export const lineAfterOffer = (item: RefundItem): Paise =>
  timesQuantity(subtractPaise(item.pricePaise, item.discountPaise), item.qty);

/** Every taxable value whose tax rounds to `tax` lies in [20 × tax − 10, 20 × tax + 9]; the nearest to `gross`. */
function legacyTaxable(tax: Paise, gross: Paise): Paise {
  const perPaisa = 100 / TAX_PERCENT;
  const low = tax * perPaisa - perPaisa / 2;
  const high = tax * perPaisa + perPaisa / 2 - 1;
  const taxable = asPaise(Math.min(Math.max(gross, low), high));
  if (percentOf(taxable, TAX_PERCENT) !== tax) throw new Error(`No taxable value gives a tax of ${tax}`);
  return taxable;
}

/**
 * Items sold before each line kept its GST: the order's one tax figure (5 % of the price before discounts) shared by
 * line before offer and its coupon by line after offer, by largest remainder over the items in the order of their
 * ids, as their invoices printed them (docs/decisions/027-gst-invoice.md).
 */
function legacyLines(order: RefundOrder, given: readonly RefundItem[]): Map<string, SoldLine> {
  const items = [...given].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const net = items.map(lineAfterOffer);
  const gross = items.map(lineGross);
  const coupon = splitByWeight(order.couponDiscountPaise, net);
  const tax = splitByWeight(order.taxPaise, gross);
  return new Map(
    items.map((item, i) => [
      item.id,
      {
        gstPercent: TAX_PERCENT,
        couponSharePaise: coupon[i],
        taxablePaise: legacyTaxable(tax[i], gross[i]),
        taxPaise: tax[i],
        amountPaise: addPaise(subtractPaise(net[i], coupon[i]), tax[i]),
      },
    ]),
  );
}

/** Whether the item kept its line's GST when it was sold. */
export const isStoredLine = (item: RefundItem): boolean =>
  item.couponSharePaise != null && item.taxablePaise != null && item.taxPaise != null;

/**
 * Each item's figures as sold, in the order given: the ones kept with it, or for an order sold before they were kept,
 * the order's figures shared as they were then. Refunds, invoices, credit notes, sales and GST returns all read
 * them here.
 */
export function soldLinesOf(order: RefundOrder, items: readonly RefundItem[]): SoldLine[] {
  if (items.every(isStoredLine)) {
    return items.map((item) => ({
      gstPercent: item.gstPercent ?? TAX_PERCENT,
      couponSharePaise: item.couponSharePaise as Paise,
      taxablePaise: item.taxablePaise as Paise,
      taxPaise: item.taxPaise as Paise,
      amountPaise: addPaise(item.taxablePaise as Paise, item.taxPaise as Paise),
    }));
  }
  const legacy = legacyLines(order, items);
  return items.map((item) => legacy.get(item.id) as SoldLine);
}

/** What an order item keeps of its line as sold: the columns of `soldLinesOf`. */
export function keptLineFigures(line: SoldLine) {
  return {
    gstPercent: line.gstPercent,
    couponSharePaise: line.couponSharePaise,
    taxablePaise: line.taxablePaise,
    taxPaise: line.taxPaise,
  };
}
