import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { paymentOptions } from '../payment-options.ts';
import { PaymentMethodPicker } from './payment-method-picker.tsx';

describe('payment method picker', () => {
  it('offers Razorpay, a short wallet disabled with its note, and no Cash on Delivery above ₹1,000', () => {
    render(<PaymentMethodPicker options={paymentOptions(1200, 300, true)} chosen="razorpay" onChoose={vi.fn()} />);
    expect(screen.getByRole('radio', { name: 'Razorpay' })).toHaveProperty('checked', true);
    const wallet = screen.getByRole('radio', { name: 'Wallet' });
    expect(wallet).toHaveProperty('disabled', true);
    expect(wallet.getAttribute('aria-describedby')).toBe('payment-wallet-note');
    expect(screen.getByText('Balance ₹300.00 — ₹900.00 short for this order')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Cash on Delivery' })).toBeNull();
  });

  it('lets the shopper choose the wallet or Cash on Delivery for a small order', async () => {
    const user = userEvent.setup();
    const onChoose = vi.fn();
    render(<PaymentMethodPicker options={paymentOptions(800, 1000, true)} chosen="razorpay" onChoose={onChoose} />);
    await user.click(screen.getByRole('radio', { name: 'Cash on Delivery' }));
    await user.click(screen.getByRole('radio', { name: 'Wallet' }));
    expect(onChoose.mock.calls).toEqual([['cod'], ['wallet']]);
  });

  it('has no Razorpay choice when the shop takes no card payments', () => {
    render(<PaymentMethodPicker options={paymentOptions(800, 1000, false)} chosen="wallet" onChoose={vi.fn()} />);
    expect(screen.queryByRole('radio', { name: 'Razorpay' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Wallet' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Cash on Delivery' })).toHaveProperty('disabled', false);
  });
});
