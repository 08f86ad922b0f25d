import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { CartLineDto } from '@bagshop/shared/catalogue-types';
import { type Paise, subtractPaise, timesQuantity, toPaise } from '@bagshop/shared/pricing/money';

/** What keeps a line from being ordered, or null when it can be. */
export function lineProblem(line: Pick<CartLineDto, 'qty' | 'originalQuantity' | 'available'>): string | null {
  if (!line.available) return CATALOGUE_MSG.productUnavailable;
  if (line.originalQuantity <= 0) return 'Out of stock';
  if (line.qty < 1) return 'Choose a quantity';
  if (line.qty > line.originalQuantity) return `Only ${line.originalQuantity} left — lower the quantity`;
  return null;
}

/** CHECKOUT needs at least one line and every line orderable (no quantity 0, nothing unavailable or sold out). */
export function canCheckout(lines: readonly Pick<CartLineDto, 'qty' | 'originalQuantity' | 'available'>[]): boolean {
  return lines.length > 0 && lines.every((line) => lineProblem(line) === null);
}

/** Line total after offer, in paise. */
export function lineTotalPaise(line: Pick<CartLineDto, 'price' | 'discount' | 'qty'>): Paise {
  return timesQuantity(subtractPaise(toPaise(line.price), toPaise(line.discount)), line.qty);
}
