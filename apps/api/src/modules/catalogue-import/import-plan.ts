import { IMPORT_MSG, type ImportField } from '@bagshop/shared/catalogue-import';
import type { Paise } from '@bagshop/shared/pricing/money';
import { toPaise } from '@bagshop/shared/pricing/money';
import { categorySchema } from '@bagshop/shared/schemas/catalogue';
import type { ImportRowDto } from '@bagshop/shared/schemas/catalogue-import';
import type { ProductImage } from '../../db/schema/catalogue.ts';
import { draftOf, type ProductDraft } from './import-drafts.ts';
import { isSamePicture } from './picture-sources.ts';
import type { ProductSheet } from './product-sheet.ts';
import { type CellProblem, SHOPIFY_COLUMN, type SheetPicture, type ShopifySheetReading } from './shopify-products.ts';

/** A product may show at most this many pictures; a sheet's later ones are left out (docs/decisions/053). */
const MAX_PICTURES = 8;

/** A live product of the shop, as the import compares it with a sheet's product. */
export interface CatalogueProduct {
  id: string;
  name: string;
  description: string;
  pricePaise: Paise;
  brand: string;
  categoryId: string;
  color: string;
  size: string;
  sku: string | null;
  quantity: number;
  weightGrams: number;
  isBlocked: boolean;
  /** The discount of the product's own offer, if it has one. */
  offerDiscount: number | null;
  images: ProductImage[];
  importHandle: string | null;
}

export interface CatalogueCategory {
  id: string;
  name: string;
}

/** The catalogue as an import finds it (loaded in the transaction that applies it, under its lock). */
export interface Catalogue {
  products: CatalogueProduct[];
  categories: CatalogueCategory[];
}

export interface ImportOptions {
  defaultSize: string;
  compareAtOffers: boolean;
  createCategories: boolean;
}

/** One of the sheet's pictures for a product: a saved picture it already is, or a source to read. */
export interface PlannedPicture {
  src: string;
  alt: string;
  row: number;
  saved: ProductImage | null;
}

/** What the import does with one product of the sheet; its report row says the same in words. */
export interface PlannedProduct {
  report: ImportRowDto;
  draft: ProductDraft;
  existing: CatalogueProduct | null;
  /** The category by the shop's spelling of it; its id is null when the import adds it. */
  category: { id: string | null; name: string };
  size: string;
  pictures: PlannedPicture[];
  /** The product's own offer after the import: a percent off when the compare-at price sets one. */
  offerPercent: number | null;
}

export interface ImportPlan {
  products: PlannedProduct[];
  /** Rows that are no product: their problems, in the report's shape. */
  problemRows: ImportRowDto[];
}

const lower = (text: string) => text.toLowerCase();
const handleColourKey = (handle: string, color: string) => `${lower(handle)}\u0000${color}`;

class CatalogueIndex {
  readonly bySku = new Map<string, CatalogueProduct>();
  readonly byHandleColour = new Map<string, CatalogueProduct>();
  readonly byId = new Map<string, CatalogueProduct>();
  readonly categoryByName = new Map<string, CatalogueCategory>();

  constructor(catalogue: Catalogue) {
    for (const product of catalogue.products) {
      this.byId.set(product.id, product);
      if (product.sku) this.bySku.set(lower(product.sku), product);
      if (product.importHandle) this.byHandleColour.set(handleColourKey(product.importHandle, product.color), product);
    }
    for (const category of catalogue.categories) this.categoryByName.set(lower(category.name), category);
  }

  /**
   * By SKU first, then by handle and colour; a handle that is a product's id (as the export writes a product added in
   * the form) finds that product when the colour agrees.
   */
  match(draft: ProductDraft): CatalogueProduct | null {
    const { sku, color } = draft.fields;
    if (sku) {
      const bySku = this.bySku.get(lower(sku));
      if (bySku) return bySku;
    }
    const handle = draft.source.handle;
    const byHandle = this.byHandleColour.get(handleColourKey(handle, color));
    if (byHandle) return byHandle;
    const byId = this.byId.get(lower(handle));
    return byId && byId.color === color ? byId : null;
  }
}

function reportRow(draft: ProductDraft | null, row: number, handle: string): ImportRowDto {
  return {
    row,
    handle,
    name: draft?.source.title ?? '',
    sku: draft?.fields.sku ?? draft?.source.sku ?? '',
    colour: draft?.fields.color ?? '',
    outcome: 'error',
    fields: [],
    problems: [],
    productId: null,
  };
}

const squashed = (text: string) => text.replace(/\s+/g, ' ').trim();
const wire = (problem: CellProblem) => ({ row: problem.row, column: problem.column, message: problem.message });

/** The sheet's pictures of a product, matched with the saved ones it already shows, in the sheet's order. */
function plannedPictures(pictures: readonly SheetPicture[], existing: CatalogueProduct | null): PlannedPicture[] {
  return pictures.slice(0, MAX_PICTURES).map((picture) => ({
    src: picture.src,
    alt: picture.alt,
    row: picture.row,
    saved: existing?.images.find((image) => isSamePicture(image, picture.src)) ?? null,
  }));
}

