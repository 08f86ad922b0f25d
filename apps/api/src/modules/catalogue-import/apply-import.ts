import type { ParcelCm } from '@bagshop/shared/parcel';
import { toPaise } from '@bagshop/shared/pricing/money';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { categories, offers, type ProductImage, products } from '../../db/schema/catalogue.ts';
import { recordAudit } from '../../platform/audit.ts';
import { newParcel } from '../products/service.ts';
import { queueRestockMails } from '../restock-alerts/service.ts';
import { changeStock, openStock } from '../stock-ledger/service.ts';
import type { Catalogue, CatalogueProduct, ImportPlan, PlannedProduct } from './import-plan.ts';

/** Imports run one at a time across every shop process: two at once could each add the product the other adds. */
const IMPORT_LOCK_KEY = 53_053;
const INSERT_BATCH = 500;
/** How long an offer set by a compare-at price runs; the administrator may change it in Offers. */
const COMPARE_AT_OFFER_DAYS = 365;

export class CatalogueChangedError extends Error {}

/** The live catalogue an import compares its sheet with. */
export async function loadCatalogue(db: DbOrTx): Promise<Catalogue> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      pricePaise: products.pricePaise,
      brand: products.brand,
      categoryId: products.categoryId,
      color: products.color,
      size: products.size,
      sku: products.sku,
      quantity: products.quantity,
      weightGrams: products.weightGrams,
      isBlocked: products.isBlocked,
      offerDiscount: offers.discount,
      images: products.images,
      importHandle: products.importHandle,
    })
    .from(products)
    .leftJoin(offers, and(eq(offers.id, products.offerId), isNull(offers.deletedAt)))
    .where(isNull(products.deletedAt));
  const live = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(isNull(categories.deletedAt));
  return { products: rows as CatalogueProduct[], categories: live };
}

/** What the plan decided, product by product: two plans alike do the same thing. */
export function planKey(plan: ImportPlan): string {
  return JSON.stringify(
    plan.products.map((p) => [p.report.outcome, p.report.productId, p.report.fields, p.category.id, p.category.name]),
  );
}

export interface ApplyContext {
  importId: string;
  fileName: string;
  adminId: string;
  config: { DEFAULT_WEIGHT_GRAMS: number; DEFAULT_PARCEL_CM: ParcelCm; LOW_STOCK_AT: number };
  /** The plan worked out again on the catalogue inside the transaction, to compare with the one applied. */
  replan: (catalogue: Catalogue) => ImportPlan;
  /** planKey of the plan as first worked out, before its pictures were read. */
  expectedKey: string;
  /** Called as products are written: how many of how many. */
  progress: (done: number, of: number) => void;
}

async function addCategories(tx: Tx, plan: ImportPlan): Promise<void> {
  const ids = new Map<string, string>();
  for (const product of plan.products) {
    if (product.report.outcome === 'error' || product.category.id !== null) continue;
    const key = product.category.name.toLowerCase();
    let id = ids.get(key);
    if (!id) {
      const [row] = await tx
        .insert(categories)
        .values({ name: product.category.name })
        .returning({ id: categories.id });
      id = row.id;
      ids.set(key, id);
    }
    product.category.id = id;
  }
}

/** An offer of the compare-at price's percent off: an existing one set by an import for that percent, or a new one. */
async function compareAtOffers(tx: Tx, plan: ImportPlan): Promise<Map<number, string>> {
  const percents = new Set<number>();
  for (const p of plan.products) {
    const sets = p.report.outcome === 'created' || p.report.fields.includes('offer');
    if (sets && p.offerPercent !== null) percents.add(p.offerPercent);
  }
  const ids = new Map<number, string>();
  for (const percent of percents) {
    const name = `Compare-at ${percent}% off`;
    const [found] = await tx
      .select({ id: offers.id })
      .from(offers)
      .where(
        and(
          eq(offers.name, name),
          eq(offers.type, 'products'),
          eq(offers.discount, percent),
          isNull(offers.deletedAt),
          eq(offers.isBlocked, false),
          sql`${offers.activation} <= now() and ${offers.expiry} > now()`,
        ),
      )
      .limit(1);
    const [row] = found
      ? [found]
      : await tx
          .insert(offers)
          .values({
            name,
            type: 'products',
            description: 'Set by a catalogue import from a compare-at price',
            // The transaction's own clock, so the offer applies to the products this transaction writes.
            activation: sql`now()`,
            expiry: sql`now() + make_interval(days => ${COMPARE_AT_OFFER_DAYS})`,
            discount: percent,
            minAmountPaise: toPaise(0),
          })
          .returning({ id: offers.id });
    ids.set(percent, row.id);
  }
  return ids;
}

/** Under the lock: the matched products as they stand now, which must be as the plan found them. */
async function lockMatched(tx: Tx, plan: ImportPlan, catalogue: Catalogue): Promise<void> {
  const matched = plan.products.filter((p) => p.existing && p.report.outcome === 'updated');
  if (matched.length === 0) return;
  const locked = await tx
    .select({ id: products.id, quantity: products.quantity })
    .from(products)
    .where(
      and(
        inArray(
          products.id,
          matched.map((p) => p.report.productId as string),
        ),
        isNull(products.deletedAt),
      ),
    )
    .orderBy(products.id)
    .for('update');
  const known = new Map(catalogue.products.map((p) => [p.id, p.quantity]));
  if (locked.length !== matched.length || locked.some((row) => known.get(row.id) !== row.quantity)) {
    throw new CatalogueChangedError();
  }
}

