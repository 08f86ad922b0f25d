import type { AuditAction } from '@bagshop/shared/audit';
import { MAX_PRODUCT_IMAGES } from '@bagshop/shared/catalogue';
import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { ProductDto, ProductPage } from '@bagshop/shared/catalogue-types';
import { type ParcelCm, parcelFromSize } from '@bagshop/shared/parcel';
import { toPaise } from '@bagshop/shared/pricing/money';
import type {
  AdminProductExportQuery,
  AdminProductListQuery,
  BulkBlockInput,
  ProductSort,
} from '@bagshop/shared/schemas/admin-lists';
import { productCreateSchema, productUpdateSchema } from '@bagshop/shared/schemas/catalogue';
import { and, count, eq, ilike, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { isUniqueViolation, isUuid } from '../../db/ids.ts';
import { containsPattern } from '../../db/like.ts';
import { categories, type ProductImage, products } from '../../db/schema/catalogue.ts';
import { orderWithId, textKey } from '../../db/sort.ts';
import { recordAudit } from '../../platform/audit.ts';
import { type CsvCell, csvIndiaTime, csvRupees, csvText, inBatches } from '../../platform/csv-export.ts';
import { AppError, fieldsFromIssues, validationError } from '../../platform/errors.ts';
import type { ImageStorage } from '../../platform/storage.ts';
import { assertOfferFor } from '../offers/service.ts';
import { queueRestockMails } from '../restock-alerts/service.ts';
import { countStock, openStock } from '../stock-ledger/service.ts';
import { productNotFound } from './ids.ts';
import { encodeImages, PRODUCT_IMAGE_FIELD, type ProductForm, removeImages, saveImages } from './product-images.ts';
import {
  findProducts,
  isAvailable,
  type ProductWithRelations,
  priceOf,
  selectProducts,
  toProductDto,
} from './product-view.ts';

interface Deps {
  db: Db;
  storage: ImageStorage;
  /** The parcel a product added without one ships as (docs/decisions/038-parcel-sizes.md). */
  config: { DEFAULT_WEIGHT_GRAMS: number; DEFAULT_PARCEL_CM: ParcelCm; LOW_STOCK_AT: number };
}

type ParcelInput = Partial<ParcelCm> & { weightGrams?: number; size: string };

/**
 * The parcel of a new product: each figure the form gives, else the sides its size reads as (rounded up), else the
 * shop's defaults.
 */
export function newParcel(
  input: ParcelInput,
  config: Pick<Deps['config'], 'DEFAULT_WEIGHT_GRAMS' | 'DEFAULT_PARCEL_CM'>,
) {
  const sides = parcelFromSize(input.size) ?? config.DEFAULT_PARCEL_CM;
  return {
    weightGrams: input.weightGrams ?? config.DEFAULT_WEIGHT_GRAMS,
    lengthCm: input.lengthCm ?? sides.lengthCm,
    breadthCm: input.breadthCm ?? sides.breadthCm,
    heightCm: input.heightCm ?? sides.heightCm,
  };
}

/** An edit changes the figures the form gives and keeps the others. */
function editedParcel(input: ParcelInput) {
  const { weightGrams, lengthCm, breadthCm, heightCm } = input;
  return Object.fromEntries(
    Object.entries({ weightGrams, lengthCm, breadthCm, heightCm }).filter(([, v]) => v !== undefined),
  ) as Partial<ParcelCm & { weightGrams: number }>;
}

/** Field errors of a form (first message per field) and its values when every field is valid. */
function parseForm<T>(schema: z.ZodType<T>, form: ProductForm): { data?: T; fields: Record<string, string> } {
  const result = schema.safeParse(form.fields);
  return result.success ? { data: result.data, fields: {} } : { fields: fieldsFromIssues(result.error.issues) };
}

function valid<T>(parsed: { data?: T; fields: Record<string, string> }): T {
  if (!parsed.data || Object.keys(parsed.fields).length > 0) throw validationError(parsed.fields);
  return parsed.data;
}

/** The category must exist (a blocked one is fine: the admin may prepare products before unblocking it). */
async function assertCategory(db: DbOrTx, categoryId: string, lock: boolean): Promise<void> {
  const query = db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, categoryId), isNull(categories.deletedAt)));
  const [row] = lock ? await query.for('share') : await query;
  if (!row) throw validationError({ category: CATALOGUE_MSG.categoryNotFound });
}

