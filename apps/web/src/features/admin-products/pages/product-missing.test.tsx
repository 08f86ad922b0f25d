import { CATALOGUE_MSG as M } from '@bagshop/shared/catalogue-messages';
import { screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { adminSession, rememberSession, withRealServer } from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { ProductFormPage } from './product-form-page.tsx';

const server = withRealServer();

describe('edit product with an unknown id (docs/product.md §8 Product)', () => {
  it("toasts 'Error removing product' and shows the 404 screen", async () => {
    rememberSession(adminSession());
    const unknown = crypto.randomUUID();
    renderScreen(
      <>
        <ProductFormPage />
        <ToastContainer />
      </>,
      { path: '/admin/products/edit/:id', url: `/admin/products/edit/${unknown}` },
    );
    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText(M.productRemoveError)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update Product' })).toBeNull();
    expect(server.last(`/api/products/${unknown}`).status).toBe(404);
  });
});
