import { MSG } from '@bagshop/shared/messages';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { ChangePasswordPage } from './change-password-page.tsx';

afterEach(cleanup);

const submit = () => screen.getByRole('button', { name: 'Change Password' });

describe('ChangePasswordPage', () => {
  it('says every field is required', async () => {
    const user = userEvent.setup();
    renderScreen(<ChangePasswordPage />, { path: '/change-password' });
    await user.click(submit());
    expect(await screen.findByText('Current Password is required')).toBeTruthy();
    expect(screen.getByText('New Password is required')).toBeTruthy();
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
  });

  it('refuses a weak new password and different confirmation', async () => {
    const user = userEvent.setup();
    renderScreen(<ChangePasswordPage />, { path: '/change-password' });
    await user.type(screen.getByLabelText('Current Password'), 'old-secret');
    await user.type(screen.getByLabelText('New Password'), 'weakpass');
    await user.type(screen.getByLabelText('Confirm Password'), 'weakpas');
    await user.click(submit());
    expect(await screen.findByText(MSG.strongPassword)).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(screen.queryByText('Current Password is required')).toBeNull();
  });
});
