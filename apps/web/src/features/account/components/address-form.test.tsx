import { MSG } from '@bagshop/shared/messages';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setField } from '../../../test/fields.ts';
import { renderScreen } from '../../../test/render.tsx';
import { AddAddressPage } from '../pages/add-address-page.tsx';
import { AddressForm } from './address-form.tsx';

afterEach(cleanup);

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await setField(user, 'Name', 'Asha Menon');
  await setField(user, 'House Name', 'Rose Villa');
  await setField(user, 'Town', 'Bhubaneswar');
  await setField(user, 'Street', 'Janpath');
  await setField(user, 'Zipcode', '751001');
  await user.selectOptions(screen.getByLabelText('State'), 'Odisha');
  await setField(user, 'Phone', '9876543210');
}

describe('address form (docs/product.md §2 Add address, §5 Address)', () => {
  it('shows the required-field messages of §5 under each field', async () => {
    const user = userEvent.setup();
    renderScreen(<AddAddressPage />, { path: '/account/add-address' });
    await user.selectOptions(screen.getByLabelText('Country'), '');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));

    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('House Name is required')).toBeTruthy();
    expect(screen.getByText('Town is required')).toBeTruthy();
    expect(screen.getByText('Street is required')).toBeTruthy();
    expect(screen.getByText('Enter a valid PIN code')).toBeTruthy();
    expect(screen.getByText('State is required')).toBeTruthy();
    expect(screen.getByText('Country is required')).toBeTruthy();
    expect(screen.getByText('Enter a valid phone number')).toBeTruthy();
    expect(screen.getByLabelText('Zipcode').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the length and pattern messages of §5', async () => {
    const user = userEvent.setup();
    renderScreen(<AddAddressPage />, { path: '/account/add-address' });
    await fillValid(user);
    await setField(user, 'Name', 'A'.repeat(81));
    await setField(user, 'House Name', 'H'.repeat(121));
    await setField(user, 'Town', 'T'.repeat(61));
    await setField(user, 'Street', 'S'.repeat(161));
    await setField(user, 'Landmark (optional)', 'L'.repeat(81));
    await setField(user, 'Zipcode', '012345');
    await setField(user, 'Phone', '98765');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));

    expect(await screen.findByText('Name must be at most 80 characters long')).toBeTruthy();
    expect(screen.getByText('House Name must be at most 120 characters long')).toBeTruthy();
    expect(screen.getByText('Town should be of at most 60 characters long')).toBeTruthy();
    expect(screen.getByText('Street should be of at most 160 characters long')).toBeTruthy();
    expect(screen.getByText('Landmark must be at most 80 characters long')).toBeTruthy();
    expect(screen.getByText('Enter a valid PIN code')).toBeTruthy();
    expect(screen.getByText('Enter a valid phone number')).toBeTruthy();
    expect(screen.queryByText('State is required')).toBeNull();
  });

  it("offers the placeholders and sends Odisha as 'Orissa'", async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    render(
      <AddressForm
        onSave={async (values) => {
          saved.push(values);
          return {};
        }}
      />,
    );
    const state = screen.getByLabelText('State') as HTMLSelectElement;
    const country = screen.getByLabelText('Country') as HTMLSelectElement;
    expect((screen.getByRole('option', { name: 'Select state' }) as HTMLOptionElement).value).toBe('');
    expect((screen.getByRole('option', { name: 'Select Country' }) as HTMLOptionElement).value).toBe('');
    expect((screen.getByRole('option', { name: 'Odisha' }) as HTMLOptionElement).value).toBe('Orissa');
    expect(state.options).toHaveLength(37);
    expect(country.value).toBe('IN');
    expect(country.options.length).toBeGreaterThan(240);

    await fillValid(user);
    expect(state.value).toBe('Orissa');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));

    expect(saved).toEqual([
      {
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
      },
    ]);
  });

  it("shows the server's per-field messages under the fields", async () => {
    const user = userEvent.setup();
    render(<AddressForm onSave={async () => ({ zipcode: 'We do not deliver to this zipcode yet' })} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByText('We do not deliver to this zipcode yet')).toBeTruthy();
  });

  describe("a business buyer's GSTIN (docs/product.md §5 Address)", () => {
    const label = 'GSTIN (optional, for business purchases)';
    // '21AAPFU0939F1Z' + its check character: a GSTIN registered in Odisha (21), where fillValid puts the address.
    const odisha = '21AAPFU0939F1Z7';

    function renderForm(saved: unknown[]) {
      render(
        <AddressForm
          onSave={async (values) => {
            saved.push(values);
            return {};
          }}
        />,
      );
    }

    it('is an optional, labelled field with its hint read out', () => {
      renderForm([]);
      const field = screen.getByLabelText(label);
      expect(field.getAttribute('aria-describedby')).toBe('address-gstin-hint');
      expect(document.getElementById('address-gstin-hint')?.textContent).toMatch(
        /^Add your GSTIN to get a B2B tax invoice/,
      );
    });

    it('says what is wrong with it, with the messages the API gives, and saves it once right', async () => {
      const user = userEvent.setup();
      const saved: unknown[] = [];
      renderForm(saved);
      await fillValid(user);
      const save = () => user.click(screen.getByRole('button', { name: 'SAVE' }));

      await setField(user, label, '21AAPFU0939F');
      await save();
      expect(await screen.findByText(MSG.gstinInvalid)).toBeTruthy();
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByLabelText(label).getAttribute('aria-describedby')).toBe(
        'address-gstin-error address-gstin-hint',
      );

      await setField(user, label, '21AAPFU0939F1ZQ');
      await save();
      expect(await screen.findByText(MSG.gstinCheckCharacter)).toBeTruthy();

      await setField(user, label, '27AAPFU0939F1ZV');
      await save();
      expect(
        await screen.findByText("This GSTIN is registered in Maharashtra (27), not in the address's state"),
      ).toBeTruthy();
      expect(saved).toEqual([]);

      await setField(user, label, ` ${odisha.toLowerCase()} `);
      await save();
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]).toMatchObject({ state: 'Orissa', gstin: odisha });
      expect(screen.queryByText(MSG.gstinInvalid)).toBeNull();
    });

    it("shows the server's message under it", async () => {
      const user = userEvent.setup();
      render(<AddressForm onSave={async () => ({ gstin: MSG.gstinCheckCharacter })} />);
      await fillValid(user);
      await user.click(screen.getByRole('button', { name: 'SAVE' }));
      expect(await screen.findByText(MSG.gstinCheckCharacter)).toBeTruthy();
    });
  });
});
