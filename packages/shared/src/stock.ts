/**
 * The stock ledger (docs/decisions/049-stock-ledger.md): every change of a product's stock is a row with its reason,
 * and a product's rows add up to its stock.
 */

/** Why the stock changed. `opening` is a product's first row: its stock when it was added or imported. */
export const STOCK_REASONS = [
  'opening',
  'sale',
  'cancellation',
  'return',
  'return-to-seller',
  'import',
  'received',
  'damaged',
  'count',
  'other',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** The reasons an administrator picks for a manual adjustment. */
export const ADJUSTMENT_REASONS = ['received', 'damaged', 'count', 'other'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  opening: 'Opening stock',
  sale: 'Sale',
  cancellation: 'Cancellation',
  return: 'Return',
  'return-to-seller': 'Returned to seller',
  import: 'Import',
  received: 'Received',
  damaged: 'Damaged',
  count: 'Stock count',
  other: 'Other',
};

/** The low-stock threshold of a product added without one (the LOW_STOCK_AT setting's default). */
export const DEFAULT_LOW_STOCK_AT = 3;
/** The largest stock a product may have (the product form's limit) and so the largest single change or threshold. */
export const MAX_STOCK = 100_000;
export const STOCK_NOTE_MAX = 200;
/** Ledger rows a page of the product page's table shows, newest first. */
export const LEDGER_PAGE_SIZE = 10;

export const STOCK_MSG = {
  ledgerTitle: 'Stock ledger',
  ledgerEmpty: 'No stock changes yet.',
  ledgerLoadFailed: 'We could not load the stock ledger. Please try again.',
  ledgerShowing: (from: number, to: number, total: number) => `Showing changes ${from}–${to} of ${total}, newest first`,
  adjustTitle: 'Adjust stock',
  adjust: 'Save adjustment',
  adjusted: 'Stock adjusted',
  adjustFailed: 'Could not adjust the stock. Please try again.',
  deltaLabel: 'Change (units, − to take away)',
  reasonLabel: 'Reason',
  noteLabel: 'Note (optional)',
  deltaInvalid: 'Enter a whole number of units other than 0, up to 100000 either way',
  reasonRequired: 'Choose a reason',
  noteMax: `Note must be at most ${STOCK_NOTE_MAX} characters`,
  belowZero: (stock: number) => `Only ${stock} in stock: the change would take it below 0`,
  thresholdTitle: 'Low-stock alert',
  thresholdLabel: 'Low stock at (units)',
  thresholdHint: 'The administrators get one mail when the stock falls to this or under, until it rises above it.',
  thresholdSave: 'Save threshold',
  thresholdSaved: 'Low-stock threshold saved',
  thresholdInvalid: 'Enter a whole number from 0 to 100000',
  thresholdFailed: 'Could not save the threshold. Please try again.',
  productNotFound: 'Product not found',
  /** Who made a change that no signed-in person made (a payment window ending, the demo seed). */
  byShop: 'The shop',
  lowStockTitle: 'Low stock',
  lowStockEmpty: 'No product is at or under its low-stock threshold.',
} as const;
