/** Catalogue constants (docs/product.md §2 Add Product, §3 list parameters). */
export const COLORS = [
  'Beige',
  'Brown',
  'White',
  'Black',
  'Pink',
  'Green',
  'Red',
  'Orange',
  'Violet',
  'Blue',
  'Yellow',
] as const;
export type Color = (typeof COLORS)[number];

export const SORT_OPTIONS = ['priceLowHigh', 'priceHighLow', 'nameAsc', 'nameDesc', 'newArrivals'] as const;
export type SortBy = (typeof SORT_OPTIONS)[number];
export const SORT_LABELS: Record<SortBy, string> = {
  priceLowHigh: 'Price: low to high',
  priceHighLow: 'Price: high to low',
  nameAsc: 'Name: A to Z',
  nameDesc: 'Name: Z to A',
  newArrivals: 'New arrivals',
};

export const OFFER_TYPES = ['products', 'category'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

/** Page sizes (docs/product.md §9; docs/decisions/004-catalogue.md). */
export const PAGE_SIZES = { shop: 12, new: 6, related: 6, top: 5 } as const;

export const MAX_UNITS_PER_LINE = 5;
export const MAX_PRODUCT_IMAGES = 8;
export const REVIEW_TEXT_MAX = 500;
