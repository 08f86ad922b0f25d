import type { ProductDetailDto } from '@bagshop/shared/catalogue-types';
import { MSG } from '@bagshop/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { aProduct } from '../../../test/test-products.ts';
import { ReviewsSection } from './reviews-section.tsx';

const product = (overrides: Partial<ProductDetailDto> = {}): ProductDetailDto => ({
  ...aProduct(),
  reviews: [
    {
      _id: 'r1',
      name: 'Asha',
      rating: 4,
      comment: '<img src=x onerror=alert(1)> Sturdy straps',
      createdAt: '2025-03-02T10:00:00.000Z',
    },
  ],
  ...overrides,
});

describe('reviews section', () => {
  it('renders comments as plain text, never as HTML', async () => {
    const { container } = renderScreen(<ReviewsSection product={product()} signedIn onSubmit={async () => true} />);
    expect(screen.getByText('<img src=x onerror=alert(1)> Sturdy straps')).toBeTruthy();
    expect(container.querySelector('.review-comment img')).toBeNull();
    expect(screen.getByText('Asha')).toBeTruthy();
    expect(screen.getByText('2 Mar 2025')).toBeTruthy();
    // The form's code arrives on demand.
    expect(await screen.findByRole('form', { name: 'Write a review' })).toBeTruthy();
  });

  it('asks visitors to sign in, and thanks shoppers who already reviewed', () => {
    renderScreen(<ReviewsSection product={product({ reviews: [] })} signedIn={false} onSubmit={async () => true} />);
    expect(screen.getByText(MSG.noReviews)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();
  });

  it('shows no form once reviewed', () => {
    renderScreen(<ReviewsSection product={product({ reviewedByMe: true })} signedIn onSubmit={async () => true} />);
    expect(screen.getByText(/you have reviewed this product/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();
  });
});
