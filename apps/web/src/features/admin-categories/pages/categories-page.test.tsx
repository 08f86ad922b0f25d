import { CATALOGUE_MSG as M } from '@bagshop/shared/catalogue-messages';
import type { CategoryDto } from '@bagshop/shared/catalogue-types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test/fake-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { AdminCategoriesPage } from './categories-page.tsx';
import { CategoryFormPage } from './category-form-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const backpacks: CategoryDto = {
  _id: '33333333-3333-4333-8333-333333333333',
  name: 'Backpacks',
  offer: null,
  isExist: true,
  productCount: 4,
};
const clutches: CategoryDto = {
  ...backpacks,
  _id: '44444444-4444-4444-8444-444444444444',
  name: 'Clutches',
  isExist: false,
};

describe('admin categories list', () => {
  it('shows the rows with their state, searches through the URL and blocks after a confirmation', async () => {
    const user = userEvent.setup();
    const calls = fakeServer(({ method, path }) => {
      if (method === 'PUT')
        return { body: { message: 'Category blocked', category: { ...backpacks, isExist: false } } };
      if (path === '/api/category/')
        return { body: { categories: [backpacks, clutches], total: 8, page: 1, pages: 2 } };
      return { status: 404, body: { message: 'Not found' } };
    });
    const { router } = renderScreen(
      <>
        <AdminCategoriesPage />
        <ToastContainer />
      </>,
      { path: '/admin/category' },
    );

    const table = within(await screen.findByRole('table'));
    expect(table.getByText('Backpacks')).toBeTruthy();
    expect(within(table.getByText('Clutches').closest('tr') as HTMLElement).getByText('Blocked')).toBeTruthy();
    expect(screen.getByText('8 categories')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Category' }).getAttribute('href')).toBe('/admin/category/add');
    expect(table.getByRole('link', { name: 'Edit Backpacks' }).getAttribute('href')).toBe(
      `/admin/category/edit/${backpacks._id}`,
    );
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeTruthy();

    await user.type(screen.getByLabelText('Search categories'), 'back');
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=back&page=1'));
    await waitFor(() => expect(calls.some((c) => c.search.get('keyword') === 'back')).toBe(true));

    await user.click(table.getByRole('button', { name: 'Block Backpacks' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Are you sure?' }));
    await user.click(dialog.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Category blocked')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT' && c.path === `/api/category/${backpacks._id}/unblock`)).toBe(true);
  });

  it('says so when nothing matches', async () => {
    fakeServer(() => ({ body: { categories: [], total: 0, page: 1, pages: 0 } }));
    renderScreen(<AdminCategoriesPage />, { path: '/admin/category' });
    expect(await screen.findByText('No categories found')).toBeTruthy();
  });
});

describe('category form against the server', () => {
  it("toasts the server's '<name> Category created successfully' and returns to the list", async () => {
    const user = userEvent.setup();
    const calls = fakeServer(({ method, body }) => {
      if (method === 'POST') {
        const { name } = body as { name: string };
        return { status: 201, body: { message: `${name} ${M.categoryCreated}`, category: { ...backpacks, name } } };
      }
      return { body: { offers: [] } };
    });
    renderScreen(
      <>
        <CategoryFormPage />
        <ToastContainer />
      </>,
      { path: '/admin/category/add', extraRoutes: [{ path: '/admin/category', element: <p>category list</p> }] },
    );
    await user.type(screen.getByLabelText('Name'), 'Duffels');
    await user.click(screen.getByRole('button', { name: 'Add Category' }));

    expect(await screen.findByText('Duffels Category created successfully')).toBeTruthy();
    expect(await screen.findByText('category list')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Duffels', offer: null });
  });

  it('shows a duplicate name under the field', async () => {
    const user = userEvent.setup();
    fakeServer(({ method }) =>
      method === 'POST'
        ? { status: 409, body: { message: M.categoryExists, code: 'CONFLICT', fields: { name: M.categoryExists } } }
        : { body: { offers: [] } },
    );
    renderScreen(<CategoryFormPage />, { path: '/admin/category/add' });
    await user.type(screen.getByLabelText('Name'), 'Backpacks');
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText(M.categoryExists)).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
  });
});
