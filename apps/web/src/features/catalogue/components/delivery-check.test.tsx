import type { ShippingEstimate } from '@bagshop/shared/schemas/shipping';
import { estimateText, SHIPPING_MSG } from '@bagshop/shared/shipping-messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setField } from '../../../test/fields.ts';
import { withRealServer } from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { seededProduct } from '../../../test/shop-data.ts';
import { ProductDetailsPage } from '../pages/product-details-page.tsx';

const server = withRealServer();

async function openProduct() {
  const { _id } = await seededProduct('Campus Daypack');
  renderScreen(<ProductDetailsPage />, { path: '/details/:id', url: `/details/${_id}` });
  return screen.findByLabelText('Check delivery');
}

const estimateCalls = () => server.calls.filter((c) => c.path === '/api/shipping/estimate');

describe('check delivery on the product page', () => {
  it('shows when a parcel to the pincode arrives and whether cash is taken, and remembers the pincode', async () => {
    const user = userEvent.setup();
    const field = await openProduct();
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(estimateCalls()).toHaveLength(0);
    await setField(user, 'Check delivery', '560001');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const answer = (await screen.findByText(/^Delivery to 560001 by /)).textContent;
    const call = server.last('/api/shipping/estimate');
    expect(call.search.get('pincode')).toBe('560001');
    expect(answer).toBe(estimateText(call.answer as ShippingEstimate));
    expect(answer).toMatch(/ · Cash on delivery available$/);
    expect(localStorage.getItem('deliveryPincode')).toBe('560001');
  });

  it('says a remote pincode gets no cash on delivery', async () => {
    const user = userEvent.setup();
    await openProduct();
    await setField(user, 'Check delivery', '744101');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const answer = await screen.findByText(/^Delivery to 744101 by /);
    expect(answer.textContent).toBe(estimateText(server.last('/api/shipping/estimate').answer as ShippingEstimate));
    expect(answer.textContent?.endsWith(` · ${SHIPPING_MSG.codUnavailable}`)).toBe(true);
  });

  it('refuses what is not a pincode without asking the shop', async () => {
    const user = userEvent.setup();
    const field = await openProduct();
    await setField(user, 'Check delivery', '012345');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(SHIPPING_MSG.pincodeInvalid)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await setField(user, 'Check delivery', '5600');
    await user.keyboard('{Enter}');
    expect(screen.getByText(SHIPPING_MSG.pincodeInvalid)).toBeTruthy();
    expect(estimateCalls()).toHaveLength(0);
    expect(localStorage.getItem('deliveryPincode')).toBeNull();
  });

  it('shows the estimate for the remembered pincode on the next visit without typing', async () => {
    localStorage.setItem('deliveryPincode', '400001');
    const field = await openProduct();
    expect((field as HTMLInputElement).value).toBe('400001');
    const answer = await screen.findByText(/^Delivery to 400001 by /);
    expect(answer.textContent).toBe(estimateText(server.last('/api/shipping/estimate').answer as ShippingEstimate));
  });
});
