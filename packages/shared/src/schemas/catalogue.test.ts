import { describe, expect, it } from 'vitest';
import { COLORS } from '../catalogue.ts';
import { CATALOGUE_MSG as M } from '../catalogue-messages.ts';
import { categorySchema, offerSchema, productCreateSchema, productUpdateSchema } from './catalogue.ts';

/** The message zod gives at `path`, or undefined when that field passes. */
function messageAt(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  path: string,
) {
  return result.error?.issues.find((issue) => issue.path.join('.') === path)?.message;
}

const OFFER_ID = '0b8f6f0e-2b7a-4f4e-9a51-1f0d8c3b6a11';
const CATEGORY_ID = '4d2c1a9e-7f3b-4c8d-8e6a-2b5f9c0d1e22';

describe('categorySchema (docs/product.md §5 Category name)', () => {
  it('accepts a name with or without an offer', () => {
    expect(categorySchema.safeParse({ name: 'Backpacks' }).success).toBe(true);
    expect(categorySchema.safeParse({ name: 'Laptop Bags', offer: OFFER_ID }).success).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['A'.repeat(16), 'longer than 15'],
    ['Bags!', 'with an exclamation mark'],
    ['#Totes', 'with a hash'],
    ['- Totes', 'starting with a dash'],
    ['2024', 'with no letter'],
  ])('refuses %j (%s) with the exact message', (name) => {
    // An empty name says it is required (decision 054).
    const message = name.trim() === '' ? M.categoryNameRequired : M.categoryName;
    expect(messageAt(categorySchema.safeParse({ name }), 'name')).toBe(message);
  });

  it.each(['Bags-Tote', 'Laptop Bags 2', 'Men’s Bags', 'थैले', 'Sacs à main'])(
    'takes %j: names real catalogues hold (decision 051)',
    (name) => {
      expect(categorySchema.safeParse({ name }).success).toBe(true);
    },
  );

  it('takes exactly 15 letters', () => {
    expect(categorySchema.safeParse({ name: 'A'.repeat(15) }).success).toBe(true);
  });

  it("reads '', 'none' and null as no offer", () => {
    for (const offer of ['', 'none', null]) {
      const result = categorySchema.safeParse({ name: 'Totes', offer });
      expect(result.success && result.data.offer).toBe(null);
    }
  });

  it('refuses an offer that is not an id', () => {
    expect(categorySchema.safeParse({ name: 'Totes', offer: 'ten percent' }).success).toBe(false);
  });
});

const goodOffer = {
  name: 'Diwali Sale',
  type: 'products',
  description: 'Festive savings on every bag',
  activation: '2026-11-21T00:00:00.000Z',
  expiry: '2026-11-30T00:00:00.000Z',
  discount: 10,
  minAmount: 999,
};

describe('offerSchema (docs/product.md §5 Coupon and offer)', () => {
  it('accepts a complete offer and turns the dates into Dates', () => {
    const result = offerSchema.safeParse(goodOffer);
    expect(result.success).toBe(true);
    expect(result.data?.activation).toBeInstanceOf(Date);
  });

  it('takes form strings for the numbers', () => {
    const result = offerSchema.safeParse({ ...goodOffer, discount: '25', minAmount: '1499.50' });
    expect(result.data?.discount).toBe(25);
    expect(result.data?.minAmount).toBe(1499.5);
  });

  it.each([
    ['name', '', M.offerNameRequired],
    ['name', 'N'.repeat(21), M.offerNameMax],
    ['type', '', M.offerTypeRequired],
    ['type', 'coupon', M.offerTypeRequired],
    ['description', '', M.offerDescriptionRequired],
    ['description', 'D'.repeat(51), M.offerDescriptionMax],
    ['activation', '', M.activationRequired],
    ['activation', null, M.activationRequired],
    ['expiry', '', M.expiryRequired],
    ['expiry', undefined, M.expiryRequired],
    ['discount', '', M.discountInvalid],
    ['discount', 0, M.discountInvalid],
    ['discount', 101, M.discountInvalid],
    ['discount', 12.5, M.discountInvalid],
    ['minAmount', '', M.minAmountInvalid],
    ['minAmount', 0, M.minAmountInvalid],
    ['minAmount', 100000.01, M.minAmountInvalid],
    ['minAmount', 10.001, M.minAmountInvalid],
  ])('%s = %j gives the exact message', (field, value, message) => {
    expect(messageAt(offerSchema.safeParse({ ...goodOffer, [field]: value }), field)).toBe(message);
  });

  it('takes the limits themselves', () => {
    expect(offerSchema.safeParse({ ...goodOffer, discount: 100, minAmount: 100000 }).success).toBe(true);
    expect(offerSchema.safeParse({ ...goodOffer, name: 'N'.repeat(20), description: 'D'.repeat(50) }).success).toBe(
      true,
    );
  });

  it('needs the expiry after the activation', () => {
    const same = offerSchema.safeParse({ ...goodOffer, expiry: goodOffer.activation });
    expect(messageAt(same, 'expiry')).toBe(M.expiryAfterActivation);
    const before = offerSchema.safeParse({ ...goodOffer, expiry: '2026-11-20T00:00:00.000Z' });
    expect(messageAt(before, 'expiry')).toBe(M.expiryAfterActivation);
  });

  it('reports every field on an empty form', () => {
    const result = offerSchema.safeParse({
      name: '',
      type: '',
      description: '',
      activation: null,
      expiry: null,
      discount: '',
      minAmount: '',
    });
    expect(messageAt(result, 'name')).toBe(M.offerNameRequired);
    expect(messageAt(result, 'activation')).toBe(M.activationRequired);
    expect(messageAt(result, 'expiry')).toBe(M.expiryRequired);
    expect(messageAt(result, 'discount')).toBe(M.discountInvalid);
    expect(messageAt(result, 'minAmount')).toBe(M.minAmountInvalid);
  });
});

