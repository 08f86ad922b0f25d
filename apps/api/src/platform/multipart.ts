import { INPUT_MSG } from '@bagshop/shared/input-messages';
import { MSG } from '@bagshop/shared/messages';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, validationError } from './errors.ts';

export type FormPart =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; name: string; filename: string; bytes: Buffer };

/** A form field the route does not take. */
export const unknownFormField = (name: string) => validationError({ [name]: `Unknown field '${name}'` });

/**
 * The parts of a multipart form in order, each file read whole (the plugin's limits bound its size and the number
 * of parts). Whatever the multipart reader cannot take is a 4xx in the error shape: a body that is not multipart,
 * a malformed, truncated or oversized one, a file over the limit, a field cut short, or NUL in a name or value.
 */
export async function* formParts(
  request: FastifyRequest,
  notMultipart: string,
  /** A form that takes larger files than pictures (the catalogue import), and what to say when one is larger still. */
  larger?: { fileSize: number; files: number; tooLarge: string },
): AsyncGenerator<FormPart> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA', notMultipart);
  let parts: AsyncIterator<Multipart> | undefined;
  for (;;) {
    let part: FormPart;
    try {
      parts ??= request
        .parts(larger ? { limits: { fileSize: larger.fileSize, files: larger.files } } : undefined)
        [Symbol.asyncIterator]();
      const next = await parts.next();
      if (next.done) return;
      part = await readPart(next.value);
    } catch (error) {
      // Only the multipart reader runs in here: whatever it throws is about the body that was sent.
      throw formError(error, larger?.tooLarge);
    }
    yield part;
  }
}

async function readPart(part: Multipart): Promise<FormPart> {
  if (part.fieldname.includes('\u0000')) throw new AppError('VALIDATION', INPUT_MSG.nulCharacter);
  if (part.type === 'file') {
    if (part.filename.includes('\u0000')) throw validationError({ [part.fieldname]: INPUT_MSG.nulCharacter });
    return { kind: 'file', name: part.fieldname, filename: part.filename, bytes: await part.toBuffer() };
  }
  // A part sent as application/json arrives parsed; form fields are plain text.
  if (typeof part.value !== 'string') throw validationError({ [part.fieldname]: INPUT_MSG.formUnreadable });
  if (part.fieldnameTruncated || part.valueTruncated)
    throw validationError({ [part.fieldname]: INPUT_MSG.fieldTooLong });
  if (part.value.includes('\u0000')) throw validationError({ [part.fieldname]: INPUT_MSG.nulCharacter });
  return { kind: 'field', name: part.fieldname, value: part.value };
}

function formError(error: unknown, tooLarge: string = MSG.imageTooLarge): AppError {
  if (error instanceof AppError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', tooLarge);
    case 'FST_FILES_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', INPUT_MSG.tooManyFiles);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', INPUT_MSG.tooManyFields);
    default:
      return new AppError('VALIDATION', INPUT_MSG.formUnreadable, undefined, { cause: error });
  }
}
