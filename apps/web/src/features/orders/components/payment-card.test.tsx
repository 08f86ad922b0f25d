import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentCard } from './payment-card.tsx';

const figures = {
  paymentMethod: 'razorpay' as const,
  totalPrice: 2000,
  shippingPrice: 50,
  tax: 100,
  totalDiscount: 300,
  couponDiscount: 0,
  finalAmount: 1850,
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
  });
});
