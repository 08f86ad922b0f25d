import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { PRODUCT_IMAGE_WIDTH } from '@bagshop/shared/limits';
import type { FastifyRequest } from 'fastify';
import type { ProductImage } from '../../db/schema/catalogue.ts';
import { validationError } from '../../platform/errors.ts';
import { toWebp } from '../../platform/images.ts';
import { formParts, unknownFormField } from '../../platform/multipart.ts';
import type { ImageStorage } from '../../platform/storage.ts';

export const PRODUCT_IMAGE_FIELD = 'pdImage';
const FOLDER = 'products';
const LARGE_SIDE = PRODUCT_IMAGE_WIDTH.large;
const THUMB_SIDE = PRODUCT_IMAGE_WIDTH.thumb;

/** A product form as sent: its text fields as strings and the bytes of its image files, in order. */
export interface ProductForm {
  fields: Record<string, string>;
  files: Buffer[];
}

export interface EncodedImage {
  large: Buffer;
  thumb: Buffer;
}

/**
 * Reads a multipart product form. A file under any other name is refused, as is more than `maxFiles` files;
 * an empty file part (a file input left empty) is ignored.
 */
export async function readProductForm(request: FastifyRequest, maxFiles: number): Promise<ProductForm> {
  const form: ProductForm = { fields: {}, files: [] };
  for await (const part of formParts(request, CATALOGUE_MSG.multipartRequired)) {
    if (part.kind === 'field') {
      form.fields[part.name] = part.value;
      continue;
    }
    if (part.name !== PRODUCT_IMAGE_FIELD) throw unknownFormField(part.name);
    if (part.bytes.length === 0 && !part.filename) continue;
    if (form.files.length >= maxFiles) throw validationError({ [PRODUCT_IMAGE_FIELD]: CATALOGUE_MSG.tooManyImages });
    form.files.push(part.bytes);
  }
  return form;
}

/** Decodes and re-encodes every upload before anything is stored: one bad file refuses the whole form (415). */
export async function encodeImages(uploads: Buffer[]): Promise<EncodedImage[]> {
  const encoded: EncodedImage[] = [];
  for (const upload of uploads) {
    encoded.push({ large: await toWebp(upload, LARGE_SIDE), thumb: await toWebp(upload, THUMB_SIDE) });
  }
  return encoded;
}

/** Stores the encoded images; if any save fails, the ones already written are removed again. */
export async function saveImages(storage: ImageStorage, encoded: EncodedImage[]): Promise<ProductImage[]> {
  const saved: ProductImage[] = [];
  try {
    for (const image of encoded) {
      const large = await storage.save(FOLDER, image.large);
      try {
        saved.push({ large, thumb: await storage.save(FOLDER, image.thumb) });
      } catch (error) {
        await storage.remove(large);
        throw error;
      }
    }
    return saved;
  } catch (error) {
    await removeImages(storage, saved);
    throw error;
  }
}

export async function removeImages(storage: ImageStorage, images: ProductImage[]): Promise<void> {
  await Promise.all(images.flatMap((i) => [storage.remove(i.large), storage.remove(i.thumb)]));
}
