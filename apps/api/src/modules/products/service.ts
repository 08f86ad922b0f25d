// What other modules may use from the products module: products with their category and offers, priced
// (docs/decisions/015-enforced-layers.md).

export { newParcel } from './admin-service.ts';
export { newProducts, productDetail, relatedProducts, shopPage, topProducts } from './catalogue-service.ts';
export {
  type EncodedImage,
  encodeImages as encodeProductImages,
  removeImages as removeProductImages,
  saveImages as saveProductImages,
} from './product-images.ts';
export {
  findProducts,
  isAvailable,
  type ProductWithRelations,
  priceOf,
  productsWithRelationsSql,
  productWithRelationsOf,
  selectProductsWith,
  toCategoryDto,
  toProductDto,
} from './product-view.ts';
export { availableSql } from './search.ts';
export { type LiveProductStamp, liveProductStamps } from './sitemap-entries.ts';
