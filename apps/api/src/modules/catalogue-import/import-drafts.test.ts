import { CATALOGUE_MSG as M } from '@bagshop/shared/catalogue-messages';
import { describe, expect, it } from 'vitest';
import { draftOf, type ProductDraft } from './import-drafts.ts';
import type { SheetProduct } from './shopify-products.ts';

const tote: SheetProduct = {
  handle: 'womens-tote',
  row: 2,
  rows: [2],
  title: "Women's Tote",
  description: 'Soft leather, roomy.',
  vendor: 'Hidesign',
  type: 'Totes',
  color: 'Black',
  size: '30Lx12Bx40Hcm',
  optionColumns: { color: 'Option1 Value', size: 'Option2 Value' },
  sku: 'WT-BLK',
  grams: '700',
  quantity: '5',
  price: '2999.00',
  compareAtPrice: '3499.00',
  published: true,
  pictures: [],
};
const OPTIONS = { defaultSize: '35Lx15Bx40Hcm' };

describe('a sheet product checked by the form rules', () => {
  it('becomes a draft with the price in rupees, the stock, the weight and the compare-at price as percent off', () => {
    const draft = draftOf(tote, OPTIONS) as ProductDraft;
    expect(draft.fields).toEqual({
      name: "Women's Tote",
      description: 'Soft leather, roomy.',
      price: 2999,
      brand: 'Hidesign',
      color: 'Black',
      size: '30Lx12Bx40Hcm',
      sku: 'WT-BLK',
      quantity: 5,
      weightGrams: 700,
    });
    expect(draft.categoryName).toBe('Totes');
    // 500 off 3,499 is 14.3 %: 14 % off, if the administrator asks for offers.
    expect(draft.compareAtPercent).toBe(14);
  });

  it("takes the administrator's size when the sheet has none, 0 grams as no weight, no stock as 0, no compare-at as no offer", () => {
    const draft = draftOf(
      {
        ...tote,
        size: null,
        optionColumns: { color: 'Option1 Value', size: null },
        grams: '0',
        quantity: '',
        compareAtPrice: '',
      },
      OPTIONS,
    ) as ProductDraft;
    expect(draft.fields).toMatchObject({ size: '35Lx15Bx40Hcm', quantity: 0 });
    expect(draft.fields.weightGrams).toBeUndefined();
    expect(draft.compareAtPercent).toBeNull();
    expect((draftOf({ ...tote, compareAtPrice: '2999' }, OPTIONS) as ProductDraft).compareAtPercent).toBeNull();
  });

  it('names each problem by its row, the column it came from and the form message', () => {
    const problems = draftOf(
      {
        ...tote,
        row: 7,
        title: 'A far too long name for a bag in this shop',
        price: 'free',
        vendor: '',
        type: '',
        size: 'big',
        sku: 'WT #1',
        quantity: '-2',
      },
      OPTIONS,
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        { row: 7, column: 'Type', message: M.categoryRequired },
        { row: 7, column: 'Title', message: M.productNameMax },
        { row: 7, column: 'Variant Price', message: M.priceInvalid },
        { row: 7, column: 'Vendor', message: M.brandRequired },
        { row: 7, column: 'Option2 Value', message: M.sizeRequired },
        { row: 7, column: 'Variant SKU', message: M.skuInvalid },
        { row: 7, column: 'Variant Inventory Qty', message: M.quantityInvalid },
      ]),
    );
    expect(problems).toHaveLength(7);
  });

  it("points a bad default size at the administrator's choice", () => {
    const problems = draftOf(
      { ...tote, size: null, optionColumns: { color: 'Option1 Value', size: null } },
      { defaultSize: 'large' },
    );
    expect(problems).toEqual([{ row: 2, column: 'Default size', message: M.sizeRequired }]);
  });
});
