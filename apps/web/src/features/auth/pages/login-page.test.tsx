import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { withRealServer } from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { signInAs } from '../test/signed-in.ts';
import { LoginPage } from './login-page.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// The page asks the shop whether Google sign-in is set up: the real shop of the test run answers.
const server = withRealServer();

const landing = [
  { path: '/', element: <p>home screen</p> },
  { path: '/admin/dashboard', element: <p>dashboard screen</p> },
];

describe('LoginPage', () => {
  it('says which fields are required', async () => {
    const user = userEvent.setup();
    renderScreen(<LoginPage />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toBe('login-email-error');
  });

  it('checks the email format and the 6-character minimum', async () => {
    const user = userEvent.setup();
    renderScreen(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'asha@example');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.queryByText('Email is required')).toBeNull();
  });

  it('clears a message once the field is put right', async () => {
    const user = userEvent.setup();
    renderScreen(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Password'), '123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeTruthy();
    await user.type(screen.getByLabelText('Password'), '456');
    expect(screen.queryByText('Password must be at least 6 characters')).toBeNull();
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderScreen(<LoginPage />, { path: '/login' });
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('links to password reset, registration, terms and privacy', () => {
    renderScreen(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/policies/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/policies/privacy');
    expect(document.title).toBe('Sign in · Bag Shop');
  });

  it('offers no Google sign-in on a shop where Google is not set up', async () => {
    renderScreen(<LoginPage />, { path: '/login' });
    // The shop the tests run against has no GOOGLE_CLIENT_ID: its answer says so, and no button shows.
    await waitFor(() => {
      const asked = server.calls.find((call) => call.path === '/api/user/auth/google/config');
      expect(asked?.answer).toMatchObject({ enabled: false });
    });
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });

  it('sends a signed-in shopper home', async () => {
    signInAs();
    renderScreen(<LoginPage />, { path: '/login', extraRoutes: landing });
    expect(await screen.findByText('home screen')).toBeTruthy();
  });

  it('sends a signed-in administrator to the dashboard', async () => {
    signInAs({ isAdmin: true });
    renderScreen(<LoginPage />, { path: '/login', extraRoutes: landing });
    expect(await screen.findByText('dashboard screen')).toBeTruthy();
  });

  it('ends a session the server has ended when sent here with state.signedOut, and stays', async () => {
    signInAs();
    const view = renderScreen(<Navigate to="/login" replace state={{ signedOut: true }} />, {
      path: '/change-password',
      extraRoutes: [{ path: '/login', element: <LoginPage /> }, ...landing],
    });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(view.store.getState().session.userToken).toBeNull();
    expect(localStorage.getItem('userToken')).toBeNull();
    expect(view.router.state.location.pathname).toBe('/login');
    expect(view.router.state.location.state).toBeNull();
  });
});
