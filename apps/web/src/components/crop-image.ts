import type { Area } from 'react-easy-crop';

/** docs/product.md §9: cropped images are saved as webp. */
export const CROP_TYPE = 'image/webp';
export const CROP_QUALITY = 0.9;
/** Large photos are scaled down so an upload stays far below the 5 MB limit. */
const MAX_OUTPUT_SIDE = 1200;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    // Saved pictures come from the shop's own origin; the attribute keeps the canvas exportable either way.
    image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be loaded'));
    image.src = src;
  });
}

/** Draws the chosen area of `src` on a canvas and exports it as a webp blob. */
export async function cropToWebp(src: string, area: Area): Promise<Blob> {
  const image = await loadImage(src);
  const scale = Math.min(1, MAX_OUTPUT_SIDE / Math.max(area.width, area.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The cropped image could not be exported'))),
      CROP_TYPE,
      CROP_QUALITY,
    );
  });
}
