import { IMPORT_MSG } from '@bagshop/shared/catalogue-import';
import type { ProductImage } from '../../db/schema/catalogue.ts';
import type { RemotePictureFetcher } from '../../platform/deps.ts';
import { isReadableImage } from '../../platform/images.ts';
import type { ImageStorage } from '../../platform/storage.ts';
import { type EncodedImage, encodeProductImages, removeProductImages, saveProductImages } from '../products/service.ts';
import { failPlanned, type ImportPlan, type PlannedProduct } from './import-plan.ts';
import { locatePicture, type PictureLocation, type ZipPictures } from './picture-sources.ts';
import { SHOPIFY_COLUMN } from './shopify-products.ts';

/** Pictures read and encoded at once: sharp keeps the machine's cores busy with two. */
const ENCODE_AT_ONCE = 2;
/** Addresses fetched at once: each waits on the network, not the CPU. */
const FETCH_AT_ONCE = 4;

export interface PictureInputs {
  zip: ZipPictures | null;
  fetcher: RemotePictureFetcher;
}

/** The products whose pictures the import writes: new ones, and those whose sheet lists other pictures. */
function productsWithNewPictures(plan: ImportPlan): PlannedProduct[] {
  return plan.products.filter(
    (p) => p.report.outcome === 'created' || (p.report.outcome === 'updated' && p.report.fields.includes('pictures')),
  );
}

/** The pictures still to read, each source once, with the products that show it. */
function sourcesToRead(products: readonly PlannedProduct[]): Map<string, PlannedProduct[]> {
  const sources = new Map<string, PlannedProduct[]>();
  for (const product of products) {
    for (const picture of product.pictures) {
      if (picture.saved) continue;
      const users = sources.get(picture.src) ?? [];
      if (!users.includes(product)) users.push(product);
      sources.set(picture.src, users);
    }
  }
  return sources;
}

async function eachAtMost<T>(items: readonly T[], atOnce: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
}

function failAll(products: readonly PlannedProduct[], src: string, message: string) {
  for (const product of products) {
    const picture = product.pictures.find((p) => p.src === src);
    failPlanned(product, { row: picture?.row ?? product.report.row, column: SHOPIFY_COLUMN.imageSrc, message });
  }
}

/**
 * What a dry run can know of the pictures without storing any: each one is in the ZIP and opens as a picture, or is
 * an address the rules let the shop fetch. A product with a picture that fails becomes an error of the report.
 */
export async function checkPictures(
  plan: ImportPlan,
  inputs: PictureInputs,
  progress: (done: number, of: number) => void,
): Promise<void> {
  const sources = [...sourcesToRead(productsWithNewPictures(plan))];
  let done = 0;
  await eachAtMost(sources, ENCODE_AT_ONCE, async ([src, products]) => {
    const location = locatePicture(src, inputs.zip, inputs.fetcher);
    if ('problem' in location) failAll(products, src, location.problem);
    else if ('bytes' in location && !(await isReadableImage(location.bytes))) {
      failAll(products, src, IMPORT_MSG.pictureUnreadable(src));
    }
    done += 1;
    progress(done, sources.length);
  });
}

async function bytesOf(location: PictureLocation, fetcher: RemotePictureFetcher): Promise<Uint8Array> {
  if ('problem' in location) throw new Error(location.problem);
  return 'bytes' in location ? location.bytes : fetcher.fetch(location.url);
}

/** The pictures each product shows after the import, and every file the import saved (to remove if it fails). */
export interface ReadPictures {
  imagesOf: Map<PlannedProduct, ProductImage[]>;
  saved: ProductImage[];
}

/**
 * Reads, checks and encodes every picture the import writes, each source once, then saves a copy for each product
 * that shows it (a product's pictures are its own: removing one never touches another's). A picture that cannot be
 * read or fetched makes its products errors of the report.
 */
export async function readPictures(
  plan: ImportPlan,
  inputs: PictureInputs,
  storage: ImageStorage,
  progress: (done: number, of: number) => void,
): Promise<ReadPictures> {
  const sources = [...sourcesToRead(productsWithNewPictures(plan))];
  const encoded = new Map<string, EncodedImage>();
  let done = 0;
  await eachAtMost(sources, FETCH_AT_ONCE, async ([src, products]) => {
    let bytes: Uint8Array | null = null;
    try {
      bytes = await bytesOf(locatePicture(src, inputs.zip, inputs.fetcher), inputs.fetcher);
    } catch (error) {
      // The fetcher's and the locator's messages are written for the report.
      failAll(products, src, (error as Error).message);
    }
    if (bytes) {
      try {
        const [image] = await encodeProductImages([Buffer.from(bytes)]);
        encoded.set(src, image);
      } catch {
        failAll(products, src, IMPORT_MSG.pictureUnreadable(src));
      }
    }
    done += 1;
    progress(done, sources.length);
  });

  const result: ReadPictures = { imagesOf: new Map(), saved: [] };
  try {
    for (const product of productsWithNewPictures(plan)) {
      const images: ProductImage[] = [];
      for (const picture of product.pictures) {
        if (picture.saved) {
          images.push(picture.saved);
          continue;
        }
        const image = encoded.get(picture.src);
        if (!image) continue;
        const [saved] = await saveProductImages(storage, [image]);
        result.saved.push(saved);
        images.push({ ...saved, source: picture.src });
      }
      result.imagesOf.set(product, images);
    }
  } catch (error) {
    await removeProductImages(storage, result.saved);
    throw error;
  }
  return result;
}
