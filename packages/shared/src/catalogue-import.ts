import { COLORS } from './catalogue.ts';

/**
 * The catalogue import's rules and words (docs/decisions/053-catalogue-import.md): what the administrator's import
 * form sends, how large it may be, and what the report says of each product.
 */

/** The multipart fields of POST /api/admin/products/import. */
export const IMPORT_FILE_FIELD = 'file';
export const IMPORT_IMAGES_FIELD = 'images';

/** A sheet of 50,000 rows of Shopify's columns is about 25 MB; the pictures' ZIP holds at most 8 per product. */
export const MAX_IMPORT_FILE_BYTES = 32 * 1024 * 1024;
export const MAX_IMPORT_IMAGES_BYTES = 256 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;
export const MAX_IMPORT_ZIP_ENTRIES = 5_000;

/** What the import did, or would do, with one product of the sheet. */
export const IMPORT_OUTCOMES = ['created', 'updated', 'unchanged', 'error'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

export const IMPORT_STATUSES = ['running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The fields an update names, in the words of the admin form. */
export const IMPORT_FIELDS = [
  'name',
  'description',
  'price',
  'brand',
  'category',
  'colour',
  'size',
  'sku',
  'stock',
  'weight',
  'published',
  'offer',
  'pictures',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_OUTCOME_LABEL: Record<ImportOutcome, string> = {
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  error: 'Error',
};

/** The columns of the report's CSV download. */
export const IMPORT_REPORT_CSV_HEADER = [
  'Row',
  'Handle',
  'Name',
  'SKU',
  'Colour',
  'Outcome',
  'Fields changed',
  'Column',
  'Problem',
] as const;

export const IMPORT_MSG = {
  fileRequired: 'Choose a CSV or XLSX file to import',
  fileKind: 'The file must be a CSV or an XLSX workbook',
  noHandleColumn: "The file has no Handle column: export it from Shopify's Products page (Export, CSV for Excel)",
  fileTooLarge: 'The file is larger than 32 MB; split it into smaller files',
  tooManyRows: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-IN')} rows; split it into smaller files`,
  imagesKind: 'The pictures must come as a ZIP file',
  imagesTooLarge: 'The pictures ZIP is larger than 256 MB; split the import into smaller files',
  imagesUnreadable: 'The pictures ZIP cannot be read',
  tooManyImages: `The pictures ZIP holds more than ${MAX_IMPORT_ZIP_ENTRIES.toLocaleString('en-IN')} files`,
  defaultSizeRequired: 'Choose the size of products whose file has no Size option',
  notFound: 'Import not found',
  restarted: 'The shop restarted while the import ran; nothing was changed. Start it again.',
  failed: 'The import failed; nothing was changed.',
  catalogueChanged:
    'The catalogue changed while the import was being prepared; nothing was changed. Start the import again.',
  // Row problems, each shown with its row and column.
  handleRequired: 'Every row needs the handle of its product',
  unknownColour: (value: string) => `"${value}" is not a colour of the shop; use one of ${COLORS.join(', ')}`,
  noColourOption: 'The product has no option named Color or Colour',
  noPriceRow: 'The product has no variant row with a price',
  categoryRequired: 'Category is required',
  categoryUnknown: (name: string) => `There is no category named "${name}"; tick "Create missing categories" to add it`,
  skuTwice: (sku: string, row: number) => `SKU ${sku} is on row ${row} already`,
  sameProductTwice: (row: number) => `This handle and colour are on row ${row} already`,
  pictureRequired: 'A new product needs at least one picture (Image Src)',
  pictureNotInZip: (name: string) => `There is no picture named "${name}" in the pictures ZIP`,
  pictureUnreadable: (src: string) => `"${src}" is not a JPEG, PNG or WebP picture the shop can read`,
  // The outcome, as the page and the answer say it.
  nothingApplied: (errors: number) =>
    `Nothing was imported: ${errors} ${errors === 1 ? 'product has' : 'products have'} problems. Mend them, or import the good rows only.`,
  dryRunDone: 'Checked: nothing was changed. The report says what importing would do.',
  applied: (counts: { created: number; updated: number; error: number }) =>
    `Imported: ${counts.created} added, ${counts.updated} changed` +
    (counts.error > 0 ? `; ${counts.error} with problems left out.` : '.'),
  nothingToChange: 'Nothing to change: the catalogue already holds what the file says.',
} as const;
