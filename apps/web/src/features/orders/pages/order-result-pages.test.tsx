import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { OrderFailurePage } from './order-failure-page.tsx';
import { OrderSuccessPage } from './order-success-page.tsx';

const ORDER_ID = '0b8e4a52-8d7e-4c39-9d55-0f4f1a1f2c11';

describe('order placed page', () => {
  it('thanks the shopper and links to the order and the shop', () => {
    renderScreen(<OrderSuccessPage />, { path: '/order-success', url: `/order-success?id=${ORDER_ID}` });
    expect(screen.getByRole('heading', { name: 'Thank You for your Order' })).toBeTruthy();
    expect(screen.getByText('Your Order has been placed successfully')).toBeTruthy();
    expect(screen.getByText('We will notify you when your items have been shipped')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order Details' }).getAttribute('href')).toBe(`/order-details/${ORDER_ID}`);
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/shop-products');
    expect(document.title).toBe('Thank You for your Order · Bag Shop');
  });

  it('still offers Continue Shopping without an order id', () => {
    renderScreen(<OrderSuccessPage />, { path: '/order-success' });
    expect(screen.queryByRole('link', { name: 'Order Details' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toBeTruthy();
  });
});

describe('payment failed page', () => {
  it('says the payment failed, the order is pending, and offers its details and a retry', () => {
    renderScreen(<OrderFailurePage />, { path: '/order-failure', url: `/order-failure?id=${ORDER_ID}` });
    expect(screen.getByRole('heading', { name: 'Payment failed' })).toBeTruthy();
    expect(screen.getByText(/pending payment/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order Details' }).getAttribute('href')).toBe(
      `/pending/order-details/${ORDER_ID}`,
    );
    expect(screen.getByRole('button', { name: 'Retry Payment' })).toHaveProperty('disabled', false);
  });

  it('sends the shopper to My Orders without an order id', () => {
    renderScreen(<OrderFailurePage />, { path: '/order-failure' });
    expect(screen.queryByRole('button', { name: 'Retry Payment' })).toBeNull();
    expect(screen.getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/mine');
  });
});
