import { MAX_UNITS_PER_LINE } from '@bagshop/shared/catalogue';

/** docs/product.md §5 "Cart quantity": a line holds 1 to min(5, stock) units. */
export function maxUnits(stock: number): number {
  return Math.max(0, Math.min(MAX_UNITS_PER_LINE, Math.floor(stock)));
}

export const canDecrease = (qty: number) => qty > 1;

export const canIncrease = (qty: number, stock: number) => qty < maxUnits(stock);

/** A typed quantity counts only when it is a whole number within 1..min(5, stock); otherwise it is ignored (null). */
export function typedQuantity(text: string, stock: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const qty = Number(text);
  return qty >= 1 && qty <= maxUnits(stock) ? qty : null;
}
