import { MSG } from '@bagshop/shared/messages';
import type { FastifyRequest } from 'fastify';
import { AppError, validationError } from '../../platform/errors.ts';

/**
 * The bytes of every `field` file of a multipart request. A file over the size limit makes
 * `toBuffer` throw a 413; more than `max` files is refused before the rest is read.
 */
export async function readImageFiles(request: FastifyRequest, field: string, max: number): Promise<Buffer[]> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA', MSG.imageInvalid);
  const files: Buffer[] = [];
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== field) throw validationError({ [part.fieldname]: `Unknown field '${part.fieldname}'` });
    if (files.length >= max) throw validationError({ [field]: MSG.tooManyPictures });
    files.push(await part.toBuffer());
  }
  if (files.length === 0) throw validationError({ [field]: MSG.imageRequired });
  return files;
}
