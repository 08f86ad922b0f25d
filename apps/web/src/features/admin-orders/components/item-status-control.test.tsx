import type { OrderItemDto } from '@bagshop/shared/order-types';
import type { ItemStatus } from '@bagshop/shared/orders';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ItemStatusControl } from './item-status-control.tsx';

const item = (status: ItemStatus): OrderItemDto => ({
  _id: 'item-1',
  product: { _id: 'p1', name: 'Campus Daypack', color: 'Brown', price: 1499, pdImage: [] },
  qty: 1,
  discount: 0,
  gst: { rate: 5, couponShare: 0, taxable: 1499, tax: 74.95 },
  status,
  cancelReason: null,
  returnReason: null,
  returnRejectReason: null,
  refunded: 0,
  refundNotes: [],
  refundPreview: null,
  deliveredAt: null,
});

function show(status: ItemStatus) {
  const handlers = { onSave: vi.fn(), onApprove: vi.fn(), onReject: vi.fn() };
  render(<ItemStatusControl item={item(status)} busy={false} {...handlers} />);
  return handlers;
}

describe('admin item status control', () => {
  it('has no status to choose for a pending item: it is shipped by booking a shipment', () => {
    show('Pending');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Waiting to be shipped')).toBeTruthy();
  });

  it('offers Delivered and Returned to seller for a shipped item and saves the choice', async () => {
    const user = userEvent.setup();
    const { onSave } = show('Shipped');
    const select = screen.getByLabelText('New status of Campus Daypack');
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Change status…', 'Delivered', 'Returned to seller']);
    const save = screen.getByRole('button', { name: 'Save status of Campus Daypack' });
    expect(save).toHaveProperty('disabled', true);
    await user.selectOptions(select, 'Delivered');
    await user.click(save);
    expect(onSave).toHaveBeenCalledWith('Delivered');
  });

  it('has no select and no save button for settled items', () => {
    for (const status of ['Cancelled', 'Returned', 'Delivered', 'Returned to seller'] as const) {
      const { unmount } = render(
        <ItemStatusControl item={item(status)} busy={false} onSave={vi.fn()} onApprove={vi.fn()} onReject={vi.fn()} />,
      );
      expect(screen.queryByRole('combobox')).toBeNull();
      expect(screen.queryByRole('button')).toBeNull();
      unmount();
    }
  });

  it('offers Approve and Reject for a return request', async () => {
    const user = userEvent.setup();
    const { onApprove, onReject } = show('Return requested');
    expect(screen.queryByRole('combobox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Approve return of Campus Daypack' }));
    await user.click(screen.getByRole('button', { name: 'Reject return of Campus Daypack' }));
    expect(onApprove).toHaveBeenCalledOnce();
    expect(onReject).toHaveBeenCalledOnce();
  });
});