/** The fields an update changes; none for a product the sheet describes as it is. */
function changedFields(planned: Omit<PlannedProduct, 'report'>, existing: CatalogueProduct): ImportField[] {
  const { fields, source } = planned.draft;
  const changed: ImportField[] = [];
  const differs = (field: ImportField, yes: boolean) => yes && changed.push(field);
  differs('name', fields.name !== existing.name);
  // The sheet's description is HTML made plain text: runs of spaces and line breaks are its own, not the owner's.
  differs('description', squashed(fields.description) !== squashed(existing.description));
  differs('price', toPaise(fields.price) !== existing.pricePaise);
  differs('brand', fields.brand !== existing.brand);
  differs('category', planned.category.id !== existing.categoryId);
  differs('colour', fields.color !== existing.color);
  differs('size', planned.size !== existing.size);
  differs('sku', fields.sku !== null && fields.sku !== undefined && fields.sku !== existing.sku);
  differs('stock', fields.quantity !== existing.quantity);
  differs('weight', fields.weightGrams !== undefined && fields.weightGrams !== existing.weightGrams);
  differs('published', source.published === existing.isBlocked);
  differs('offer', planned.offerPercent !== null && planned.offerPercent !== existing.offerDiscount);
  differs(
    'pictures',
    planned.pictures.length > 0 &&
      (planned.pictures.length !== existing.images.length ||
        planned.pictures.some((picture, i) => picture.saved !== existing.images[i])),
  );
  return changed;
}

/**
 * Works out, product by product, what importing the sheet into this catalogue does: the same answer for a dry run
 * and for the import that applies it (docs/decisions/053-catalogue-import.md). Pictures are matched by name only
 * here; reading them is a later step.
 */
export function planImport(
  sheet: ProductSheet,
  reading: ShopifySheetReading,
  catalogue: Catalogue,
  options: ImportOptions,
): ImportPlan {
  const index = new CatalogueIndex(catalogue);
  const handleOfRow = new Map(sheet.rows.map((row) => [row.row, row.cell(SHOPIFY_COLUMN.handle)]));
  const problemRows = new Map<number, ImportRowDto>();
  for (const problem of reading.problems) {
    const row = problemRows.get(problem.row) ?? reportRow(null, problem.row, handleOfRow.get(problem.row) ?? '');
    row.problems.push(wire(problem));
    problemRows.set(problem.row, row);
  }

  const products: PlannedProduct[] = [];
  const newCategories = new Map<string, string>();
  const rowOfSku = new Map<string, number>();
  const rowOfProduct = new Map<string, number>();
  for (const source of reading.products) {
    const drafted = draftOf(source, { defaultSize: options.defaultSize });
    if (Array.isArray(drafted)) {
      const row = reportRow(null, source.row, source.handle);
      Object.assign(row, { name: source.title, sku: source.sku, colour: source.color, problems: drafted.map(wire) });
      problemRows.set(source.row, row);
      continue;
    }
    const draft = drafted;
    const report = reportRow(draft, source.row, source.handle);
    const problem = (column: string, message: string) => report.problems.push({ row: source.row, column, message });

    const sku = draft.fields.sku;
    if (sku) {
      const first = rowOfSku.get(lower(sku));
      if (first !== undefined) problem(SHOPIFY_COLUMN.sku, IMPORT_MSG.skuTwice(sku, first));
      else rowOfSku.set(lower(sku), source.row);
    }
    const existing = index.match(draft);
    if (existing) {
      const first = rowOfProduct.get(existing.id);
      if (first !== undefined) problem(SHOPIFY_COLUMN.handle, IMPORT_MSG.sameProductTwice(first));
      else rowOfProduct.set(existing.id, source.row);
    }

    let category: PlannedProduct['category'] = { id: null, name: draft.categoryName };
    const known = index.categoryByName.get(lower(draft.categoryName));
    if (known) category = { id: known.id, name: known.name };
    else if (!options.createCategories) problem(SHOPIFY_COLUMN.type, IMPORT_MSG.categoryUnknown(draft.categoryName));
    else {
      const parsed = categorySchema.safeParse({ name: draft.categoryName });
      if (!parsed.success) problem(SHOPIFY_COLUMN.type, parsed.error.issues[0]?.message ?? IMPORT_MSG.categoryRequired);
      else {
        const name = newCategories.get(lower(parsed.data.name)) ?? parsed.data.name;
        newCategories.set(lower(name), name);
        category = { id: null, name };
      }
    }

    const size = draft.fields.size ?? existing?.size;
    if (size === undefined) problem(source.optionColumns.size ?? 'Size', IMPORT_MSG.defaultSizeRequired);

    const pictures = plannedPictures(source.pictures, existing);
    if (!existing && pictures.length === 0) problem(SHOPIFY_COLUMN.imageSrc, IMPORT_MSG.pictureRequired);

    const planned = {
      draft,
      existing,
      category,
      size: size ?? '',
      pictures,
      offerPercent: options.compareAtOffers ? draft.compareAtPercent : null,
    };
    report.productId = existing?.id ?? null;
    if (report.problems.length === 0) {
      report.fields = existing ? changedFields(planned, existing) : [];
      report.outcome = existing ? (report.fields.length > 0 ? 'updated' : 'unchanged') : 'created';
    }
    products.push({ ...planned, report });
  }

  return { products, problemRows: [...problemRows.values()] };
}

/** The categories the import adds: those the products it imports name and the shop does not have. */
export function newCategoryNames(plan: ImportPlan): string[] {
  const names = new Map<string, string>();
  for (const p of plan.products) {
    if (p.report.outcome !== 'error' && p.category.id === null) names.set(lower(p.category.name), p.category.name);
  }
  return [...names.values()];
}

/** Marks a product of the plan as an error with one more problem (a picture found unreadable, a fetch refused). */
export function failPlanned(planned: PlannedProduct, problem: CellProblem): void {
  planned.report.problems.push(wire(problem));
  planned.report.outcome = 'error';
  planned.report.fields = [];
}

/** The report's rows in the sheet's order: each product, and each row that could not be one. */
export function reportRows(plan: ImportPlan): ImportRowDto[] {
  return [...plan.products.map((p) => p.report), ...plan.problemRows].sort((a, b) => a.row - b.row);
}
