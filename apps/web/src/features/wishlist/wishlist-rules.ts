import type { ProductDto } from '@bagshop/shared/catalogue-types';

/**
 * docs/product.md §5 "Wishlist Add to cart": not when out of stock, the category is blocked or the product is
 * unavailable.
 */
export function canAddFromWishlist(product: Pick<ProductDto, 'quantity' | 'available' | 'category'>): boolean {
  return product.quantity > 0 && product.category.isExist !== false && product.available;
}