async function loadProduct(db: DbOrTx, id: string): Promise<ProductDto> {
  const [row] = await findProducts(db, eq(products.id, id));
  if (!row) throw productNotFound();
  return toProductDto(row);
}

/** What the admin sees of a product, for the audit log; images by their large URL, in order. */
function productSnapshot(p: ProductDto) {
  return {
    name: p.name,
    description: p.description,
    price: p.price,
    offer: p.offer?.name ?? null,
    category: p.category.name,
    quantity: p.quantity,
    brand: p.brand,
    color: p.color,
    size: p.size,
    sku: p.sku,
    weightGrams: p.weightGrams,
    parcelCm: `${p.lengthCm}x${p.breadthCm}x${p.heightCm}`,
    images: p.pdImage,
    blocked: !p.isExist,
  };
}

/** An edit that only kept, reordered or added images reads as 'images' in the log. */
function editAction(before: ProductDto, after: ProductDto): AuditAction {
  const { images: _before, ...fieldsBefore } = productSnapshot(before);
  const { images: _after, ...fieldsAfter } = productSnapshot(after);
  return JSON.stringify(fieldsBefore) === JSON.stringify(fieldsAfter) ? 'images' : 'update';
}

function auditProduct(
  tx: Tx,
  adminId: string,
  action: AuditAction,
  before: ProductDto | null,
  after: ProductDto | null,
) {
  const subject = (after ?? before) as ProductDto;
  return recordAudit(tx, adminId, {
    kind: 'product',
    action,
    entityId: subject._id,
    summary: `Product "${subject.name}"`,
    before: before && productSnapshot(before),
    after: after && productSnapshot(after),
  });
}

async function liveProduct(db: DbOrTx, id: string, lock = false) {
  if (!isUuid(id)) throw productNotFound();
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw productNotFound();
  return row;
}

/** SKUs are unique among live products regardless of case; the database index decides races. */
async function withUniqueSku<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', CATALOGUE_MSG.skuExists, { sku: CATALOGUE_MSG.skuExists });
    }
    throw error;
  }
}

/** Stores the images, then runs the database write; if the write fails, the new files are removed again. */
async function withNewImages<T>(deps: Deps, uploads: Buffer[], write: (images: ProductImage[]) => Promise<T>) {
  const images = await saveImages(deps.storage, await encodeImages(uploads));
  try {
    return await write(images);
  } catch (error) {
    await removeImages(deps.storage, images);
    throw error;
  }
}

const PRODUCT_SORT_KEYS: Record<ProductSort, AnyPgColumn | SQL> = {
  createdAt: products.createdAt,
  name: textKey(products.name),
  category: textKey(categories.name),
  // The price the list shows: after the best offer.
  price: products.finalPricePaise,
  quantity: products.quantity,
};

/** Live products, blocked ones too, matching the keyword in name, brand or SKU. */
function adminProductFilter(keywordText: string | undefined): SQL | undefined {
  const filters: SQL[] = [isNull(products.deletedAt)];
  const keyword = keywordText?.trim();
  if (keyword) {
    const pattern = containsPattern(keyword);
    filters.push(
      or(ilike(products.name, pattern), ilike(products.brand, pattern), ilike(products.sku, pattern)) as SQL,
    );
  }
  return and(...filters);
}

function sortedAdminProducts(db: Db, query: AdminProductExportQuery) {
  return selectProducts(db)
    .where(adminProductFilter(query.keyword))
    .orderBy(...orderWithId(PRODUCT_SORT_KEYS[query.sort], products.id, query.dir));
}

