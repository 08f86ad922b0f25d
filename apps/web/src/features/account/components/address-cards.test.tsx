import { MSG } from '@bagshop/shared/messages';
import type { AddressDto } from '@bagshop/shared/types';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { AddressCards } from './address-cards.tsx';

afterEach(cleanup);

const home: AddressDto = {
  _id: 'a1',
  name: 'Asha Menon',
  houseName: 'Rose Villa',
  landmark: '',
  town: 'Bhubaneswar',
  street: 'Janpath',
  zipcode: '751001',
  state: 'Orissa',
  country: 'IN',
  phone: '9876543210',
  gstin: null,
};
const office: AddressDto = {
  ...home,
  _id: 'a2',
  houseName: 'Tech Park',
  state: 'Karnataka',
  town: 'Bengaluru',
  gstin: '29AAGCB7383J1Z4',
};

describe('address cards (docs/product.md §2 Account)', () => {
  it("says 'No addresses added yet.' and still offers '+ Add Address'", () => {
    renderScreen(<AddressCards addresses={[]} />, { path: '/account' });
    expect(screen.getByText(MSG.noAddresses)).toBeTruthy();
    expect(screen.getByRole('link', { name: '+ Add Address' }).getAttribute('href')).toBe('/account/add-address');
  });

  it("titles the cards 'Address N' and shows Odisha by name", () => {
    renderScreen(<AddressCards addresses={[home, office]} />, { path: '/account' });
    expect(screen.getByText('Address 1')).toBeTruthy();
    expect(screen.getByText('Address 2')).toBeTruthy();
    expect(screen.getByText(/Bhubaneswar, Odisha 751001/)).toBeTruthy();
    expect(screen.getAllByText(/India/)).toHaveLength(2);
    expect(screen.queryByText(MSG.noAddresses)).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit address 2' }).getAttribute('href')).toBe('/account/edit-address/a2');
    expect(screen.getByRole('link', { name: '+ Add Address' })).toBeTruthy();
  });

  it("shows a business buyer's GSTIN on its card only", () => {
    renderScreen(<AddressCards addresses={[home, office]} />, { path: '/account' });
    expect(screen.getAllByText(/GSTIN/)).toHaveLength(1);
    expect(screen.getByText('29AAGCB7383J1Z4').closest('address')?.textContent).toContain('Tech Park');
  });

  it("asks 'Are you sure?' with Yes and Cancel before deleting", async () => {
    const user = userEvent.setup();
    renderScreen(<AddressCards addresses={[home]} />, { path: '/account' });
    await user.click(screen.getByRole('button', { name: 'Delete address 1' }));

    expect(screen.getByRole('dialog', { name: 'Are you sure?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yes' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
