import { COLORS, type Color } from '@bagshop/shared/catalogue';
import { IMPORT_MSG } from '@bagshop/shared/catalogue-import';
import { compile } from 'html-to-text';
import type { ProductSheet, SheetRow } from './product-sheet.ts';

/** The columns of Shopify's product CSV the shop reads; any other column is left alone. */
export const SHOPIFY_COLUMN = {
  handle: 'Handle',
  title: 'Title',
  body: 'Body (HTML)',
  vendor: 'Vendor',
  type: 'Type',
  tags: 'Tags',
  published: 'Published',
  status: 'Status',
  sku: 'Variant SKU',
  grams: 'Variant Grams',
  quantity: 'Variant Inventory Qty',
  price: 'Variant Price',
  compareAtPrice: 'Variant Compare At Price',
  imageSrc: 'Image Src',
  imagePosition: 'Image Position',
  imageAlt: 'Image Alt Text',
} as const;

const OPTIONS = [1, 2, 3] as const;
const optionName = (n: number) => `Option${n} Name`;
const optionValue = (n: number) => `Option${n} Value`;

/** A problem with one cell, as the import's report shows it. */
export interface CellProblem {
  row: number;
  column: string;
  message: string;
}

export interface SheetPicture {
  src: string;
  position: number;
  alt: string;
  row: number;
}

/**
 * One product of the shop as a Shopify sheet describes it: a handle's rows of one colour. Texts are as the sheet
 * holds them (the body as plain text); the shop's own rules are checked when the import is planned.
 */
export interface SheetProduct {
  handle: string;
  /** The row of its first variant: where the report points for the product as a whole. */
  row: number;
  rows: number[];
  title: string;
  description: string;
  vendor: string;
  type: string;
  color: Color;
  /** From an option named Size; null when the sheet has none (the administrator's default applies). */
  size: string | null;
  /** The columns its colour and size come from, for the report. */
  optionColumns: { color: string; size: string | null };
  sku: string;
  grams: string;
  quantity: string;
  price: string;
  compareAtPrice: string;
  /** Published and active: Shopify's Published is TRUE and its Status, when the sheet has one, is active. */
  published: boolean;
  pictures: SheetPicture[];
}

export interface ShopifySheetReading {
  products: SheetProduct[];
  problems: CellProblem[];
}

const plainText = compile({ wordwrap: false, selectors: [{ selector: 'a', options: { ignoreHref: true } }] });

const COLOR_BY_NAME = new Map(COLORS.map((color) => [color.toLowerCase(), color]));
/** Shopify's shops spell the option either way. */
const COLOR_OPTION_NAMES = new Set(['color', 'colour']);

interface HandleRows {
  handle: string;
  first: SheetRow;
  rows: SheetRow[];
}

function byHandle(rows: readonly SheetRow[], problems: CellProblem[]): HandleRows[] {
  const groups = new Map<string, HandleRows>();
  for (const row of rows) {
    const handle = row.cell(SHOPIFY_COLUMN.handle);
    if (!handle) {
      problems.push({
        row: row.row,
        column: SHOPIFY_COLUMN.handle,
        message: IMPORT_MSG.handleRequired,
      });
      continue;
    }
    const group = groups.get(handle);
    if (group) group.rows.push(row);
    else groups.set(handle, { handle, first: row, rows: [row] });
  }
  return [...groups.values()];
}

/** Which option (1–3) the handle's first row names Colour or Size; Shopify names them on that row only. */
function optionNumbers(first: SheetRow): { color: number | null; size: number | null } {
  let color: number | null = null;
  let size: number | null = null;
  for (const n of OPTIONS) {
    const name = first.cell(optionName(n)).toLowerCase();
    if (COLOR_OPTION_NAMES.has(name)) color ??= n;
    else if (name === 'size') size ??= n;
  }
  return { color, size };
}

function isVariantRow(row: SheetRow): boolean {
  return [SHOPIFY_COLUMN.price, SHOPIFY_COLUMN.sku, SHOPIFY_COLUMN.quantity, optionValue(1)].some(
    (column) => row.cell(column) !== '',
  );
}

