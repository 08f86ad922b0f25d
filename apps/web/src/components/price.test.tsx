import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Price, rupees } from './price.tsx';
import { RatingStars } from './rating-stars.tsx';

describe('Price', () => {
  it('shows the price after offer with the original struck through beside it', () => {
    const { container } = render(<Price price={1299} final={1039.2} />);
    expect(container.querySelector('.price-final')?.textContent).toBe('₹1,039.20');
    const original = screen.getByTestId('price-original');
    expect(original.tagName).toBe('DEL');
    expect(original.textContent).toBe('₹1,299.00');
    expect(container.textContent).toContain('Price after offer');
    expect(container.textContent).toContain('original price');
  });

  it('shows a single price when there is no discount', () => {
    const { container } = render(<Price price={1299} />);
    expect(container.textContent).toBe('₹1,299.00');
    expect(screen.queryByTestId('price-original')).toBeNull();
    expect(container.querySelector('del')).toBeNull();
  });

  it('formats rupees en-IN with lakh grouping', () => {
    expect(rupees(123456)).toBe('₹1,23,456.00');
    expect(rupees(49.5)).toBe('₹49.50');
    expect(rupees(0)).toBe('₹0.00');
  });
});

describe('RatingStars', () => {
  it('reads out the average to a tenth and the number of reviews', () => {
    render(<RatingStars value={4.26} count={12} />);
    const stars = screen.getByRole('img', { name: 'Rated 4.3 out of 5, 12 reviews' });
    expect(stars.querySelector<HTMLElement>('.rating-stars-full')?.style.width).toBe('86%');
    expect(stars.textContent).toContain('(12)');
  });

  it('says "review" for one and clamps to 0–5', () => {
    render(<RatingStars value={7} count={1} />);
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5, 1 review' })).toBeTruthy();
  });

  it('leaves the count out when not given', () => {
    render(<RatingStars value={0} />);
    expect(screen.getByRole('img', { name: 'Rated 0 out of 5' }).textContent).not.toContain('(');
  });
});