export async function listAdminProducts(db: Db, query: AdminProductListQuery): Promise<ProductPage> {
  const [{ total }] = await db.select({ total: count() }).from(products).where(adminProductFilter(query.keyword));
  const rows = await sortedAdminProducts(db, query)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const now = new Date();
  return {
    products: rows.map((r) => toProductDto(r, now)),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

export const PRODUCT_CSV_HEADER = [
  'Name',
  'SKU',
  'Brand',
  'Category',
  'Colour',
  'Size',
  'Price (₹)',
  'Price after offer (₹)',
  'Stock',
  'Status',
  'Added (India time)',
] as const;

function productStatus(r: ProductWithRelations): string {
  if (r.product.isBlocked) return 'Blocked';
  return isAvailable(r) ? 'Active' : 'Category blocked';
}

/** Every product the list's search and sort select, in batches, as CSV rows (docs/decisions/029-admin-lists.md). */
export async function* adminProductCsvRows(db: Db, query: AdminProductExportQuery): AsyncGenerator<CsvCell[][]> {
  const now = new Date();
  for await (const batch of inBatches((offset, size) => sortedAdminProducts(db, query).limit(size).offset(offset))) {
    yield batch.map((r) => [
      csvText(r.product.name),
      csvText(r.product.sku ?? ''),
      csvText(r.product.brand),
      csvText(r.category.name),
      r.product.color,
      csvText(r.product.size),
      csvRupees(r.product.pricePaise),
      csvRupees(priceOf(r, now).finalPaise),
      r.product.quantity,
      productStatus(r),
      csvIndiaTime(r.product.createdAt),
    ]);
  }
}

/** Blocks or unblocks the live products named, in one transaction; answers how many changed. */
export async function bulkBlockProducts(db: Db, adminId: string, input: BulkBlockInput): Promise<number> {
  const blocked = input.action === 'block';
  return db.transaction(async (tx) => {
    const changing = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, input.ids), isNull(products.deletedAt), ne(products.isBlocked, blocked)))
      .orderBy(products.id)
      .for('update');
    for (const { id } of changing) {
      const before = await loadProduct(tx, id);
      await tx.update(products).set({ isBlocked: blocked, updatedAt: new Date() }).where(eq(products.id, id));
      await auditProduct(tx, adminId, blocked ? 'block' : 'unblock', before, await loadProduct(tx, id));
    }
    return changing.length;
  });
}

export async function createProduct(deps: Deps, adminId: string, form: ProductForm): Promise<ProductDto> {
  const parsed = parseForm(productCreateSchema, form);
  if (form.files.length === 0) parsed.fields[PRODUCT_IMAGE_FIELD] = CATALOGUE_MSG.imageRequired;
  const input = valid(parsed);
  await assertCategory(deps.db, input.category, false);
  await assertOfferFor(deps.db, input.offer, 'products');
  const id = await withNewImages(deps, form.files, (images) =>
    withUniqueSku(() =>
      deps.db.transaction(async (tx) => {
        // Held until commit, so the category cannot be deleted while its new product is being added.
        await assertCategory(tx, input.category, true);
        const [row] = await tx
          .insert(products)
          .values({
            name: input.name,
            description: input.description,
            pricePaise: toPaise(input.price),
            offerId: input.offer ?? null,
            categoryId: input.category,
            quantity: input.quantity,
            brand: input.brand,
            color: input.color,
            size: input.size,
            sku: input.sku ?? null,
            ...newParcel(input, deps.config),
            images,
            lowStockAt: deps.config.LOW_STOCK_AT,
          })
          .returning({ id: products.id });
        await openStock(tx, row.id, { actorId: adminId });
        await auditProduct(tx, adminId, 'create', null, await loadProduct(tx, row.id));
        return row.id;
      }),
    ),
  );
  return loadProduct(deps.db, id);
}

/** The saved images to keep, in the order asked for; by default all of them in their current order. */
function keptImages(current: ProductImage[], wanted: string[] | undefined): ProductImage[] {
  if (wanted === undefined) return current;
  if (new Set(wanted).size !== wanted.length) throw validationError({ existingImages: CATALOGUE_MSG.imageListInvalid });
  return wanted.map((url) => {
    const image = current.find((i) => i.large === url);
    if (!image) throw validationError({ existingImages: CATALOGUE_MSG.imageListInvalid });
    return image;
  });
}

function imageCountError(total: number): string | null {
  if (total === 0) return CATALOGUE_MSG.imageRequired;
  if (total > MAX_PRODUCT_IMAGES) return CATALOGUE_MSG.tooManyImages;
  return null;
}

/**
 * Edits the fields; `existingImages` keeps and reorders saved images, new files come after them.
 * Images no longer kept are removed from storage once the change is committed.
 */
