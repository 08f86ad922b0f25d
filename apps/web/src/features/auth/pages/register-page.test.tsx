import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { uniqueWord, withRealServer } from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { signInAs } from '../test/signed-in.ts';
import { RegisterPage } from './register-page.tsx';
import { VerifyOtpPage } from './verify-otp-page.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const submit = () => screen.getByRole('button', { name: 'Register' });

describe('RegisterPage', () => {
  it('has a labelled input for every field', () => {
    renderScreen(<RegisterPage />, { path: '/register' });
    for (const label of ['Name', 'Email', 'Phone', 'Password', 'Confirm Password', 'Referral code (optional)']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByRole('checkbox', { name: /I accept the Terms of Use/ })).toBeTruthy();
  });

  it('says which fields are required and that the terms must be accepted', async () => {
    const user = userEvent.setup();
    renderScreen(<RegisterPage />, { path: '/register' });
    await user.click(submit());
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Phone number must be 10 digits')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByText('You must accept the terms')).toBeTruthy();
  });

  it('shows the spec messages for a long name, a short phone and different passwords', async () => {
    const user = userEvent.setup();
    renderScreen(<RegisterPage />, { path: '/register' });
    await user.type(screen.getByLabelText('Name'), 'A'.repeat(26));
    await user.type(screen.getByLabelText('Email'), 'asha@example.in');
    await user.type(screen.getByLabelText('Phone'), '98765');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret2');
    await user.click(submit());
    expect(await screen.findByText('Name must be at most 25 characters long')).toBeTruthy();
    expect(screen.getByText('Phone number must be 10 digits')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(screen.getByText('You must accept the terms')).toBeTruthy();
    expect(screen.queryByText('Invalid email')).toBeNull();
  });

  it('flags an empty Confirm Password as required, not as a mismatch', async () => {
    const user = userEvent.setup();
    renderScreen(<RegisterPage />, { path: '/register' });
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(submit());
    const confirm = screen.getByLabelText('Confirm Password');
    expect(await screen.findByText('Please confirm your password')).toBeTruthy();
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Passwords do not match')).toBeNull();

    // Both empty is flagged too: two empty fields are not "the same password".
    cleanup();
    renderScreen(<RegisterPage />, { path: '/register' });
    await user.click(submit());
    expect(await screen.findByText('Please confirm your password')).toBeTruthy();
  });

  it('takes the terms message away once the box is ticked', async () => {
    const user = userEvent.setup();
    renderScreen(<RegisterPage />, { path: '/register' });
    await user.click(submit());
    expect(await screen.findByText('You must accept the terms')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /I accept/ }));
    expect(screen.queryByText('You must accept the terms')).toBeNull();
  });

  it('links the terms and the privacy policy in a new tab, so the form keeps what was typed', async () => {
    const user = userEvent.setup();
    renderScreen(<RegisterPage />, { path: '/register' });
    await user.type(screen.getByLabelText('Name'), 'Asha');
    for (const [name, href] of [
      [/Terms of Use/, '/policies/terms'],
      [/Privacy Policy/, '/policies/privacy'],
    ] as const) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.textContent).toContain('(opens in a new tab)');
    }
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Asha');
  });

  it('fills the referral code from ?ref=', () => {
    renderScreen(<RegisterPage />, { path: '/register', url: '/register?ref=ASHA2024' });
    expect((screen.getByLabelText('Referral code (optional)') as HTMLInputElement).value).toBe('ASHA2024');
  });

  it('sends a signed-in shopper to the redirect target', async () => {
    signInAs();
    renderScreen(<RegisterPage />, {
      path: '/register',
      url: '/register?redirect=/wishlist',
      extraRoutes: [{ path: '/wishlist', element: <p>wishlist screen</p> }],
    });
    expect(await screen.findByText('wishlist screen')).toBeTruthy();
  });

  it('never redirects a signed-in shopper to another site', async () => {
    signInAs();
    renderScreen(<RegisterPage />, {
      path: '/register',
      url: '/register?redirect=//evil.example',
      extraRoutes: [{ path: '/', element: <p>home screen</p> }],
    });
    expect(await screen.findByText('home screen')).toBeTruthy();
  });
});

describe('RegisterPage with the shop (development: no mail server)', () => {
  const server = withRealServer();

  it('says the code is in the development mailbox, with a link, and nothing says "registered" yet', async () => {
    const user = userEvent.setup();
    const email = `${uniqueWord().toLowerCase()}@example.in`;
    renderScreen(
      <>
        <RegisterPage />
        <ToastContainer />
      </>,
      {
        path: '/register',
        extraRoutes: [
          {
            path: '/verify-otp',
            element: (
              <>
                <VerifyOtpPage />
                <ToastContainer />
              </>
            ),
          },
        ],
      },
    );
    await user.type(screen.getByLabelText('Name'), 'Asha Rao');
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret1');
    await user.click(screen.getByRole('checkbox', { name: /I accept/ }));
    await user.click(submit());

    // The verify screen keeps saying where the code is, and the toast says it once.
    const note = await screen.findByTestId('code-whereabouts');
    expect(note.textContent).toContain('No mail was sent (development mode): your code is in the development mailbox.');
    expect(screen.getAllByText(/your code is in the development mailbox/)).toHaveLength(2);
    for (const link of screen.getAllByRole('link', { name: /Open the development mailbox/ })) {
      expect(link.getAttribute('href')).toBe('/dev/mailbox');
      expect(link.getAttribute('target')).toBe('_blank');
    }
    expect(screen.getByText(email)).toBeTruthy();
    expect(screen.queryByText('User successfully registered')).toBeNull();
    expect(screen.queryByText('OTP sent to your email!')).toBeNull();
    expect(server.last('/api/user/register', 'POST').answer).toMatchObject({
      delivery: 'devMailbox',
      mailbox: '/dev/mailbox',
    });
  });
});
