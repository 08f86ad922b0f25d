import { z } from 'zod';
import {
  IMPORT_FIELDS,
  IMPORT_OUTCOMES,
  IMPORT_STATUSES,
  IMPORT_MSG as M,
  MAX_IMPORT_FILE_BYTES,
  MAX_IMPORT_IMAGES_BYTES,
} from '../catalogue-import.ts';
import { CATALOGUE_MSG } from '../catalogue-messages.ts';
import { TEXT_LIMITS } from '../limits.ts';
import { timestamp } from './answers.ts';
import { SIZE_PATTERN } from './catalogue.ts';

/** A form's tick box: 'true' or 'false' as the browser sends it (also a JSON boolean), off when left out. */
const tick = z.preprocess(
  (v) => (v === 'true' || v === 'on' ? true : v === 'false' || v === '' ? false : v),
  z.boolean({ error: 'Must be true or false' }).default(false),
);

/**
 * The text fields of POST /api/admin/products/import (docs/decisions/053-catalogue-import.md). A dry run is the
 * default: a form that forgets the field changes nothing.
 */
export const catalogueImportOptions = z.strictObject({
  dryRun: z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ error: 'Must be true or false' }).default(true),
  ),
  /** Apply the good products of a file that has bad rows; otherwise such a file changes nothing. */
  skipInvalid: tick,
  /** A compare-at price above the price becomes an offer of the difference (off unless asked). */
  compareAtOffers: tick,
  /** Add the categories the file names (Shopify's Type) that the shop does not have yet. */
  createCategories: tick,
  /** The size of products whose file has no option named Size. */
  defaultSize: z
    .string({ error: CATALOGUE_MSG.sizeRequired })
    .trim()
    .max(TEXT_LIMITS.size, { error: CATALOGUE_MSG.sizeRequired })
    .regex(SIZE_PATTERN, { error: CATALOGUE_MSG.sizeRequired })
    .or(z.literal(''))
    .default(''),
});
export type CatalogueImportOptions = z.output<typeof catalogueImportOptions>;

/** The import form as the API document shows it: the options as text parts beside the files. */
export const catalogueImportForm = catalogueImportOptions.extend({
  file: z.string().meta({
    format: 'binary',
    description: `Shopify's product CSV (UTF-8, with or without BOM) or an XLSX workbook, at most ${MAX_IMPORT_FILE_BYTES / (1024 * 1024)} MB`,
  }),
  images: z
    .string()
    .meta({
      format: 'binary',
      description: `A ZIP of pictures named as the file's Image Src names them, at most ${MAX_IMPORT_IMAGES_BYTES / (1024 * 1024)} MB`,
    })
    .optional(),
});

export const importProblemAnswer = z.object({ row: z.int(), column: z.string(), message: z.string() });
export type ImportProblemDto = z.infer<typeof importProblemAnswer>;

/** One product of the sheet (a handle and colour), or a row that could not be read as one. */
export const importRowAnswer = z
  .object({
    /** The spreadsheet's row of the product's first variant (the header is row 1). */
    row: z.int(),
    handle: z.string(),
    name: z.string(),
    sku: z.string(),
    colour: z.string(),
    outcome: z.enum(IMPORT_OUTCOMES),
    /** For an update: the fields that change. */
    fields: z.array(z.enum(IMPORT_FIELDS)),
    problems: z.array(importProblemAnswer),
    /** The shop's product, once it exists. */
    productId: z.string().nullable(),
  })
  .meta({ id: 'ImportRow' });
export type ImportRowDto = z.infer<typeof importRowAnswer>;

export const importCountsAnswer = z.object({
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  error: z.int(),
});
export type ImportCounts = z.infer<typeof importCountsAnswer>;

export const importResultAnswer = z.object({
  /** True when the catalogue was changed; a dry run, or a file with problems not skipped, leaves it as it was. */
  applied: z.boolean(),
  message: z.string(),
  counts: importCountsAnswer,
  /** Categories the import adds (or would add). */
  categoriesCreated: z.array(z.string()),
  rows: z.array(importRowAnswer),
});
export type ImportResultDto = z.infer<typeof importResultAnswer>;

/** POST /api/admin/products/import (202) and GET /api/admin/imports/{id}. */
export const importJobAnswer = z
  .object({
    _id: z.string(),
    status: z.enum(IMPORT_STATUSES),
    dryRun: z.boolean(),
    fileName: z.string(),
    /** Sheet rows read so far, of all of them: the progress bar. */
    processed: z.int().nonnegative(),
    total: z.int().nonnegative(),
    createdAt: timestamp,
    finishedAt: timestamp.nullable(),
    /** Why a failed import failed. */
    error: z.string().nullable(),
    result: importResultAnswer.nullable(),
  })
  .meta({
    id: 'ImportJob',
    example: {
      _id: '0d8f5a3e-2c4b-4e1a-9b7c-5f6a7b8c9d0e',
      status: 'done',
      dryRun: true,
      fileName: 'products_export.csv',
      processed: 3,
      total: 3,
      createdAt: '2026-12-03T09:30:00.000Z',
      finishedAt: '2026-12-03T09:30:01.000Z',
      error: null,
      result: {
        applied: false,
        message: M.dryRunDone,
        counts: { created: 1, updated: 1, unchanged: 0, error: 1 },
        categoriesCreated: [],
        rows: [
          {
            row: 2,
            handle: 'ledger-tote',
            name: "Women's Ledger Tote",
            sku: 'LT-BRN',
            colour: 'Brown',
            outcome: 'created',
            fields: [],
            problems: [],
            productId: null,
          },
          {
            row: 3,
            handle: 'ledger-tote',
            name: "Women's Ledger Tote",
            sku: 'LT-BLK',
            colour: 'Black',
            outcome: 'updated',
            fields: ['price', 'stock'],
            problems: [],
            productId: '3a7d1f0e-5b2c-4d8e-9f10-2b3c4d5e6f70',
          },
          {
            row: 5,
            handle: 'city-sling',
            name: 'City Sling',
            sku: '',
            colour: 'Mauve',
            outcome: 'error',
            fields: [],
            problems: [
              { row: 5, column: 'Option1 Value', message: '"Mauve" is not a colour of the shop; use one of …' },
            ],
            productId: null,
          },
        ],
      },
    },
  });
export type ImportJobDto = z.infer<typeof importJobAnswer>;

/** GET /api/admin/products/export?format=shopify — every live product in Shopify's product columns. */
export const shopifyExportQuery = z.strictObject({
  format: z.literal('shopify', { error: 'The export format is shopify' }).default('shopify'),
});
