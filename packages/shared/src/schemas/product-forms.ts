import { z } from 'zod';
import { productCreateSchema, productUpdateSchema } from './catalogue.ts';
import { formFile } from './forms.ts';

/**
 * The administrator's product forms as the API document shows them: the product's fields as text parts, and up to
 * 8 `pdImage` files (repeat the part for several).
 */
const pdImage = z.array(formFile).max(8);

/** POST /api/products */
export const productCreateForm = productCreateSchema.extend({ pdImage: pdImage.min(1) });

/** PUT /api/products/:id; `existingImages` is a JSON array of the saved image URLs to keep. */
export const productUpdateForm = productUpdateSchema.extend({ pdImage: pdImage.optional() });
