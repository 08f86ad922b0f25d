import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
