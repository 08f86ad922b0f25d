import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { CartDto, CartLineDto } from '@bagshop/shared/catalogue-types';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { canCheckout, lineProblem, lineTotalPaise } from './cart-rules.ts';
import { CartSummaryList } from './cart-summary.tsx';

function line(overrides: Partial<CartLineDto> = {}): CartLineDto {
  return {
    _id: 'l1',
    productId: 'p1',
    name: 'Leather Tote',
    image: '/t.webp',
    color: 'Brown',
    price: 1299,
    discount: 129.9,
    qty: 2,
    originalQuantity: 10,
    available: true,
    ...overrides,
  };
}

describe('CHECKOUT rule', () => {
  it('needs at least one line', () => {
    expect(canCheckout([])).toBe(false);
    expect(canCheckout([line()])).toBe(true);
  });

  it.each([
    ['quantity 0', { qty: 0 }],
    ['unavailable', { available: false }],
    ['out of stock', { originalQuantity: 0 }],
    ['more than the stock left', { qty: 3, originalQuantity: 2 }],
  ])('is off when any line is %s', (_label, overrides) => {
    expect(canCheckout([line(), line({ _id: 'l2', ...overrides })])).toBe(false);
    expect(lineProblem(line(overrides))).not.toBeNull();
  });

  it('explains an unavailable line with the shop message', () => {
    expect(lineProblem(line({ available: false }))).toBe(CATALOGUE_MSG.productUnavailable);
  });

  it('totals a line after offer to the paisa', () => {
    expect(lineTotalPaise(line())).toBe((129_900 - 12_990) * 2);
    expect(lineTotalPaise(line({ price: 0.3, discount: 0.1, qty: 3 }))).toBe(60);
  });
});

const summary = (s: Partial<CartDto['summary']>): CartDto['summary'] => ({
  totalPrice: 0,
  discount: 0,
  tax: 0,
  shipping: 0,
  couponDiscount: 0,
  pricesIncludeGst: false,
  final: 0,
  ...s,
});

describe('cart summary', () => {
  it('shows total, discount, 5 % tax, shipping and the final total in rupees', () => {
    render(<CartSummaryList summary={summary({ totalPrice: 400, discount: 40, tax: 20, shipping: 50, final: 430 })} />);
    const value = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(value('Total price')).toBe('₹400.00');
    expect(value('Discount')).toBe('− ₹40.00');
    expect(value('Tax (5 %)')).toBe('₹20.00');
    expect(value('Shipping')).toBe('₹50.00');
    expect(value('Final total')).toBe('₹430.00');
    expect(screen.getByText('Add ₹320.00 more for free shipping.')).toBeTruthy();
    expect(screen.queryByText('Coupon discount')).toBeNull();
  });

  it('shows the coupon discount as a deduction once a coupon counts', () => {
    render(
      <CartSummaryList
        summary={summary({ totalPrice: 2000, discount: 0, couponDiscount: 150.5, tax: 100, final: 1949.5 })}
      />,
    );
    expect(screen.getByText('Coupon discount').nextElementSibling?.textContent).toBe('− ₹150.50');
    expect(screen.getByText('Final total').nextElementSibling?.textContent).toBe('₹1,949.50');
  });

  it('says Free from ₹700 and groups large amounts the Indian way', () => {
    render(
      <CartSummaryList
        summary={summary({ totalPrice: 123456, discount: 0, tax: 6172.8, shipping: 0, final: 129628.8 })}
      />,
    );
    expect(screen.getByText('Shipping').nextElementSibling?.textContent).toBe('Free');
    expect(screen.getByText('Final total').nextElementSibling?.textContent).toBe('₹1,29,628.80');
    expect(screen.queryByText(/more for free shipping/)).toBeNull();
  });
});
