import { IMPORT_OUTCOME_LABEL, type ImportOutcome } from './catalogue-import.ts';

const count = (n: number) => n.toLocaleString('en-IN');

/** The report's filter: every product, or those of one outcome (the errors first, as the ones to mend). */
export const IMPORT_FILTERS = ['all', 'error', 'created', 'updated', 'unchanged'] as const;
export type ImportFilter = (typeof IMPORT_FILTERS)[number];

/**
 * Texts of the administrator's Import products screen (docs/decisions/053-catalogue-import.md); the rules' own words
 * (problems, outcomes, the result's message) are IMPORT_MSG and IMPORT_OUTCOME_LABEL.
 */
export const IMPORT_SCREEN_MSG = {
  title: 'Import products',
  backToProducts: 'Back to products',
  intro:
    "Send Shopify's product CSV (Products → Export → CSV for Excel) or an XLSX workbook in its columns. Each handle " +
    'and colour becomes one product, found again by its SKU or its handle and colour, so sending a file twice never ' +
    'adds a product twice.',
  picturesIntro:
    'Pictures come in a ZIP of files named as the Image Src column names them (the last part of an address counts), ' +
    'or as addresses on the hosts the shop may fetch pictures from.',
  checkFirst: 'Check file reads everything and changes nothing; Import changes the catalogue in one go, or not at all.',
  exportShopify: 'Export for Shopify',
  fileLabel: 'Product file (CSV or XLSX)',
  imagesLabel: 'Pictures (ZIP, optional)',
  defaultSizeLabel: 'Size for products without a Size option',
  defaultSizeHint:
    'Length x breadth x height in cm, e.g. 35Lx15Bx40Hcm. Leave it empty when the file has a Size option.',
  createCategories: 'Create missing categories',
  compareAtOffers: 'Make a compare-at price an offer',
  compareAtOffersHint: "A compare-at price above the price becomes the product's own offer of the difference.",
  skipInvalid: 'Import the good rows even if some have problems',
  optionsLegend: 'Options',
  check: 'Check file',
  import: 'Import',
  importNow: 'Import now',
  importNowHint: 'The check found no problems: import the file as checked.',
  statusLabel: 'Import status',
  uploadProgress: 'Upload progress',
  uploading: 'Sending the file…',
  checking: 'Checking the file…',
  importing: 'Importing…',
  progress: (dryRun: boolean, processed: number, total: number) =>
    `${dryRun ? 'Checking' : 'Importing'} ${count(processed)} of ${count(total)} rows`,
  loading: 'Loading the import…',
  startFailed: 'The import could not be started. Please try again.',
  followFailed: 'Could not load the import. Please try again.',
  countsLabel: 'Products by outcome',
  categoriesToCreate: 'Categories to be created',
  categoriesCreated: 'Categories created',
  filterLabel: 'Show',
  filterOption: (filter: ImportFilter, n: number) =>
    `${filter === 'all' ? 'All' : filter === 'error' ? 'Errors' : IMPORT_OUTCOME_LABEL[filter]} (${count(n)})`,
  countLabel: (outcome: ImportOutcome) => (outcome === 'error' ? 'Errors' : IMPORT_OUTCOME_LABEL[outcome]),
  reportCaption: (from: number, to: number, total: number) =>
    total === 0 ? 'Report: no products' : `Report: products ${count(from)}–${count(to)} of ${count(total)}`,
  problemsColumn: 'Problems',
  problemOnRow: (row: number) => `row ${count(row)}`,
  noRows: 'The file has no products.',
  noRowsOfOutcome: 'No product has this outcome.',
  downloadReport: 'Download report (CSV)',
  reportFailed: 'The report could not be downloaded. Please try again.',
} as const;
