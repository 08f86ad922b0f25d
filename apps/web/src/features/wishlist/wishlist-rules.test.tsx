import type { WishlistEntryDto } from '@bagshop/shared/catalogue-types';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { aProduct } from '../../test/test-products.ts';
import { WishlistCard } from './components/wishlist-card.tsx';
import { canAddFromWishlist } from './wishlist-rules.ts';

const blockedCategory = { _id: 'c1', name: 'Totes', offer: null, isExist: false };

describe('wishlist Add to cart rule (docs/product.md §5)', () => {
  it.each([
    ['in stock', aProduct({ quantity: 3 }), true],
    ['stock 0', aProduct({ quantity: 0 }), false],
    ['negative stock', aProduct({ quantity: -1 }), false],
    ['category blocked', aProduct({ category: blockedCategory }), false],
    ['product unavailable', aProduct({ available: false }), false],
  ])('%s → %s', (_label, product, allowed) => {
    expect(canAddFromWishlist(product)).toBe(allowed);
  });
});

function entry(overrides: Parameters<typeof aProduct>[0] = {}): WishlistEntryDto {
  return { productId: aProduct(overrides), color: 'Brown' };
}

describe('wishlist card', () => {
  it('shows stock badge, name, colour and the price after offer, linking to the details', async () => {
    const user = userEvent.setup();
    const add = vi.fn();
    const remove = vi.fn();
    const item = entry({ quantity: 2, discountPercent: 10, finalPrice: 1169.1 });
    renderScreen(<WishlistCard entry={item} busy={false} onAddToCart={add} onRemove={remove} />);

    expect(screen.getByText('Only 2 left')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Leather Tote' }).getAttribute('href')).toBe(
      `/details/${item.productId._id}`,
    );
    expect(screen.getByText('Colour: Brown')).toBeTruthy();
    expect(screen.getByText('₹1,169.10')).toBeTruthy();
    expect(screen.getByText('₹1,299.00').tagName).toBe('DEL');

    await user.click(screen.getByRole('button', { name: /Add to cart/ }));
    expect(add).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Remove Leather Tote from wishlist' }));
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['out of stock', { quantity: 0 }, 'Out of stock'],
    ['in a blocked category', { category: blockedCategory }, 'Unavailable'],
    ['unavailable', { available: false }, 'Unavailable'],
  ])('disables Add to cart when %s, but still allows removing', (_label, overrides, badge) => {
    renderScreen(<WishlistCard entry={entry(overrides)} busy={false} onAddToCart={() => {}} onRemove={() => {}} />);
    expect(screen.getByText(badge)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add to cart/ })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Remove Leather Tote from wishlist' })).toHaveProperty('disabled', false);
  });
});
