import { COLORS } from '@bagshop/shared/catalogue';
import { EMPTY_FILTERS } from '@bagshop/shared/shop-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FiltersPanel } from './filters-panel.tsx';

const categories = [
  { _id: 'c1', name: 'Totes', offer: null, isExist: true },
  { _id: 'c2', name: 'Backpacks', offer: null, isExist: true },
];

describe('shop filters panel', () => {
  it('offers the categories and all 11 colours as labelled checkboxes', () => {
    render(<FiltersPanel filters={EMPTY_FILTERS} categories={categories} onChange={() => {}} onClear={() => {}} />);
    expect(screen.getByRole('checkbox', { name: 'Totes' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Backpacks' })).toBeTruthy();
    for (const color of COLORS) expect(screen.getByRole('checkbox', { name: color })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('adds a colour or category and goes back to page 1', async () => {
    const user = userEvent.setup();
    const change = vi.fn();
    const filters = { ...EMPTY_FILTERS, colors: ['Black' as const], page: 3 };
    render(<FiltersPanel filters={filters} categories={categories} onChange={change} onClear={() => {}} />);
    expect(screen.getByRole('checkbox', { name: 'Black' })).toHaveProperty('checked', true);

    await user.click(screen.getByRole('checkbox', { name: 'Red' }));
    expect(change).toHaveBeenLastCalledWith({ ...filters, colors: ['Black', 'Red'], page: 1 });
    await user.click(screen.getByRole('checkbox', { name: 'Backpacks' }));
    expect(change).toHaveBeenLastCalledWith({ ...filters, categories: ['c2'], page: 1 });
  });

  it('applies a price range in rupees, swapping a reversed one', async () => {
    const user = userEvent.setup();
    const change = vi.fn();
    render(<FiltersPanel filters={EMPTY_FILTERS} categories={[]} onChange={change} onClear={() => {}} />);
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
      />,
    );
    expect(screen.getByLabelText('Max price (₹)')).toHaveProperty('value', '900');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(clear).toHaveBeenCalled();
  });
});
