import { IMPORT_MSG, MAX_IMPORT_ZIP_ENTRIES } from '@bagshop/shared/catalogue-import';
import { MAX_IMAGE_BYTES } from '@bagshop/shared/limits';
import { type Unzipped, unzip } from 'fflate';
import type { ProductImage } from '../../db/schema/catalogue.ts';
import type { RemotePictureFetcher } from '../../platform/deps.ts';
import { UnreadableSheetError } from './product-sheet.ts';

/** The pictures of the import's ZIP by file name (without folders, case-insensitive). */
export type ZipPictures = ReadonlyMap<string, Uint8Array>;

/** The file name an Image Src names: a plain name, a path, or the last segment of a URL without its query. */
export function pictureFileName(src: string): string {
  let path = src;
  try {
    path = new URL(src).pathname;
  } catch {
    // Not a URL: a file name or a path inside the ZIP.
  }
  const name = path.split(/[\\/]/).pop() ?? '';
  try {
    return decodeURIComponent(name).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/**
 * Opens the pictures' ZIP: files only, at most MAX_IMPORT_ZIP_ENTRIES of them and each no larger than an upload may
 * be (larger ones are left out, so the report names them as missing); macOS's resource forks are skipped.
 */
export async function readPicturesZip(bytes: Uint8Array): Promise<ZipPictures> {
  let entries = 0;
  let tooMany = false;
  const files = await new Promise<Unzipped>((resolve, reject) =>
    unzip(
      bytes,
      {
        filter: (file) => {
          if (file.name.endsWith('/') || file.name.startsWith('__MACOSX/')) return false;
          entries += 1;
          if (entries > MAX_IMPORT_ZIP_ENTRIES) tooMany = true;
          return !tooMany && file.originalSize <= MAX_IMAGE_BYTES;
        },
      },
      (error, data) => (error ? reject(new UnreadableSheetError(IMPORT_MSG.imagesUnreadable)) : resolve(data)),
    ),
  );
  if (tooMany) throw new UnreadableSheetError(IMPORT_MSG.tooManyImages);
  const pictures = new Map<string, Uint8Array>();
  for (const [name, data] of Object.entries(files)) {
    const key = pictureFileName(name);
    if (key && !pictures.has(key)) pictures.set(key, data);
  }
  return pictures;
}

/** An address of the shop's own pictures, as the export writes them, reads as the path the product keeps. */
function pictureKey(src: string): string {
  try {
    const url = new URL(src);
    return url.pathname.startsWith('/uploads/') ? url.pathname : url.href;
  } catch {
    return src;
  }
}

/** Whether a saved picture is the one an Image Src names: the source it was imported from, or its own address. */
export function isSamePicture(image: ProductImage, src: string): boolean {
  return image.source === src || pictureKey(image.large) === pictureKey(src);
}

/** Where a picture's bytes come from: the ZIP, an address the shop may fetch, or nowhere (with the reason). */
export type PictureLocation = { bytes: Uint8Array } | { url: string } | { problem: string };

const WEB_ADDRESS = /^https?:\/\//i;

/** A file of the ZIP by its name (an address's last segment counts as a name), else an address the rules allow. */
export function locatePicture(src: string, zip: ZipPictures | null, fetcher: RemotePictureFetcher): PictureLocation {
  const fromZip = zip?.get(pictureFileName(src));
  if (fromZip) return { bytes: fromZip };
  if (!WEB_ADDRESS.test(src)) return { problem: IMPORT_MSG.pictureNotInZip(src) };
  const refusal = fetcher.refusal(src);
  return refusal ? { problem: refusal } : { url: src };
}
