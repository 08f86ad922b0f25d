import { IMPORT_MSG, MAX_IMPORT_ROWS } from '@bagshop/shared/catalogue-import';
import type { ParcelCm } from '@bagshop/shared/parcel';
import type {
  CatalogueImportOptions,
  ImportCounts,
  ImportJobDto,
  ImportResultDto,
} from '@bagshop/shared/schemas/catalogue-import';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/ids.ts';
import type { ProductImage } from '../../db/schema/catalogue.ts';
import type { RemotePictureFetcher } from '../../platform/deps.ts';
import { validationError } from '../../platform/errors.ts';
import type { ImageStorage } from '../../platform/storage.ts';
import { removeProductImages } from '../products/service.ts';
import { applyPlan, CatalogueChangedError, loadCatalogue, planKey } from './apply-import.ts';
import type { ImportUpload } from './import-form.ts';
import { createImportJob, ImportProgress } from './import-jobs.ts';
import { checkPictures, readPictures } from './import-pictures.ts';
import { type ImportPlan, newCategoryNames, planImport, reportRows } from './import-plan.ts';
import { readPicturesZip, type ZipPictures } from './picture-sources.ts';
import { type ProductSheet, readCsvSheet, readXlsxSheet, UnreadableSheetError } from './product-sheet.ts';
import { readShopifyProducts, SHOPIFY_COLUMN } from './shopify-products.ts';

export { type ImportUpload, readImportForm } from './import-form.ts';
export { findImportJob } from './import-jobs.ts';
export { importReportCsvRows } from './import-report.ts';
export { SHOPIFY_EXPORT_HEADER, shopifyExportRows } from './shopify-export.ts';

export interface ImportDeps {
  db: Db;
  storage: ImageStorage;
  pictures: RemotePictureFetcher;
  config: { DEFAULT_WEIGHT_GRAMS: number; DEFAULT_PARCEL_CM: ParcelCm; LOW_STOCK_AT: number };
}

async function readSheet(upload: ImportUpload): Promise<ProductSheet> {
  try {
    return upload.isWorkbook ? await readXlsxSheet(upload.file) : readCsvSheet(upload.file);
  } catch (error) {
    if (error instanceof UnreadableSheetError) throw validationError({ file: error.message });
    throw error;
  }
}

async function readZip(images: Buffer | null): Promise<ZipPictures | null> {
  if (!images) return null;
  try {
    return await readPicturesZip(images);
  } catch (error) {
    if (error instanceof UnreadableSheetError) throw validationError({ images: error.message });
    throw error;
  }
}

function countsOf(rows: ImportResultDto['rows']): ImportCounts {
  const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0, error: 0 };
  for (const row of rows) counts[row.outcome] += 1;
  return counts;
}

function resultOf(plan: ImportPlan, applied: boolean, categoriesCreated: string[]): ImportResultDto {
  const rows = reportRows(plan);
  const counts = countsOf(rows);
  return { applied, message: '', counts, categoriesCreated, rows };
}

/** Pictures of the products an import changed that they no longer show, to remove once it is committed. */
function droppedPictures(plan: ImportPlan, imagesOf: ReadonlyMap<unknown, ProductImage[]>): ProductImage[] {
  return plan.products.flatMap((p) => {
    const now = imagesOf.get(p);
    if (!p.existing || p.report.outcome !== 'updated' || !now) return [];
    return p.existing.images.filter((image) => !now.includes(image));
  });
}

/**
 * Reads the file and the pictures' ZIP at once, so a file the shop cannot read is answered 400 in the request; then
 * runs the import as a job (docs/decisions/053-catalogue-import.md) and answers it while it runs.
 */
