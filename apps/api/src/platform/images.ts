import { MSG } from '@bagshop/shared/messages';
import { AppError } from './errors.ts';

/** Decodes any image sharp understands and re-encodes it as webp, so no uploaded bytes are served as-is. */
export async function toWebp(input: Buffer, maxSide: number): Promise<Buffer> {
  // Loaded on the first image, so processes and tests that handle none do not pay for the native library.
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 });
    const meta = await image.metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    return await image
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA', MSG.imageInvalid);
  }
}

/** Whether the bytes open as a picture with dimensions (its header only: what a dry run can afford for each). */
export async function isReadableImage(input: Uint8Array): Promise<boolean> {
  const { default: sharp } = await import('sharp');
  try {
    const meta = await sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 }).metadata();
    return Boolean(meta.width && meta.height);
  } catch {
    return false;
  }
}
