import { MAX_PRODUCT_IMAGES } from '@bagshop/shared/catalogue';
import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { INPUT_MSG } from '@bagshop/shared/input-messages';
import { MSG } from '@bagshop/shared/messages';
import type { FastifyRequest } from 'fastify';
import { validationError } from '../../platform/errors.ts';
import { toWebp } from '../../platform/images.ts';
import { formParts, unknownFormField } from '../../platform/multipart.ts';
import type { ImageStorage } from '../../platform/storage.ts';

const FILE_FIELDS = new Set(['image', 'pdImage']);
const FOLDER = 'products';
const LARGE_SIDE = 1200;
const THUMB_SIDE = 400;

export interface UploadedImage {
  large: string;
  thumb: string;
}

/** The bytes of every image file of the request (field `image`, or `pdImage` as on the product form). */
export async function readUploads(request: FastifyRequest): Promise<Buffer[]> {
  const files: Buffer[] = [];
  for await (const part of formParts(request, MSG.imageInvalid)) {
    if (!FILE_FIELDS.has(part.name)) throw unknownFormField(part.name);
    if (part.kind !== 'file') throw validationError({ [part.name]: INPUT_MSG.fileExpected });
    if (part.bytes.length === 0 && !part.filename) continue;
    if (files.length >= MAX_PRODUCT_IMAGES) throw validationError({ image: CATALOGUE_MSG.tooManyImages });
    files.push(part.bytes);
  }
  if (files.length === 0) throw validationError({ image: CATALOGUE_MSG.imageRequired });
  return files;
}

/** Every file is decoded and re-encoded (a large webp and a thumbnail) before any of them is stored. */
export async function storeImages(storage: ImageStorage, uploads: Buffer[]): Promise<UploadedImage[]> {
  const encoded: { large: Buffer; thumb: Buffer }[] = [];
  for (const upload of uploads) {
    encoded.push({ large: await toWebp(upload, LARGE_SIDE), thumb: await toWebp(upload, THUMB_SIDE) });
  }
  const saved: string[] = [];
  try {
    const images: UploadedImage[] = [];
    for (const image of encoded) {
      const large = await storage.save(FOLDER, image.large);
      saved.push(large);
      const thumb = await storage.save(FOLDER, image.thumb);
      saved.push(thumb);
      images.push({ large, thumb });
    }
    return images;
  } catch (error) {
    await Promise.all(saved.map((url) => storage.remove(url)));
    throw error;
  }
}
