import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { aProduct } from '../test/test-products.ts';
import { ProductCard } from './product-card.tsx';

describe('product card', () => {
  it('links to the details and shows brand, name, rating and the discounted price', () => {
    const product = aProduct({ discountPercent: 20, discount: 259.8, finalPrice: 1039.2 });
    const { container } = renderScreen(<ProductCard product={product} />);
    expect(screen.getByRole('link', { name: 'Leather Tote' }).getAttribute('href')).toBe(`/details/${product._id}`);
    expect(screen.getByText('Hidesign')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5, 8 reviews' })).toBeTruthy();
    expect(screen.getByText('20% OFF')).toBeTruthy();
    const price = container.querySelector('.price') as HTMLElement;
    expect(within(price).getByText('₹1,039.20')).toBeTruthy();
    expect(within(price).getByText('₹1,299.00').tagName).toBe('DEL');
    expect(screen.queryByText('Out of stock')).toBeNull();
  });

  it("says 'Out of stock' and shows no offer badge without a discount", () => {
    renderScreen(<ProductCard product={aProduct({ quantity: 0 })} />);
    expect(screen.getByText('Out of stock')).toBeTruthy();
    expect(screen.queryByText(/% OFF/)).toBeNull();
  });
});
