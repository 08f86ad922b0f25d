import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { VerifyOtpPasswordPage } from './verify-otp-password-page.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const url = '/verify-otp-password?email=asha%40example.in';

describe('VerifyOtpPasswordPage', () => {
  it('counts 180 seconds down as 3:00 before Resend appears', () => {
    vi.useFakeTimers();
    renderScreen(<VerifyOtpPasswordPage />, { path: '/verify-otp-password', url });
    expect(screen.getByRole('timer').textContent).toBe('3:00');
    act(() => vi.advanceTimersByTime(90_000));
    expect(screen.getByRole('timer').textContent).toBe('1:30');
    act(() => vi.advanceTimersByTime(89_000));
    expect(screen.getByRole('timer').textContent).toBe('0:01');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Resend' })).toBeTruthy();
  });

  it("refuses an incomplete code with 'Please enter a 6-digit OTP.'", async () => {
    const user = userEvent.setup();
    renderScreen(<VerifyOtpPasswordPage />, { path: '/verify-otp-password', url });
    await user.keyboard('12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a 6-digit OTP.');
  });

  it('sends the shopper back to the reset request when the link has no email', () => {
    renderScreen(<VerifyOtpPasswordPage />, { path: '/verify-otp-password' });
    expect(screen.getByRole('link', { name: 'Ask for a new code' }).getAttribute('href')).toBe('/forgot-password');
  });
});
