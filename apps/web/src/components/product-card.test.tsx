import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { aProduct } from '../test/test-products.ts';
import { ProductCard } from './product-card.tsx';

describe('product card', () => {
  it('links to the details and shows brand, name, rating and the discounted price', () => {
    const product = aProduct({ discountPercent: 20, discount: 259.8, finalPrice: 1039.2 });
    const { container } = renderScreen(<ProductCard product={product} imageSizes="50vw" />);
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
    renderScreen(<ProductCard product={aProduct({ quantity: 0 })} imageSizes="50vw" />);
    expect(screen.getByText('Out of stock')).toBeTruthy();
    expect(screen.queryByText(/% OFF/)).toBeNull();
  });

  it('offers both stored sizes of its picture in a square box, fetched only near the screen', () => {
    const { container } = renderScreen(<ProductCard product={aProduct()} imageSizes="(min-width: 992px) 25vw, 50vw" />);
    const picture = container.querySelector('.product-card-img') as HTMLImageElement;
    expect(picture.getAttribute('src')).toBe('/uploads/products/tote-1-t.webp');
    expect(picture.getAttribute('srcset')).toBe(
      '/uploads/products/tote-1-t.webp 400w, /uploads/products/tote-1.webp 1200w',
    );
    expect(picture.getAttribute('sizes')).toBe('(min-width: 992px) 25vw, 50vw');
    expect(picture.getAttribute('width')).toBe('400');
    expect(picture.getAttribute('height')).toBe('400');
    expect(picture.getAttribute('loading')).toBe('lazy');
    expect(picture.getAttribute('fetchpriority')).toBe('auto');
  });

  it('fetches the picture of a card on the first screen at once and first', () => {
    const { container } = renderScreen(<ProductCard product={aProduct()} imageSizes="50vw" priority />);
    const picture = container.querySelector('.product-card-img') as HTMLImageElement;
    expect(picture.getAttribute('loading')).toBe('eager');
    expect(picture.getAttribute('fetchpriority')).toBe('high');
  });
});
