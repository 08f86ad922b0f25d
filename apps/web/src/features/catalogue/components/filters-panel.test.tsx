import { COLORS } from '@bagshop/shared/catalogue';
import { EMPTY_FILTERS, type ShopFilters, searchFromFilters } from '@bagshop/shared/shop-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FiltersPanel } from './filters-panel.tsx';

const categories = [
  { _id: 'c1', name: 'Totes', offer: null, isExist: true },
  { _id: 'c2', name: 'Backpacks', offer: null, isExist: true },
];

const hrefFor = (filters: ShopFilters) => `/shop-products?${searchFromFilters(filters)}`;

describe('shop filters panel', () => {
  it('offers the categories and all 11 colours as labelled checkboxes', () => {
    render(
      <FiltersPanel
        filters={EMPTY_FILTERS}
        categories={categories}
        onChange={() => {}}
        onClear={() => {}}
        hrefFor={hrefFor}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Totes' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Backpacks' })).toBeTruthy();
    for (const color of COLORS) expect(screen.getByRole('checkbox', { name: color })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('adds a colour or category and goes back to page 1', async () => {
    const user = userEvent.setup();
    const change = vi.fn();
    const filters = { ...EMPTY_FILTERS, colors: ['Black' as const], page: 3 };
    render(
      <FiltersPanel filters={filters} categories={categories} onChange={change} onClear={() => {}} hrefFor={hrefFor} />,
    );
    expect(screen.getByRole('checkbox', { name: 'Black' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('checkbox', { name: 'Red' }).getAttribute('aria-checked')).toBe('false');
    // Each is also a link to the shop with it switched, so it works before the app runs.
    expect(screen.getByRole('checkbox', { name: 'Red' }).getAttribute('href')).toBe(
      '/shop-products?color=Black&color=Red',
    );
    expect(screen.getByRole('checkbox', { name: 'Black' }).getAttribute('href')).toBe('/shop-products?');

    await user.click(screen.getByRole('checkbox', { name: 'Red' }));
    expect(change).toHaveBeenLastCalledWith({ ...filters, colors: ['Black', 'Red'], page: 1 });
    await user.click(screen.getByRole('checkbox', { name: 'Backpacks' }));
    expect(change).toHaveBeenLastCalledWith({ ...filters, categories: ['c2'], page: 1 });
    // Space switches it, as it does a checkbox.
    screen.getByRole('checkbox', { name: 'Totes' }).focus();
    await user.keyboard(' ');
    expect(change).toHaveBeenLastCalledWith({ ...filters, categories: ['c1'], page: 1 });
  });

  it('applies a price range in rupees, swapping a reversed one', async () => {
    const user = userEvent.setup();
    const change = vi.fn();
    render(
      <FiltersPanel filters={EMPTY_FILTERS} categories={[]} onChange={change} onClear={() => {}} hrefFor={hrefFor} />,
    );
    await user.type(screen.getByLabelText('Min price (₹)'), '3000');
    await user.type(screen.getByLabelText('Max price (₹)'), '500');
    await user.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(change).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, minPrice: 500, maxPrice: 3000 });
  });

  it('clears the filters', async () => {
    const user = userEvent.setup();
    const clear = vi.fn();
    render(
      <FiltersPanel
        filters={{ ...EMPTY_FILTERS, maxPrice: 900 }}
        categories={[]}
        onChange={() => {}}
        onClear={clear}
        hrefFor={hrefFor}
      />,
    );
    expect(screen.getByLabelText('Max price (₹)')).toHaveProperty('value', '900');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(clear).toHaveBeenCalled();
  });
});
