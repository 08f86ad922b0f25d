import type { CouponDto } from '@bagshop/shared/schemas/coupons';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CouponRow } from './coupon-box.tsx';

const coupon: CouponDto = {
  _id: 'c1',
  code: 'BAGS2024',
  name: 'Festive',
  description: 'Festive days',
  activation: '2026-01-01T00:00:00.000Z',
  expiry: '2027-01-01T00:00:00.000Z',
  discount: 15,
  status: true,
  minAmount: 150000,
  maxAmount: 2500.5,
  limit: 10,
  usedCount: 0,
  type: 'single',
  isReferral: false,
  isExist: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('coupon row', () => {
  it('shows the code, what it is for, percent, minimum order and largest discount in rupees the Indian way', () => {
    render(<CouponRow coupon={coupon} busy={false} applied={false} onApply={() => {}} />);
    expect(screen.getByText('BAGS2024')).toBeTruthy();
    expect(screen.getByText('Festive days')).toBeTruthy();
    expect(screen.getByText('15% off · Min. order ₹1,50,000.00 · Max. discount ₹2,500.50')).toBeTruthy();
  });

  it('applies its own code with one click', async () => {
    const onApply = vi.fn();
    render(<CouponRow coupon={coupon} busy={false} applied={false} onApply={onApply} />);
    await userEvent.click(screen.getByRole('button', { name: 'Apply coupon BAGS2024' }));
    expect(onApply).toHaveBeenCalledWith('BAGS2024');
  });

  it('cannot be applied again while applied or while another change runs', () => {
    const { rerender } = render(<CouponRow coupon={coupon} busy={false} applied onApply={() => {}} />);
    const button = screen.getByRole('button', { name: 'Apply coupon BAGS2024' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('Applied');
    rerender(<CouponRow coupon={coupon} busy applied={false} onApply={() => {}} />);
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('Apply');
  });
});
