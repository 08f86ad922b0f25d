import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '../limits.ts';

/**
 * Multipart forms as the API document shows them. The server reads these forms part by part (a file is bytes, not
 * a string), so these schemas document the fields and never parse a request.
 */

/** One file part of a form. */
export const formFile = z
  .string()
  .meta({ format: 'binary', description: `An image file, at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB` });
