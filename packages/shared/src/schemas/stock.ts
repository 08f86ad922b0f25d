import { z } from 'zod';
import { ADJUSTMENT_REASONS, STOCK_MSG as M, MAX_STOCK, STOCK_NOTE_MAX, STOCK_REASONS } from '../stock.ts';
import { timestamp } from './answers.ts';
import { numberish } from './fields.ts';

const wholeUnits = (error: string, min: number) =>
  numberish(error).refine((v) => Number.isInteger(v) && v >= min && v <= MAX_STOCK, { error });

/** POST /api/admin/products/{id}/stock-adjustments */
export const stockAdjustmentSchema = z
  .strictObject({
    delta: numberish(M.deltaInvalid).refine((v) => Number.isInteger(v) && v !== 0 && Math.abs(v) <= MAX_STOCK, {
      error: M.deltaInvalid,
    }),
    reason: z.enum(ADJUSTMENT_REASONS, { error: M.reasonRequired }),
    note: z.string({ error: M.noteMax }).trim().max(STOCK_NOTE_MAX, { error: M.noteMax }).optional().default(''),
  })
  .meta({ example: { delta: -2, reason: 'damaged', note: 'Zips torn in the rain' } });
export type StockAdjustmentInput = z.input<typeof stockAdjustmentSchema>;

/** PUT /api/admin/products/{id}/low-stock */
export const lowStockThresholdSchema = z
  .strictObject({ threshold: wholeUnits(M.thresholdInvalid, 0) })
  .meta({ example: { threshold: 5 } });
export type LowStockThresholdInput = z.input<typeof lowStockThresholdSchema>;

/** GET /api/admin/products/{id}/stock-ledger?page= */
export const stockLedgerQuery = z.strictObject({
  page: z.coerce.number({ error: 'Invalid page' }).int({ error: 'Invalid page' }).min(1).max(100_000).default(1),
});

export const stockMovementAnswer = z
  .object({
    _id: z.string(),
    reason: z.enum(STOCK_REASONS),
    delta: z.int(),
    before: z.int(),
    after: z.int(),
    /** Who made the change; null when no signed-in person did (a payment window ending). */
    by: z.string().nullable(),
    note: z.string(),
    /** The order behind a sale, cancellation or return. */
    orderNumber: z.string().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'StockMovement' });
export type StockMovementDto = z.infer<typeof stockMovementAnswer>;

const MOVEMENT_EXAMPLE = {
  _id: '3a7d1f0e-5b2c-4d8e-9f10-2b3c4d5e6f70',
  reason: 'damaged',
  delta: -2,
  before: 14,
  after: 12,
  by: 'Meera Iyer',
  note: 'Zips torn in the rain',
  orderNumber: null,
  createdAt: '2026-11-24T09:30:00.000Z',
} as const;

export const stockLedgerAnswer = z
  .object({
    productId: z.string(),
    stock: z.int(),
    threshold: z.int(),
    /** Rows on this page, newest first; `total` counts every row of the product. */
    rows: z.array(stockMovementAnswer),
    page: z.int(),
    pages: z.int(),
    total: z.int(),
  })
  .meta({
    examples: [
      {
        productId: '7c1e4b2a-9d3f-4e8a-b5c6-0a1b2c3d4e55',
        stock: 12,
        threshold: 3,
        rows: [MOVEMENT_EXAMPLE],
        page: 1,
        pages: 1,
        total: 1,
      },
    ],
  });
export type StockLedgerDto = z.infer<typeof stockLedgerAnswer>;

export const stockChangedAnswer = z
  .object({
    message: z.string(),
    stock: z.int(),
    threshold: z.int(),
  })
  .meta({ examples: [{ message: 'Stock adjusted', stock: 12, threshold: 3 }] });
export type StockChangedDto = z.infer<typeof stockChangedAnswer>;
