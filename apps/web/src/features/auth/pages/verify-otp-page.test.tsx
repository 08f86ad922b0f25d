import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callApi, pastRegistrationResendWait, uniqueWord, withRealServer } from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { VerifyOtpPage } from './verify-otp-page.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const url = '/verify-otp?email=asha%40example.in';
const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement;

describe('VerifyOtpPage', () => {
  it('names the address the code went to and shows six boxes, the first one focused', () => {
    renderScreen(<VerifyOtpPage />, { path: '/verify-otp', url });
    expect(screen.getByText('asha@example.in')).toBeTruthy();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(document.activeElement).toBe(box(1));
  });

  it("refuses fewer than 6 digits with 'Please enter a 6-digit OTP.'", async () => {
    const user = userEvent.setup();
    renderScreen(<VerifyOtpPage />, { path: '/verify-otp', url });
    await user.keyboard('123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a 6-digit OTP.');
    expect(box(1).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(box(1));
    await user.keyboard('4');
    expect(screen.queryByText('Please enter a 6-digit OTP.')).toBeNull();
  });

  it('counts 90 seconds down before Resend appears', () => {
    vi.useFakeTimers();
    renderScreen(<VerifyOtpPage />, { path: '/verify-otp', url });
    expect(screen.getByRole('timer').textContent).toBe('1:30');
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('timer').textContent).toBe('0:30');
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('button', { name: 'Resend' })).toBeTruthy();
  });

  it('sends no request while the boxes are incomplete, however often Verify is pressed', () => {
    const view = renderScreen(<VerifyOtpPage />, { path: '/verify-otp', url });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(Object.keys(view.store.getState().api.mutations)).toHaveLength(0);
  });

  it('asks to register again when the link has no email', () => {
    renderScreen(<VerifyOtpPage />, { path: '/verify-otp' });
    expect(screen.queryByLabelText('Digit 1 of 6')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Register again' })[0]?.getAttribute('href')).toBe('/register');
  });
});

describe('VerifyOtpPage with the shop (development: no mail server)', () => {
  const server = withRealServer();
  const devMailbox = { delivery: 'devMailbox', mailbox: '/dev/mailbox' };

  /** A sign-up waiting for its code, started through the real API. */
  async function pendingSignUp(): Promise<string> {
    const email = `${uniqueWord().toLowerCase()}@example.in`;
    await callApi('POST', '/api/user/register', {
      body: { name: 'Asha Rao', email, phone: '9876543210', password: 'secret1', confirmPassword: 'secret1' },
      expect: 201,
    });
    return email;
  }

  /** The newest code the development mailbox holds for `email`. */
  async function codeIn(email: string): Promise<string> {
    const { messages } = await callApi<{ messages: { to: string; text: string }[] }>('GET', '/dev/mailbox/messages');
    const code = messages.find((m) => m.to === email)?.text.match(/is: (\d{6})/)?.[1];
    if (!code) throw new Error(`No code for ${email} in the development mailbox`);
    return code;
  }

  const open = (email: string, state?: unknown) =>
    renderScreen(
      <>
        <VerifyOtpPage />
        <ToastContainer />
      </>,
      {
        path: '/verify-otp',
        url: `/verify-otp?email=${encodeURIComponent(email)}`,
        state,
        extraRoutes: [{ path: '/', element: <p>Home</p> }],
      },
    );

  it("says 'User successfully registered' only once the right code is verified", async () => {
    const user = userEvent.setup();
    const email = await pendingSignUp();
    open(email, devMailbox);
    expect(screen.getByTestId('code-whereabouts').textContent).toContain('your code is in the development mailbox');
    expect(screen.getByRole('link', { name: /Open the development mailbox/ }).getAttribute('href')).toBe(
      '/dev/mailbox',
    );
    expect(screen.queryByText(/we sent to/)).toBeNull();
    expect(screen.queryByText('User successfully registered')).toBeNull();

    await user.keyboard(await codeIn(email));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('User successfully registered')).toBeTruthy();
    expect(screen.queryByText('OTP Verified Successfully!')).toBeNull();
    expect(await screen.findByText('Home')).toBeTruthy();
    expect(server.last('/api/user/verify-otp', 'POST').status).toBe(200);
  });

  it('Resend says where the new code is, not that it was mailed', async () => {
    const user = userEvent.setup();
    const email = await pendingSignUp();
    // Opened without knowing how the first code travelled (e.g. from a bookmark): the subtitle is the usual one.
    open(email);
    expect(screen.queryByTestId('code-whereabouts')).toBeNull();

    await pastRegistrationResendWait(email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 91_000);
    await user.click(await screen.findByRole('button', { name: 'Resend' }));

    expect(await screen.findByTestId('code-whereabouts')).toBeTruthy();
    expect(screen.getAllByText(/your code is in the development mailbox/)).toHaveLength(2);
    expect(screen.queryByText('OTP sent to your email!')).toBeNull();
    expect(screen.queryByText(/we sent to/)).toBeNull();
    expect(server.last('/api/user/resend-otp', 'POST').answer).toMatchObject(devMailbox);
  });
});