export async function updateProduct(deps: Deps, adminId: string, id: string, form: ProductForm): Promise<ProductDto> {
  const current = await liveProduct(deps.db, id);
  const parsed = parseForm(productUpdateSchema, form);
  if (parsed.data || form.fields.existingImages === undefined) {
    const kept = keptImages(current.images, parsed.data?.existingImages);
    const countError = imageCountError(kept.length + form.files.length);
    if (countError) parsed.fields[PRODUCT_IMAGE_FIELD] = countError;
  }
  const input = valid(parsed);
  await assertCategory(deps.db, input.category, false);
  await assertOfferFor(deps.db, input.offer, 'products');
  const dropped = await withNewImages(deps, form.files, (added) =>
    withUniqueSku(() =>
      deps.db.transaction(async (tx) => {
        const locked = await liveProduct(tx, id, true);
        const before = await loadProduct(tx, id);
        await assertCategory(tx, input.category, true);
        // Worked out again under the row lock, in case the images changed since the form was read.
        const kept = keptImages(locked.images, input.existingImages);
        const images = [...kept, ...added];
        const countError = imageCountError(images.length);
        if (countError) throw validationError({ [PRODUCT_IMAGE_FIELD]: countError });
        await tx
          .update(products)
          .set({
            name: input.name,
            description: input.description,
            pricePaise: toPaise(input.price),
            ...(input.offer === undefined ? {} : { offerId: input.offer }),
            categoryId: input.category,
            brand: input.brand,
            color: input.color,
            size: input.size,
            ...(input.sku === undefined ? {} : { sku: input.sku }),
            ...editedParcel(input),
            images,
            updatedAt: new Date(),
          })
          .where(eq(products.id, id));
        // The form's stock is a count: the difference is a ledger row (docs/decisions/049-stock-ledger.md).
        await countStock(tx, id, input.quantity, adminId);
        if (locked.quantity === 0 && input.quantity > 0) await queueRestockMails(tx, id, input.name);
        const after = await loadProduct(tx, id);
        await auditProduct(tx, adminId, editAction(before, after), before, after);
        return locked.images.filter((i) => !kept.includes(i));
      }),
    ),
  );
  await removeImages(deps.storage, dropped);
  return loadProduct(deps.db, id);
}

/** A soft delete: past orders and carts keep pointing at the row; the shop no longer shows it. */
export async function deleteProduct(db: Db, adminId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await liveProduct(tx, id, true);
    const before = await loadProduct(tx, id);
    await tx.update(products).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(products.id, id));
    await auditProduct(tx, adminId, 'delete', before, null);
  });
}

export async function toggleProductBlock(db: Db, adminId: string, id: string): Promise<ProductDto> {
  return db.transaction(async (tx) => {
    const current = await liveProduct(tx, id, true);
    const before = await loadProduct(tx, id);
    await tx.update(products).set({ isBlocked: !current.isBlocked, updatedAt: new Date() }).where(eq(products.id, id));
    const after = await loadProduct(tx, id);
    await auditProduct(tx, adminId, after.isExist ? 'unblock' : 'block', before, after);
    return after;
  });
}

export async function deleteProductImage(
  deps: Deps,
  adminId: string,
  id: string,
  indexText: string,
): Promise<ProductDto> {
  const imageNotFound = () => new AppError('NOT_FOUND', CATALOGUE_MSG.imageNotFound);
  if (!/^\d{1,2}$/.test(indexText)) throw imageNotFound();
  const index = Number(indexText);
  const removed = await deps.db.transaction(async (tx) => {
    const current = await liveProduct(tx, id, true);
    if (index >= current.images.length) throw imageNotFound();
    if (current.images.length === 1) throw new AppError('CONFLICT', CATALOGUE_MSG.lastImage);
    const before = await loadProduct(tx, id);
    await tx
      .update(products)
      .set({ images: current.images.filter((_, i) => i !== index), updatedAt: new Date() })
      .where(eq(products.id, id));
    await auditProduct(tx, adminId, 'images', before, await loadProduct(tx, id));
    return current.images[index];
  });
  await removeImages(deps.storage, [removed]);
  return loadProduct(deps.db, id);
}
