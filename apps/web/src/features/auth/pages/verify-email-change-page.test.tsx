import { MSG } from '@bagshop/shared/messages';
import type { AuthPayload, UserDto } from '@bagshop/shared/types';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callApi, registerShopper, rememberSession, uniqueWord, withRealServer } from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { signInAs } from '../test/signed-in.ts';
import { VerifyEmailChangePage } from './verify-email-change-page.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const page = (state?: { email: string }) =>
  renderScreen(
    <>
      <VerifyEmailChangePage />
      <ToastContainer />
    </>,
    {
      path: '/account/verify-email-change',
      state,
      extraRoutes: [{ path: '/account', element: <p>My account</p> }],
    },
  );

/** The newest code the development outbox holds for `email`. */
async function codeMailedTo(email: string): Promise<string> {
  const { messages } = await callApi<{ messages: { to: string; text: string }[] }>('GET', '/dev/mailbox/messages');
  const code = messages.find((m) => m.to === email)?.text.match(/is: (\d{6})/)?.[1];
  if (!code) throw new Error(`No code was mailed to ${email}`);
  return code;
}

/** The password registerShopper gives every shopper it registers. */
const SHOPPER_PASSWORD = 'Tester@2468';

describe('VerifyEmailChangePage', () => {
  it('names the new address and counts 3:00 down to Resend', () => {
    vi.useFakeTimers();
    signInAs({ emailVerified: true });
    page({ email: 'asha.new@example.in' });
    expect(screen.getByRole('heading', { name: 'Confirm your new email' })).toBeTruthy();
    expect(screen.getByText('asha.new@example.in')).toBeTruthy();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(screen.getByRole('timer').textContent).toBe('3:00');
    act(() => vi.advanceTimersByTime(180_000));
    expect(screen.getByRole('button', { name: 'Resend' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Use another email' }).getAttribute('href')).toBe('/account/edit');
  });

  it('an account without a password enters the code sent to its current email first', async () => {
    signInAs({ emailVerified: true, hasPassword: false, email: 'asha@example.in' });
    const user = userEvent.setup();
    page({ email: 'asha.new@example.in' });
    expect(screen.getByText('asha@example.in')).toBeTruthy();
    expect(screen.queryByText('asha.new@example.in')).toBeNull();
    await user.keyboard('123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('asha.new@example.in')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeTruthy();
  });

  it('still asks for the code after a reload, when the screen was not told the address', () => {
    signInAs({ emailVerified: true });
    page();
    expect(screen.getByText('Enter the 6-digit code we sent to your new email')).toBeTruthy();
  });

  describe('with the shop', () => {
    const server = withRealServer();
    let shopper: AuthPayload;
    beforeAll(async () => {
      shopper = await registerShopper();
    });

    it('a wrong code changes nothing; the right one makes the new address the email and returns to /account', async () => {
      const newEmail = `${uniqueWord().toLowerCase()}@example.in`;
      const asked = await callApi<{ pendingEmail: string }>('PUT', '/api/user/account/edit', {
        token: shopper.token,
        body: {
          name: shopper.user.name,
          email: newEmail,
          phone: shopper.user.phone,
          currentPassword: SHOPPER_PASSWORD,
        },
      });
      expect(asked.pendingEmail).toBe(newEmail);
      const code = await codeMailedTo(newEmail);
      rememberSession(shopper);
      const user = userEvent.setup();
      const view = page({ email: newEmail });

      const wrong = code.replace(/^./, (d) => String((Number(d) + 1) % 10));
      await user.keyboard(wrong);
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText(MSG.otpInvalid)).toBeTruthy();
      const before = await callApi<{ user: UserDto }>('GET', '/api/user/account', { token: shopper.token });
      expect(before.user.email).toBe(shopper.user.email);

      // The boxes take input again once the refused answer has come back.
      await waitFor(() => expect((screen.getByLabelText('Digit 1 of 6') as HTMLInputElement).disabled).toBe(false));
      for (let i = 6; i >= 1; i--) await user.clear(screen.getByLabelText(`Digit ${i} of 6`));
      await user.click(screen.getByLabelText('Digit 1 of 6'));
      await user.keyboard(code);
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText('My account')).toBeTruthy();
      expect(server.last('/api/user/account/verify-email-change', 'POST').body).toEqual({ otp: code });
      expect(view.store.getState().session.userInfo?.user?.email).toBe(newEmail);
      // Every other session ended with the change, the token this screen was opened with included; the screen
      // keeps the new session the answer carried.
      const { userToken, refreshToken } = view.store.getState().session;
      const answer = server.last('/api/user/account/verify-email-change', 'POST').answer as {
        token: string;
        refreshToken: string;
      };
      expect(userToken).toBe(answer.token);
      expect(refreshToken).toBe(answer.refreshToken);
      expect(localStorage.getItem('userToken')).toBe(answer.token);
      expect(localStorage.getItem('refreshToken')).toBe(answer.refreshToken);
      await callApi('GET', '/api/user/account', { token: shopper.token, expect: 401 });
      const after = await callApi<{ user: UserDto }>('GET', '/api/user/account', { token: userToken ?? '' });
      expect(after.user).toMatchObject({ email: newEmail, emailVerified: true });
    });

    it('says so when no change is waiting', async () => {
      rememberSession(await registerShopper());
      const user = userEvent.setup();
      page();
      await user.keyboard('123456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText(MSG.noEmailChange)).toBeTruthy();
      await waitFor(() => expect(screen.queryByText('My account')).toBeNull());
    });
  });
});
