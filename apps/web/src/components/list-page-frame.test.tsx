import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListPageFrame, listCount } from './list-page-frame.tsx';

describe('list page frame', () => {
  it('counts in the singular for one and names the search', () => {
    expect(listCount(1, ['user', 'users'])).toBe('1 user');
    expect(listCount(6, ['order', 'orders'])).toBe('6 orders');
    expect(listCount(2, ['product', 'products'], 'tote')).toBe('2 products matching “tote”');
  });

  it('shows no count and no pages before the list has loaded', () => {
    render(
      <ListPageFrame
        title="Users"
        summary={null}
        refreshing={false}
        tools={<button type="button">Tool</button>}
        paging={null}
      >
        <p>Loading users…</p>
      </ListPageFrame>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tool' })).toBeTruthy();
    expect(screen.getByText('Loading users…')).toBeTruthy();
    expect(screen.queryByText(/users$/)).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the count and asks for the chosen page, keeping the current page within the pages', async () => {
    const onChange = vi.fn();
    render(
      <ListPageFrame
        title="Orders"
        summary="7 orders"
        summaryTestId="order-count"
        refreshing={false}
        tools={null}
        paging={{ page: 5, pages: 2, onChange }}
      >
        <p>Rows</p>
      </ListPageFrame>,
    );
    expect(screen.getByTestId('order-count').textContent).toBe('7 orders');
    expect(screen.getByLabelText('Page 2').closest('[aria-current="page"]')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Previous page'));
    expect(onChange).toHaveBeenCalledWith(1);
  });
});