function picturesOf(group: HandleRows): SheetPicture[] {
  const pictures = group.rows
    .filter((row) => row.cell(SHOPIFY_COLUMN.imageSrc) !== '')
    .map((row, i) => ({
      src: row.cell(SHOPIFY_COLUMN.imageSrc),
      position: Number.parseInt(row.cell(SHOPIFY_COLUMN.imagePosition), 10) || i + 1,
      alt: row.cell(SHOPIFY_COLUMN.imageAlt),
      row: row.row,
    }));
  const seen = new Set<string>();
  return pictures
    .sort((a, b) => a.position - b.position)
    .filter((picture) => !seen.has(picture.src) && seen.add(picture.src));
}

/**
 * The pictures of one colour: those whose alt text names a colour go to that colour only (the way Shopify themes tie
 * pictures to a colour, and the way the shop's export writes them); the others go to every colour of the handle.
 */
function picturesByColour(pictures: readonly SheetPicture[]): (color: Color) => SheetPicture[] {
  const colourOf = (picture: SheetPicture) => COLOR_BY_NAME.get(picture.alt.toLowerCase()) ?? null;
  return (color) => pictures.filter((picture) => [null, color].includes(colourOf(picture)));
}

/**
 * Reads a Shopify product sheet into the shop's products: each handle's rows of one colour are one product, named,
 * described, branded and filed by the handle's first row (continuation rows leave Title, Vendor and Type empty, as
 * Shopify exports them; one that fills them in names its own colour so). A handle without a colour option is one product whose colour the sheet does not give (a
 * problem). A colour with two sizes is one product with the first size; the second row is a problem, since a product
 * of the shop has one size. The handle's pictures go with its colours as picturesByColour says.
 */
export function readShopifyProducts(sheet: ProductSheet): ShopifySheetReading {
  const problems: CellProblem[] = [];
  const products: SheetProduct[] = [];
  for (const group of byHandle(sheet.rows, problems)) {
    const { first } = group;
    const options = optionNumbers(first);
    const pictures = picturesOf(group);
    const colourPictures = picturesByColour(pictures);
    const byColor = new Map<Color, SheetProduct>();
    for (const row of group.rows.filter(isVariantRow)) {
      const colorColumn = options.color === null ? null : optionValue(options.color);
      const colorValue = colorColumn ? row.cell(colorColumn) : '';
      const color = COLOR_BY_NAME.get(colorValue.toLowerCase());
      if (!color) {
        problems.push({
          row: row.row,
          column: colorColumn ?? optionName(1),
          message: colorColumn ? IMPORT_MSG.unknownColour(colorValue) : IMPORT_MSG.noColourOption,
        });
        continue;
      }
      const size = options.size === null ? null : row.cell(optionValue(options.size));
      const existing = byColor.get(color);
      if (existing) {
        existing.rows.push(row.row);
        problems.push({
          row: row.row,
          column: options.size === null ? (colorColumn ?? optionName(1)) : optionValue(options.size),
          message: `${color} is on row ${existing.row} already: the shop keeps one size for each colour of a bag`,
        });
        continue;
      }
      // A continuation row's own text, where it has one, is that colour's (the shop's export writes it so).
      const own = (column: string) => row.cell(column) || first.cell(column);
      const status = own(SHOPIFY_COLUMN.status).toLowerCase();
      byColor.set(color, {
        handle: group.handle,
        row: row.row,
        rows: [row.row],
        title: own(SHOPIFY_COLUMN.title),
        description: plainText(own(SHOPIFY_COLUMN.body)).trim(),
        vendor: own(SHOPIFY_COLUMN.vendor),
        type: own(SHOPIFY_COLUMN.type),
        color,
        size,
        optionColumns: {
          color: colorColumn ?? optionName(1),
          size: options.size === null ? null : optionValue(options.size),
        },
        sku: row.cell(SHOPIFY_COLUMN.sku),
        grams: row.cell(SHOPIFY_COLUMN.grams),
        quantity: row.cell(SHOPIFY_COLUMN.quantity),
        price: row.cell(SHOPIFY_COLUMN.price),
        compareAtPrice: row.cell(SHOPIFY_COLUMN.compareAtPrice),
        published: own(SHOPIFY_COLUMN.published).toLowerCase() !== 'false' && (status === '' || status === 'active'),
        pictures: colourPictures(color),
      });
    }
    if (byColor.size === 0 && !problems.some((p) => group.rows.some((r) => r.row === p.row))) {
      problems.push({
        row: first.row,
        column: SHOPIFY_COLUMN.price,
        message: IMPORT_MSG.noPriceRow,
      });
    }
    products.push(...byColor.values());
  }
  // In the sheet's order, as the report lists them.
  return { products, problems: problems.sort((a, b) => a.row - b.row) };
}
