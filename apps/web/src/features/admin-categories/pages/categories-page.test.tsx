import { CATALOGUE_MSG as M } from '@bagshop/shared/catalogue-messages';
import type { CategoryDto } from '@bagshop/shared/catalogue-types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  adminSession,
  adminToken,
  callApi,
  rememberSession,
  uniqueWord,
  withRealServer,
} from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { categoryById, createCategory, toggleCategoryBlock } from '../../../test/shop-data.ts';
import { AdminCategoriesPage } from './categories-page.tsx';
import { CategoryFormPage } from './category-form-page.tsx';

const server = withRealServer();

beforeEach(() => {
  rememberSession(adminSession());
});

/** Category names are letters and spaces, at most 15: a word no other test uses, and a short word. */
const tagged = (tag: string, word: string) => `${tag} ${word}`;

describe('admin categories list', () => {
  it('shows the rows with their state, searches through the URL and blocks after a confirmation', async () => {
    const user = userEvent.setup();
    const tag = uniqueWord(5);
    // Seven of ours: a second page of six. Created oldest first; the list shows the newest first.
    for (const word of ['Duffels', 'Slings', 'Pouches', 'Trunks', 'Sachets']) await createCategory(tagged(tag, word));
    const clutches = await createCategory(tagged(tag, 'Clutches'));
    await toggleCategoryBlock(clutches._id);
    const backpacks = await createCategory(tagged(tag, 'Backpack'));

    const { router } = renderScreen(
      <>
        <AdminCategoriesPage />
        <ToastContainer />
      </>,
      { path: '/admin/category' },
    );
    await screen.findByRole('table');
    expect(screen.getByRole('link', { name: 'Add Category' }).getAttribute('href')).toBe('/admin/category/add');

    await user.type(screen.getByLabelText('Search categories'), tag);
    await waitFor(() => expect(router.state.location.search).toBe(`?keyword=${tag}&page=1`));
    await waitFor(() => expect(server.last('/api/category/').search.get('keyword')).toBe(tag));
    const { answer } = server.last('/api/category/');
    expect(answer).toMatchObject({ total: 7, page: 1, pages: 2 });

    const table = within(screen.getByRole('table'));
    await waitFor(() => expect(table.getByText(backpacks.name)).toBeTruthy());
    const names = (answer as { categories: CategoryDto[] }).categories.map((c) => c.name);
    expect(names).toHaveLength(6);
    for (const name of names) expect(table.getByText(name)).toBeTruthy();
    expect(within(table.getByText(clutches.name).closest('tr') as HTMLElement).getByText('Blocked')).toBeTruthy();
    expect(screen.getByText(`7 categories matching “${tag}”`)).toBeTruthy();
    expect(table.getByRole('link', { name: `Edit ${backpacks.name}` }).getAttribute('href')).toBe(
      `/admin/category/edit/${backpacks._id}`,
    );
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeTruthy();

    await user.click(table.getByRole('button', { name: `Block ${backpacks.name}` }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Are you sure?' }));
    await user.click(dialog.getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((toast) => toast.textContent?.includes(M.blocked))).toBe(true),
    );
    expect(server.last(`/api/category/${backpacks._id}/unblock`, 'PUT').status).toBe(200);
    expect((await categoryById(backpacks._id)).isExist).toBe(false);
    await waitFor(() =>
      expect(within(table.getByText(backpacks.name).closest('tr') as HTMLElement).getByText('Blocked')).toBeTruthy(),
    );
  });

  it("sorts from the phone's Sort by control, keeping size, sort and search in the URL through back", async () => {
    const user = userEvent.setup();
    const tag = uniqueWord(5);
    // Created in this order; the names sort differently whatever their case.
    const bravo = await createCategory(tagged(tag, 'Bravo'));
    const alpha = await createCategory(tagged(tag, 'alpha'));
    const charlie = await createCategory(tagged(tag, 'Charlie'));
    const { router } = renderScreen(<AdminCategoriesPage />, {
      path: '/admin/category',
      url: `/admin/category?keyword=${tag}&limit=25&sort=name&dir=desc`,
    });
    const cardNames = async (expected: string[]) =>
      waitFor(() =>
        expect(
          within(screen.getByRole('list', { name: 'Categories' }))
            .getAllByRole('heading', { level: 3 })
            .map((h) => h.textContent),
        ).toEqual(expected),
      );
    await cardNames([charlie.name, bravo.name, alpha.name]);
    const asked = server.last('/api/category/').search;
    expect([asked.get('limit'), asked.get('sort'), asked.get('dir')]).toEqual(['25', 'name', 'desc']);
    const sortBy = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect(sortBy.selectedOptions[0].textContent).toBe('Name: Z to A');
    expect((screen.getByLabelText('Rows per page') as HTMLSelectElement).value).toBe('25');
    expect(screen.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('descending');

    await user.selectOptions(sortBy, 'Added: oldest first');
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        keyword: tag,
        limit: '25',
        sort: 'createdAt',
        dir: 'asc',
        page: '1',
      }),
    );
    await cardNames([bravo.name, alpha.name, charlie.name]);
    expect(server.last('/api/category/').search.get('sort')).toBe('createdAt');
    expect(screen.getByRole('columnheader', { name: /^Added/ }).getAttribute('aria-sort')).toBe('ascending');

    await router.navigate(-1);
    await cardNames([charlie.name, bravo.name, alpha.name]);
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).selectedOptions[0].textContent).toBe('Name: Z to A');
  });

  it('says so when nothing matches', async () => {
    renderScreen(<AdminCategoriesPage />, { path: '/admin/category', url: `/admin/category?keyword=${uniqueWord()}` });
    expect(await screen.findByText('No categories found')).toBeTruthy();
  });
});

describe('category form against the server', () => {
  it("toasts the server's '<name> Category created successfully' and returns to the list", async () => {
    const user = userEvent.setup();
    const name = tagged(uniqueWord(6), 'Duffels');
    renderScreen(
      <>
        <CategoryFormPage />
        <ToastContainer />
      </>,
      { path: '/admin/category/add', extraRoutes: [{ path: '/admin/category', element: <p>category list</p> }] },
    );
    await user.type(screen.getByLabelText('Name'), name);
    await user.click(screen.getByRole('button', { name: 'Add Category' }));

    expect(await screen.findByText(`${name} Category created successfully`)).toBeTruthy();
    expect(await screen.findByText('category list')).toBeTruthy();
    expect(server.last('/api/category/', 'POST').body).toEqual({ name, offer: null });
    const { categories } = await callApi<{ categories: CategoryDto[] }>('GET', `/api/category/?keyword=${name}`, {
      token: adminToken(),
    });
    expect(categories.map((c) => c.name)).toEqual([name]);
  });

  it('shows a duplicate name under the field', async () => {
    const user = userEvent.setup();
    const existing = await createCategory(tagged(uniqueWord(6), 'Totes'));
    renderScreen(<CategoryFormPage />, { path: '/admin/category/add' });
    await user.type(screen.getByLabelText('Name'), existing.name.toUpperCase());
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText(M.categoryExists)).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(server.last('/api/category/', 'POST').status).toBe(409);
  });
});