function createdValues(product: PlannedProduct, images: ProductImage[], context: ApplyContext, offerId: string | null) {
  const { fields, source } = product.draft;
  return {
    id: crypto.randomUUID(),
    name: fields.name,
    description: fields.description,
    pricePaise: toPaise(fields.price),
    offerId,
    categoryId: product.category.id as string,
    quantity: fields.quantity,
    brand: fields.brand,
    color: fields.color,
    size: product.size,
    sku: fields.sku ?? null,
    importHandle: source.handle,
    ...newParcel({ size: product.size, weightGrams: fields.weightGrams }, context.config),
    images,
    isBlocked: !source.published,
    lowStockAt: context.config.LOW_STOCK_AT,
  };
}

/** The columns an update writes: the fields that changed, and the handle that finds the product next time. */
function updatedValues(product: PlannedProduct, images: ProductImage[] | undefined, offerId: string | null) {
  const { fields, source } = product.draft;
  const existing = product.existing as CatalogueProduct;
  const changed = new Set(product.report.fields);
  return {
    ...(changed.has('name') ? { name: fields.name } : {}),
    ...(changed.has('description') ? { description: fields.description } : {}),
    ...(changed.has('price') ? { pricePaise: toPaise(fields.price) } : {}),
    ...(changed.has('brand') ? { brand: fields.brand } : {}),
    ...(changed.has('category') ? { categoryId: product.category.id as string } : {}),
    ...(changed.has('colour') ? { color: fields.color } : {}),
    ...(changed.has('size') ? { size: product.size } : {}),
    ...(changed.has('sku') ? { sku: fields.sku } : {}),
    ...(changed.has('weight') ? { weightGrams: fields.weightGrams } : {}),
    ...(changed.has('published') ? { isBlocked: !source.published } : {}),
    ...(changed.has('offer') ? { offerId } : {}),
    ...(changed.has('pictures') && images ? { images } : {}),
    ...(existing.importHandle === null && source.handle.toLowerCase() !== existing.id
      ? { importHandle: source.handle }
      : {}),
    updatedAt: new Date(),
  };
}

/**
 * Writes the plan in the caller's transaction (docs/decisions/053-catalogue-import.md): the categories and offers it
 * names, the new products with their opening ledger rows, the changed fields of the others with an `import` ledger
 * row for each stock that moves, back-in-stock mails for products that had none, and one audit entry. The plan is
 * worked out again under the import lock first: if the catalogue changed since, nothing is written.
 */
export async function applyPlan(
  tx: Tx,
  plan: ImportPlan,
  imagesOf: ReadonlyMap<PlannedProduct, ProductImage[]>,
  context: ApplyContext,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`);
  const catalogue = await loadCatalogue(tx);
  if (planKey(context.replan(catalogue)) !== context.expectedKey) throw new CatalogueChangedError();
  await lockMatched(tx, plan, catalogue);

  await addCategories(tx, plan);
  const offerOf = await compareAtOffers(tx, plan);
  const offerIdOf = (p: PlannedProduct) => (p.offerPercent === null ? null : (offerOf.get(p.offerPercent) ?? null));

  const created = plan.products.filter((p) => p.report.outcome === 'created');
  const updated = plan.products.filter((p) => p.report.outcome === 'updated');
  const total = created.length + updated.length;
  let done = 0;

  for (let i = 0; i < created.length; i += INSERT_BATCH) {
    const batch = created.slice(i, i + INSERT_BATCH);
    const values = batch.map((p) => createdValues(p, imagesOf.get(p) ?? [], context, offerIdOf(p)));
    await tx.insert(products).values(values);
    batch.forEach((p, j) => {
      p.report.productId = values[j].id;
    });
    await openStock(
      tx,
      values.map((v) => v.id),
      { actorId: context.adminId, reason: 'import' },
    );
    done += batch.length;
    context.progress(done, total);
  }

  const stockChanges: Array<{ productId: string; delta: number }> = [];
  const restocked: PlannedProduct[] = [];
  for (const product of updated) {
    const existing = product.existing as CatalogueProduct;
    await tx
      .update(products)
      .set(updatedValues(product, imagesOf.get(product), offerIdOf(product)))
      .where(eq(products.id, existing.id));
    if (product.report.fields.includes('stock')) {
      stockChanges.push({ productId: existing.id, delta: product.draft.fields.quantity - existing.quantity });
      if (existing.quantity === 0) restocked.push(product);
    }
    done += 1;
    if (done % INSERT_BATCH === 0) context.progress(done, total);
  }
  await changeStock(tx, stockChanges, { reason: 'import', actorId: context.adminId, note: context.fileName });
  for (const product of restocked) {
    await queueRestockMails(tx, product.existing?.id as string, product.draft.fields.name);
  }
  context.progress(total, total);

  await recordAudit(tx, context.adminId, {
    kind: 'catalogue-import',
    action: 'import',
    entityId: context.importId,
    summary: `Import of "${context.fileName}": ${created.length} added, ${updated.length} changed`,
    before: null,
    after: {
      added: created.map((p) => ({ id: p.report.productId, name: p.draft.fields.name })),
      changed: updated.map((p) => ({ id: p.report.productId, name: p.draft.fields.name, fields: p.report.fields })),
    },
  });
}
