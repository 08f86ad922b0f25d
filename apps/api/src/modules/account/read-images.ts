import { INPUT_MSG } from '@bagshop/shared/input-messages';
import { MSG } from '@bagshop/shared/messages';
import type { FastifyRequest } from 'fastify';
import { validationError } from '../../platform/errors.ts';
import { formParts, unknownFormField } from '../../platform/multipart.ts';

/**
 * The bytes of every `field` file of a multipart request; any other part is refused. A file over the size limit
 * is a 413; more than `max` files is refused before the rest is read.
 */
export async function readImageFiles(request: FastifyRequest, field: string, max: number): Promise<Buffer[]> {
  const files: Buffer[] = [];
  for await (const part of formParts(request, MSG.imageInvalid)) {
    if (part.name !== field) throw unknownFormField(part.name);
    if (part.kind !== 'file') throw validationError({ [field]: INPUT_MSG.fileExpected });
    if (files.length >= max) throw validationError({ [field]: MSG.tooManyPictures });
    files.push(part.bytes);
  }
  if (files.length === 0) throw validationError({ [field]: MSG.imageRequired });
  return files;
}
