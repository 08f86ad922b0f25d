import { MSG } from '@bagshop/shared/messages';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setField } from '../../../test/fields.ts';
import { renderScreen } from '../../../test/render.tsx';
import { ProfileForm } from './profile-form.tsx';

afterEach(cleanup);

const asha = { name: 'Asha Menon', email: 'asha@example.in', phone: '9876543210' };

describe('edit profile form (docs/product.md §3 Updated user, §5)', () => {
  it('starts from the saved profile', () => {
    renderScreen(<ProfileForm defaultValues={asha} hasPassword onSave={async () => ({})} />);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Asha Menon');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('asha@example.in');
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('9876543210');
  });

  it('shows the §5 messages for bad input and does not save', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    renderScreen(
      <ProfileForm
        defaultValues={asha}
        hasPassword
        onSave={async (v) => {
          saved.push(v);
          return {};
        }}
      />,
    );
    await setField(user, 'Name', 'N'.repeat(26));
    await setField(user, 'Email', 'asha@');
    await setField(user, 'Phone', '98765');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(MSG.nameMax)).toBeTruthy();
    expect(screen.getByText(MSG.emailInvalid)).toBeTruthy();
    expect(screen.getByText(MSG.phoneInvalid)).toBeTruthy();
    expect(saved).toEqual([]);

    await setField(user, 'Name', '');
    await setField(user, 'Email', '');
    expect(await screen.findByText(MSG.nameRequired)).toBeTruthy();
    expect(screen.getByText(MSG.emailRequired)).toBeTruthy();
  });

  it('saves a valid profile and shows a taken email under the field', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    renderScreen(
      <ProfileForm
        defaultValues={asha}
        hasPassword
        onSave={async (v) => {
          saved.push(v);
          return { email: MSG.emailTaken };
        }}
      />,
    );
    await setField(user, 'Email', 'Asha.M@Example.in');
    await setField(user, 'Current password', 'Secret@123');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(MSG.emailTaken)).toBeTruthy();
    expect(saved).toEqual([{ ...asha, email: 'asha.m@example.in', currentPassword: 'Secret@123' }]);
  });

  it('asks for the current password only when the email changes, and shows the server message under it', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    renderScreen(
      <ProfileForm
        defaultValues={asha}
        hasPassword
        onSave={async (v) => {
          saved.push(v);
          return { currentPassword: MSG.currentPasswordWrong };
        }}
      />,
    );
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await setField(user, 'Email', 'asha.new@example.in');
    const password = screen.getByLabelText('Current password') as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('current-password');
    await setField(user, 'Current password', 'Wrong@123');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const message = await screen.findByText(MSG.currentPasswordWrong);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toContain(message.id);
    expect(saved).toEqual([{ ...asha, email: 'asha.new@example.in', currentPassword: 'Wrong@123' }]);

    // Back to the saved email: no password asked, none sent.
    await setField(user, 'Email', 'asha@example.in');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(saved.at(-1)).toEqual(asha);
  });

  it('an account made with Google is told a code goes to its current email, with no password field', async () => {
    const user = userEvent.setup();
    renderScreen(<ProfileForm defaultValues={asha} hasPassword={false} onSave={async () => ({})} />);
    await setField(user, 'Email', 'asha.new@example.in');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    expect(screen.getByText(/We will also send a code to your current email/)).toBeTruthy();
  });
});
