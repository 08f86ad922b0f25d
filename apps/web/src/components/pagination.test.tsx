import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListPagination, pageNumbers } from './pagination.tsx';

afterEach(cleanup);

describe('ListPagination', () => {
  it('collapses long runs around the current page', () => {
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageNumbers(1, 10)).toEqual([1, 2, null, 10]);
  });

  it('hides itself for a single page', () => {
    render(<ListPagination page={1} pages={1} onChange={() => undefined} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('asks for the chosen page', async () => {
    const onChange = vi.fn();
    render(<ListPagination page={2} pages={3} onChange={onChange} />);
    await userEvent.click(screen.getByText('3'));
    expect(onChange).toHaveBeenCalledWith(3);
    await userEvent.click(screen.getByLabelText('Previous page'));
    expect(onChange).toHaveBeenCalledWith(1);
  });
});