export async function startImport(
  deps: ImportDeps,
  adminId: string,
  upload: ImportUpload,
  logError: (error: unknown) => void,
): Promise<ImportJobDto> {
  const sheet = await readSheet(upload);
  if (sheet.rows.length > MAX_IMPORT_ROWS) throw validationError({ file: IMPORT_MSG.tooManyRows });
  if (!sheet.columns.some((column) => column.toLowerCase() === SHOPIFY_COLUMN.handle.toLowerCase())) {
    throw validationError({ file: IMPORT_MSG.noHandleColumn });
  }
  const zip = await readZip(upload.images);
  const job = await createImportJob(deps.db, {
    createdBy: adminId,
    fileName: upload.fileName,
    dryRun: upload.options.dryRun,
    total: sheet.rows.length,
  });
  const progress = new ImportProgress(deps.db, job._id, sheet.rows.length);
  runImport(deps, { id: job._id, adminId, fileName: upload.fileName }, sheet, zip, upload.options, progress).catch(
    async (error: unknown) => {
      logError(error);
      await progress.finish({ error: IMPORT_MSG.failed }).catch(logError);
    },
  );
  return job;
}

/**
 * The import itself: plan, check the pictures, and — unless it is a dry run, or the file has problems and the
 * administrator did not ask to skip them — read the pictures and apply the plan in one transaction. The report is
 * the plan's, so a dry run says what applying does.
 */
async function runImport(
  deps: ImportDeps,
  job: { id: string; adminId: string; fileName: string },
  sheet: ProductSheet,
  zip: ZipPictures | null,
  options: CatalogueImportOptions,
  progress: ImportProgress,
): Promise<void> {
  const reading = readShopifyProducts(sheet);
  const replan = (catalogue: Awaited<ReturnType<typeof loadCatalogue>>) =>
    planImport(sheet, reading, catalogue, options);
  const plan = replan(await loadCatalogue(deps.db));
  const expectedKey = planKey(plan);
  const inputs = { zip, fetcher: deps.pictures };
  progress.phase(0, 0.1)(1, 1);
  await checkPictures(plan, inputs, progress.phase(0.1, options.dryRun ? 1 : 0.3));

  const finish = (result: ImportResultDto, message: string) => progress.finish({ result: { ...result, message } });
  const notApplied = resultOf(plan, false, newCategoryNames(plan));
  if (options.dryRun) return finish(notApplied, IMPORT_MSG.dryRunDone);
  if (notApplied.counts.error > 0 && !options.skipInvalid) {
    return finish(notApplied, IMPORT_MSG.nothingApplied(notApplied.counts.error));
  }
  if (notApplied.counts.created + notApplied.counts.updated === 0) {
    return finish(notApplied, IMPORT_MSG.nothingToChange);
  }

  const pictures = await readPictures(plan, inputs, deps.storage, progress.phase(0.3, 0.8));
  const withPictures = resultOf(plan, false, newCategoryNames(plan));
  if (withPictures.counts.error > notApplied.counts.error && !options.skipInvalid) {
    await removeProductImages(deps.storage, pictures.saved);
    return finish(withPictures, IMPORT_MSG.nothingApplied(withPictures.counts.error));
  }
  try {
    await deps.db.transaction((tx) =>
      applyPlan(tx, plan, pictures.imagesOf, {
        importId: job.id,
        fileName: job.fileName,
        adminId: job.adminId,
        config: deps.config,
        replan,
        expectedKey,
        progress: progress.phase(0.8, 1),
      }),
    );
  } catch (error) {
    await removeProductImages(deps.storage, pictures.saved);
    // Another change to the catalogue got in first (an edit, or an SKU saved meanwhile): nothing was written.
    if (error instanceof CatalogueChangedError || isUniqueViolation(error)) {
      return progress.finish({ error: IMPORT_MSG.catalogueChanged });
    }
    throw error;
  }
  await removeProductImages(deps.storage, droppedPictures(plan, pictures.imagesOf));
  const applied = { ...resultOf(plan, true, withPictures.categoriesCreated) };
  return finish(applied, IMPORT_MSG.applied(applied.counts));
}
