import type { ProductDto } from '@bagshop/shared/catalogue-types';

/** A product as the API answers it, for component tests. */
export function aProduct(overrides: Partial<ProductDto> = {}): ProductDto {
  return {
    _id: 'a3f1c2d4-1111-4a53-9d55-0b1f3c1a2b01',
    name: 'Leather Tote',
    description: 'Full-grain leather tote with a zip pocket.',
    price: 1299,
    offer: null,
    category: { _id: 'c1', name: 'Totes', offer: null, isExist: true },
    quantity: 12,
    brand: 'Hidesign',
    color: 'Brown',
    size: '35Lx12Bx30Hcm',
    sku: null,
    weightGrams: 700,
    lengthCm: 35,
    breadthCm: 12,
    heightCm: 30,
    pdImage: ['/uploads/products/tote-1.webp', '/uploads/products/tote-2.webp', '/uploads/products/tote-3.webp'],
    thumbs: ['/uploads/products/tote-1-t.webp', '/uploads/products/tote-2-t.webp', '/uploads/products/tote-3-t.webp'],
    isExist: true,
    available: true,
    rating: 4.5,
    numReviews: 8,
    discountPercent: 0,
    discount: 0,
    finalPrice: 1299,
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}
