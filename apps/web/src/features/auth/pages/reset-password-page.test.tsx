import { MSG } from '@bagshop/shared/messages';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

afterEach(cleanup);

const url = '/reset-password?email=asha%40example.in';
const submit = () => screen.getByRole('button', { name: 'Reset Password' });

describe('ResetPasswordPage', () => {
  it('says both fields are required', async () => {
    const user = userEvent.setup();
    renderScreen(<ResetPasswordPage />, { path: '/reset-password', url });
    await user.click(submit());
    expect(await screen.findByText('New Password is required')).toBeTruthy();
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
  });

  it('refuses a weak password with the strong-password message', async () => {
    const user = userEvent.setup();
    renderScreen(<ResetPasswordPage />, { path: '/reset-password', url });
    await user.type(screen.getByLabelText('New Password'), 'password1');
    await user.type(screen.getByLabelText('Confirm Password'), 'password1');
    await user.click(submit());
    expect(
      await screen.findByText(
        'Password must be at least 8 characters, include an uppercase letter, a lowercase letter, a number, and a special character.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(MSG.strongPasswordHint)).toBeTruthy();
  });

  it('says when the passwords differ', async () => {
    const user = userEvent.setup();
    renderScreen(<ResetPasswordPage />, { path: '/reset-password', url });
    await user.type(screen.getByLabelText('New Password'), 'Bag@shop1');
    await user.type(screen.getByLabelText('Confirm Password'), 'Bag@shop2');
    await user.click(submit());
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(screen.queryByText(MSG.strongPassword)).toBeNull();
  });

  it('sends the shopper back to the reset request when the link has no email', () => {
    renderScreen(<ResetPasswordPage />, { path: '/reset-password' });
    expect(screen.queryByLabelText('New Password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Start again' }).getAttribute('href')).toBe('/forgot-password');
  });
});