/** A product as a multipart form sends it: every field a string. */
const goodProduct = {
  name: 'Canvas Tote',
  description: 'A roomy canvas tote for every day.',
  price: '1299.00',
  offer: '',
  category: CATEGORY_ID,
  quantity: '12',
  brand: 'Bagshop',
  color: 'Beige',
  size: '30Lx12Bx40Hcm',
};

describe('productCreateSchema and productUpdateSchema (docs/product.md §5 Product)', () => {
  it('coerces multipart strings and reads an empty offer as none', () => {
    const result = productCreateSchema.safeParse(goodProduct);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ price: 1299, quantity: 12, offer: null, category: CATEGORY_ID });
  });

  it.each([
    "Women's Tote",
    'Women’s Tote',
    'हैंडबैग',
    'कपड़े का थैला',
    'Sac à main',
    'Laptop Sleeve (15.6)',
    'Tote & Pouch, Set',
    '3-in-1 Backpack',
  ])('takes the name %j: Unicode letters and marks, digits and the punctuation names carry (decision 051)', (name) => {
    expect(productCreateSchema.safeParse({ ...goodProduct, name }).data?.name).toBe(name);
  });

  it('keeps an offer id', () => {
    expect(productCreateSchema.safeParse({ ...goodProduct, offer: OFFER_ID }).data?.offer).toBe(OFFER_ID);
  });

  it('offers exactly the 11 colours of docs/product.md §2', () => {
    expect(COLORS).toEqual([
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
    ]);
    for (const color of COLORS) expect(productCreateSchema.safeParse({ ...goodProduct, color }).success).toBe(true);
  });

  it.each([
    ['name', '', M.productNameRequired],
    ['name', 'N'.repeat(26), M.productNameMax],
    ['name', 'Tote @ Home', M.productNameLetters],
    ['name', 'Tote; drop', M.productNameLetters],
    ['description', '', M.descriptionRequired],
    ['description', 'D'.repeat(201), M.descriptionMax],
    ['price', '', M.priceInvalid],
    ['price', '0', M.priceInvalid],
    ['price', '-5', M.priceInvalid],
    ['price', 'abc', M.priceInvalid],
    ['price', '10.005', M.priceInvalid],
    ['category', '', M.categoryRequired],
    ['category', undefined, M.categoryRequired],
    ['brand', '', M.brandRequired],
    ['brand', 'B'.repeat(16), M.brandMax],
    ['color', '', M.colorRequired],
    ['color', 'Purple', M.colorRequired],
    ['size', '', M.sizeRequired],
    ['size', '30x12x40', M.sizeRequired],
    ['size', '30Lx12Bx40H', M.sizeRequired],
    ['size', '30.5Lx12Bx40.25Hcm1', M.sizeRequired],
    ['quantity', '', M.quantityInvalid],
    ['quantity', '0', M.quantityInvalid],
    ['quantity', '-1', M.quantityInvalid],
    ['quantity', '1.5', M.quantityInvalid],
  ])('create: %s = %j gives the exact message', (field, value, message) => {
    expect(messageAt(productCreateSchema.safeParse({ ...goodProduct, [field]: value }), field)).toBe(message);
  });

  it.each(['30Lx12Bx40Hcm', '30.5Lx12Bx40.25Hcm', '1Lx1Bx1Hcm'])('size %s matches the pattern', (size) => {
    expect(productCreateSchema.safeParse({ ...goodProduct, size }).success).toBe(true);
  });

  it('allows a quantity of 0 only on update', () => {
    expect(messageAt(productCreateSchema.safeParse({ ...goodProduct, quantity: '0' }), 'quantity')).toBe(
      M.quantityInvalid,
    );
    const update = productUpdateSchema.safeParse({ ...goodProduct, quantity: '0' });
    expect(update.success).toBe(true);
    expect(update.data?.quantity).toBe(0);
    expect(messageAt(productUpdateSchema.safeParse({ ...goodProduct, quantity: '-1' }), 'quantity')).toBe(
      M.quantityInvalid,
    );
  });

  it('reads existingImages sent as JSON text', () => {
    const order = ['/uploads/products/b.webp', '/uploads/products/a.webp'];
    const result = productUpdateSchema.safeParse({ ...goodProduct, existingImages: JSON.stringify(order) });
    expect(result.data?.existingImages).toEqual(order);
    expect(productUpdateSchema.safeParse(goodProduct).success).toBe(true);
  });

  it('refuses unknown fields', () => {
    expect(productCreateSchema.safeParse({ ...goodProduct, rating: '5' }).success).toBe(false);
    expect(productCreateSchema.safeParse({ ...goodProduct, existingImages: '[]' }).success).toBe(false);
  });
});
