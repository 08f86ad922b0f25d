import { PRODUCT_IMAGE_WIDTH } from '@bagshop/shared/limits';

interface ProductImageProps {
  /** The small copy (cards, lists). */
  thumb?: string;
  /** The large copy (details). */
  large?: string;
  alt: string;
  /** How wide the picture is drawn, as the `sizes` attribute says it, so the browser fetches the copy it needs. */
  sizes: string;
  /** The largest picture of the first screen: fetched at once and first; every other one only near the screen. */
  priority?: boolean;
  className?: string;
}

/**
 * A product picture in both stored sizes. Width and height give the box its square shape before any byte arrives,
 * so nothing below it moves when it loads (docs/decisions/023-storefront-first-load.md).
 */
export function ProductImage({ thumb, large, alt, sizes, priority = false, className }: ProductImageProps) {
  const srcSet = [thumb && `${thumb} ${PRODUCT_IMAGE_WIDTH.thumb}w`, large && `${large} ${PRODUCT_IMAGE_WIDTH.large}w`]
    .filter(Boolean)
    .join(', ');
  return (
    <img
      src={thumb ?? large}
      srcSet={srcSet}
      sizes={sizes}
      width={PRODUCT_IMAGE_WIDTH.thumb}
      height={PRODUCT_IMAGE_WIDTH.thumb}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
      className={className}
    />
  );
}
