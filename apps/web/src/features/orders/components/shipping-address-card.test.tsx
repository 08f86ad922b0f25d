import type { OrderAddressDto } from '@bagshop/shared/order-types';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ShippingAddressCard } from './shipping-address-card.tsx';

afterEach(cleanup);

const address: OrderAddressDto = {
  name: 'Asha Rao',
  houseName: 'Lake View',
  landmark: 'Near Cauvery Emporium',
  street: 'MG Road',
  town: 'Bengaluru',
  state: 'Karnataka',
  zipcode: '560001',
  country: 'IN',
  phone: '9876543210',
  gstin: null,
};

describe('the shipping address of an order', () => {
  it("shows the buyer's GSTIN the order was placed with", () => {
    render(<ShippingAddressCard address={{ ...address, gstin: '29AAGCB7383J1Z4' }} />);
    expect(screen.getByText('GSTIN').nextElementSibling?.textContent).toBe('29AAGCB7383J1Z4');
  });

  it('shows no GSTIN row for an order without one', () => {
    render(<ShippingAddressCard address={address} />);
    expect(screen.getByText('Phone')).toBeTruthy();
    expect(screen.queryByText('GSTIN')).toBeNull();
  });

  it('shows the landmark when the address has one, and no row when not', () => {
    render(<ShippingAddressCard address={address} />);
    expect(screen.getByText('Landmark').nextElementSibling?.textContent).toBe('Near Cauvery Emporium');
    cleanup();
    render(<ShippingAddressCard address={{ ...address, landmark: '' }} />);
    expect(screen.queryByText('Landmark')).toBeNull();
  });
});
