import { z } from 'zod';
import { formFile } from './forms.ts';

/** POST /api/upload (administrators): one or more `image` parts (`pdImage`, as on the product form, is taken too). */
export const imageUploadForm = z.object({ image: z.array(formFile).min(1).max(8) }).meta({
  description: 'Repeat the `image` part for several files (at most 8).',
});

/** A stored image: a large webp and its thumbnail, as URLs under /uploads. */
export const uploadedImage = z.object({ large: z.string(), thumb: z.string() }).meta({
  id: 'UploadedImage',
  examples: [{ large: '/uploads/products/3f2b9c1e-large.webp', thumb: '/uploads/products/3f2b9c1e-thumb.webp' }],
});

export const uploadedImagesAnswer = z.object({ images: z.array(uploadedImage) }).meta({
  examples: [
    { images: [{ large: '/uploads/products/3f2b9c1e-large.webp', thumb: '/uploads/products/3f2b9c1e-thumb.webp' }] },
  ],
});
