import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentCard } from './payment-card.tsx';

const figures = {
  paymentMethod: 'razorpay' as const,
  pricesIncludeGst: false,
  totalPrice: 2000,
  shippingPrice: 50,
  tax: 100,
  totalDiscount: 300,
  couponDiscount: 0,
  finalAmount: 1850,
  cardRefund: null,
};

const text = (term: string) => screen.getByText(term).nextElementSibling?.textContent;

describe('payment card', () => {
  it('shows the figures with the discount negative and a warning badge while unpaid', () => {
    render(<PaymentCard order={{ ...figures, paymentStatus: 'Pending' }} />);
    expect(text('Method')).toBe('Razorpay');
    expect(text('Subtotal')).toBe('₹2,000.00');
    expect(text('Shipping')).toBe('₹50.00');
    expect(text('Tax')).toBe('₹100.00');
    expect(text('Discount')).toBe('−₹300.00');
    expect(text('Total')).toBe('₹1,850.00');
    expect(screen.getByText('Pending').className).toContain('bg-warning');
  });

  it('shows a green badge once paid', () => {
    render(<PaymentCard order={{ ...figures, paymentStatus: 'Paid' }} />);
    expect(screen.getByText('Paid').className).toContain('bg-success');
    expect(screen.queryByText('Card refund')).toBeNull();
  });

  it('shows a late card payment on its way back, then refunded with a badge of its own', () => {
    const { rerender } = render(
      <PaymentCard order={{ ...figures, paymentStatus: 'Pending', cardRefund: { amount: 1850, pending: true } }} />,
    );
    expect(text('Card refund')).toBe('₹1,850.00 being refunded to the card');
    rerender(
      <PaymentCard order={{ ...figures, paymentStatus: 'Refunded', cardRefund: { amount: 1850, pending: false } }} />,
    );
    expect(text('Card refund')).toBe('₹1,850.00 refunded to the card');
    expect(screen.getByText('Refunded').className).toContain('bg-info');
    expect(screen.getByText('Refunded').className).not.toContain('bg-warning');
  });
});
