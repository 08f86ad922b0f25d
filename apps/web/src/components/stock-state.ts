/** Few enough units left to say so. */
export const LOW_STOCK = 5;

export type StockState = { kind: 'out' | 'low' | 'in'; label: string };

/** In stock / Only N left / Out of stock. */
export function stockState(quantity: number): StockState {
  if (quantity <= 0) return { kind: 'out', label: 'Out of stock' };
  if (quantity <= LOW_STOCK) return { kind: 'low', label: `Only ${quantity} left` };
  return { kind: 'in', label: 'In stock' };
}

/** Bootstrap badge colour of each stock state. */
export const STOCK_BADGE = { in: 'success', low: 'warning', out: 'danger' } as const;
