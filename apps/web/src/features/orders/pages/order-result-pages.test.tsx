import type { CheckoutPaymentDto, OrderDto } from '@bagshop/shared/order-types';
import type { AddressDto } from '@bagshop/shared/types';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callApi, registerShopper, rememberSession, uniqueWord, withRealServer } from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { addToCart, createProduct, seededCategory } from '../../../test/shop-data.ts';
import { OrderFailurePage } from './order-failure-page.tsx';
import { OrderSuccessPage } from './order-success-page.tsx';

const ORDER_ID = '0b8e4a52-8d7e-4c39-9d55-0f4f1a1f2c11';

const server = withRealServer();

/** A new shopper's card order through the sandbox, paid (verified) or left unpaid. */
async function cardOrder(paid: boolean) {
  const shopper = await registerShopper();
  const { token } = shopper;
  const { address } = await callApi<{ address: AddressDto }>('POST', '/api/user/account/add-address', {
    token,
    body: {
      name: 'Kavya Pillai',
      houseName: 'Lotus House',
      street: 'Temple Road',
      town: 'Mysuru',
      zipcode: '570001',
      state: 'Karnataka',
      country: 'IN',
      phone: '9876543210',
    },
    expect: 201,
  });
  const { _id: category } = await seededCategory('Wallets');
  const bag = await createProduct({ name: `${uniqueWord()} Clutch`, category, quantity: 5 });
  await addToCart(token, bag._id, 1);
  const { order, payment } = await callApi<{ order: OrderDto; payment: CheckoutPaymentDto }>('POST', '/api/orders', {
    token,
    body: { addressId: address._id, paymentMethod: 'razorpay' },
    expect: 201,
  });
  if (paid) {
    const result = await callApi<Record<string, string>>('POST', '/api/payments/sandbox/complete', {
      token,
      body: { id: payment.id, outcome: 'success' },
    });
    await callApi('POST', '/api/user/verify-payment', { token, body: { orderId: order._id, ...result } });
  }
  return { shopper, order };
}

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
  it('says the payment failed, the order is pending, and offers its details and a retry', async () => {
    const { shopper, order } = await cardOrder(false);
    rememberSession(shopper);
    renderScreen(<OrderFailurePage />, { path: '/order-failure', url: `/order-failure?id=${order._id}` });
    expect(screen.getByText('Checking your payment…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeTruthy();
    expect(screen.getByText(/pending payment/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order Details' }).getAttribute('href')).toBe(
      `/pending/order-details/${order._id}`,
    );
    expect(screen.getByRole('button', { name: 'Retry Payment' })).toHaveProperty('disabled', false);
  });

  it('never shows a paid order as failed: a failure reported after the payment succeeded shows it paid', async () => {
    const { shopper, order } = await cardOrder(true);
    rememberSession(shopper);
    const { router } = renderScreen(<OrderFailurePage />, {
      path: '/order-failure',
      url: `/order-failure?id=${order._id}`,
      extraRoutes: [{ path: '/order-success', element: <OrderSuccessPage /> }],
    });
    expect(await screen.findByRole('heading', { name: 'Thank You for your Order' })).toBeTruthy();
    expect(router.state.location.search).toBe(`?id=${order._id}`);
    expect(router.state.location.pathname).toBe('/order-success');
    expect(screen.queryByRole('heading', { name: 'Payment failed' })).toBeNull();
    expect(server.last(`/api/orders/${order._id}`).answer).toMatchObject({ order: { paymentStatus: 'Paid' } });
  });

  it('keeps the failure when the order cannot be read', async () => {
    renderScreen(<OrderFailurePage />, { path: '/order-failure', url: `/order-failure?id=${ORDER_ID}` });
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeTruthy();
    await waitFor(() => expect(server.last(`/api/orders/${ORDER_ID}`).status).toBe(401));
  });

  it('sends the shopper to My Orders without an order id', () => {
    renderScreen(<OrderFailurePage />, { path: '/order-failure' });
    expect(screen.queryByRole('button', { name: 'Retry Payment' })).toBeNull();
    expect(screen.getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/mine');
  });
});
