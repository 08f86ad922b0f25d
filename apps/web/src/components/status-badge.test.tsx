import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderStatusBadge, PaymentStatusBadge } from './status-badge.tsx';

afterEach(cleanup);

describe('the order and payment badges side by side', () => {
  it('say which is which where a list shows both, so "Pending" is never read two ways', () => {
    render(
      <div data-testid="pair">
        <OrderStatusBadge status="Pending" labelled />
        <PaymentStatusBadge status="Pending" labelled />
      </div>,
    );
    expect(screen.getByTestId('pair').textContent).toBe('OrderPendingPaymentPending');
    expect(screen.getByText('Order')).toBeTruthy();
    expect(screen.getByText('Payment')).toBeTruthy();
  });

  it('are the bare badge where a column or heading already says what it is', () => {
    render(
      <div data-testid="bare">
        <PaymentStatusBadge status="Paid" />
      </div>,
    );
    expect(screen.getByTestId('bare').textContent).toBe('Paid');
  });
});
