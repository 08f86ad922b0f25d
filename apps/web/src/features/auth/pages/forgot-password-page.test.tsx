import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';

afterEach(cleanup);

describe('ForgotPasswordPage', () => {
  it('has one email field, a Reset Password button and Login and Register links', () => {
    renderScreen(<ForgotPasswordPage />, { path: '/forgot-password' });
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
  });

  it('requires a valid email', async () => {
    const user = userEvent.setup();
    renderScreen(<ForgotPasswordPage />, { path: '/forgot-password' });
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'asha.example.in');
    expect(await screen.findByText('Invalid email')).toBeTruthy();
  });
});
