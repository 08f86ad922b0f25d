import { CATALOGUE_MSG as M } from '@bagshop/shared/catalogue-messages';
import { screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test/fake-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { ProductFormPage } from './product-form-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('edit product with an unknown id (spec §8 Product)', () => {
  it("toasts 'Error removing product' and shows the 404 screen", async () => {
    fakeServer(({ path }) =>
      path.startsWith('/api/products/')
        ? { status: 404, body: { message: M.productNotFound, code: 'NOT_FOUND' } }
        : { body: { all: [], offers: [] } },
    );
    renderScreen(
      <>
        <ProductFormPage />
        <ToastContainer />
      </>,
      { path: '/admin/products/edit/:id', url: '/admin/products/edit/66666666-6666-4666-8666-666666666666' },
    );
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(await screen.findByText(M.productRemoveError)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update Product' })).toBeNull();
  });
});
