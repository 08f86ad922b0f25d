import {
  IMPORT_FILE_FIELD,
  IMPORT_IMAGES_FIELD,
  IMPORT_MSG,
  MAX_IMPORT_FILE_BYTES,
  MAX_IMPORT_IMAGES_BYTES,
} from '@bagshop/shared/catalogue-import';
import { type CatalogueImportOptions, catalogueImportOptions } from '@bagshop/shared/schemas/catalogue-import';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldsFromIssues, validationError } from '../../platform/errors.ts';
import { formParts, unknownFormField } from '../../platform/multipart.ts';

/** A file sent to the import, with its pictures and the administrator's choices. */
export interface ImportUpload {
  fileName: string;
  file: Buffer;
  /** The pictures' ZIP, if one was sent. */
  images: Buffer | null;
  /** An XLSX workbook (else a CSV). */
  isWorkbook: boolean;
  options: CatalogueImportOptions;
}

/** Every XLSX workbook (and every ZIP) starts with a ZIP file's local header. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const startsAsZip = (bytes: Buffer) => bytes.subarray(0, 4).equals(ZIP_MAGIC);
/** A text file: no NUL byte in its first 8 KB (a CSV never holds one; a spreadsheet or picture does). */
const looksLikeText = (bytes: Buffer) => !bytes.subarray(0, 8192).includes(0);

/**
 * Reads the import form: the sheet, the pictures' ZIP and the options. The sheet is an XLSX workbook when it is one
 * (by its bytes, whatever its name), else a CSV if it is text; anything else is refused (415).
 */
export async function readImportForm(request: FastifyRequest): Promise<ImportUpload> {
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | null = null;
  let images: Buffer | null = null;
  const larger = { fileSize: MAX_IMPORT_IMAGES_BYTES, files: 2, tooLarge: IMPORT_MSG.imagesTooLarge };
  for await (const part of formParts(request, IMPORT_MSG.fileRequired, larger)) {
    if (part.kind === 'field') {
      fields[part.name] = part.value;
    } else if (part.name === IMPORT_FILE_FIELD) {
      if (part.bytes.length > MAX_IMPORT_FILE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MSG.fileTooLarge);
      if (part.bytes.length > 0) file = { name: part.filename, bytes: part.bytes };
    } else if (part.name === IMPORT_IMAGES_FIELD) {
      if (part.bytes.length === 0) continue;
      if (!startsAsZip(part.bytes)) throw new AppError('UNSUPPORTED_MEDIA', IMPORT_MSG.imagesKind);
      images = part.bytes;
    } else {
      throw unknownFormField(part.name);
    }
  }
  const parsed = catalogueImportOptions.safeParse(fields);
  if (!parsed.success) throw validationError(fieldsFromIssues(parsed.error.issues));
  if (!file) throw validationError({ [IMPORT_FILE_FIELD]: IMPORT_MSG.fileRequired });
  const isWorkbook = startsAsZip(file.bytes);
  if (!isWorkbook && !looksLikeText(file.bytes)) throw new AppError('UNSUPPORTED_MEDIA', IMPORT_MSG.fileKind);
  return {
    fileName: file.name.slice(0, 200) || 'products.csv',
    file: file.bytes,
    images,
    isWorkbook,
    options: parsed.data,
  };
}
