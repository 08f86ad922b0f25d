import { CATALOGUE_MSG as M } from '@bagshop/shared/catalogue-messages';
import type { ProductDto } from '@bagshop/shared/catalogue-types';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setField } from '../../../test/fields.ts';
import { adminSession, rememberSession, uniqueWord, withRealServer } from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { createCategory, createProduct, editProduct } from '../../../test/shop-data.ts';
import { ProductFormPage } from './product-form-page.tsx';

const server = withRealServer();

beforeEach(() => {
  rememberSession(adminSession());
});

const tag = uniqueWord(6);
let bag: ProductDto;
beforeAll(async () => {
  const totes = await createCategory(`${tag} Totes`);
  const added = await createProduct({ name: `${tag} Tote`, category: totes._id });
  bag = await editProduct(added, { weightGrams: '1350', lengthCm: '42', breadthCm: '26', heightCm: '18' });
});

const LABELS = ['Weight (grams)', 'Package length (cm)', 'Package breadth (cm)', 'Package height (cm)'];
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** The message under a field: the element its input names in aria-describedby, right after it in the form. */
function errorUnder(label: string): string | null {
  const field = input(label);
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'));
  expect(error && field.compareDocumentPosition(error) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  return error?.textContent ?? null;
}

describe('product form: weight and package (docs/decisions/038-parcel-sizes.md)', () => {
  it('adds with optional, labelled fields, suggests the sides the size gives and names bad values', async () => {
    const user = userEvent.setup();
    renderScreen(<ProductFormPage />, { path: '/admin/products/add' });
    await waitFor(() => server.last('/api/category/all').status);

    for (const label of LABELS) expect(input(label).value).toBe('');
    expect(input('Weight (grams)').getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByText("Empty sides are taken from the size, or the shop's default package.")).toBeTruthy();

    await setField(user, 'Size', '30.5Lx12Bx40Hcm');
    expect(input('Package length (cm)').placeholder).toBe('31');
    expect(input('Package breadth (cm)').placeholder).toBe('12');
    expect(input('Package height (cm)').placeholder).toBe('40');
    expect(screen.getByText('Empty sides are taken from the size: 31 x 12 x 40 cm.')).toBeTruthy();

    await setField(user, 'Weight (grams)', '30001');
    await setField(user, 'Package length (cm)', '201');
    await setField(user, 'Package breadth (cm)', '12.5');
    await setField(user, 'Package height (cm)', '9');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText(M.weightInvalid)).toBeTruthy();
    expect(errorUnder('Weight (grams)')).toBe('Enter a weight between 1 g and 30 kg');
    expect(errorUnder('Package length (cm)')).toBe('Enter a size between 1 and 200 cm');
    expect(errorUnder('Package breadth (cm)')).toBe(M.parcelSideInvalid);
    expect(input('Package height (cm)').getAttribute('aria-invalid')).toBeNull();
    // Nothing was sent.
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('edits the weight and package the shop saved, and checks them as on add', async () => {
    const user = userEvent.setup();
    renderScreen(<ProductFormPage />, { path: '/admin/products/edit/:id', url: `/admin/products/edit/${bag._id}` });
    await screen.findByRole('button', { name: 'Update Product' });
    const { answer } = server.last(`/api/products/${bag._id}`);
    expect(answer).toMatchObject({ product: { weightGrams: 1350, lengthCm: 42, breadthCm: 26, heightCm: 18 } });
    expect(LABELS.map((label) => input(label).value)).toEqual(['1350', '42', '26', '18']);
    expect(screen.queryByText(/Empty sides are taken from the size/)).toBeNull();

    await setField(user, 'Weight (grams)', '0');
    await setField(user, 'Package height (cm)', '');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText(M.weightInvalid)).toBeTruthy();
    // An empty side on edit keeps the saved one: not an error.
    expect(input('Package height (cm)').getAttribute('aria-invalid')).toBeNull();
    expect(server.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
