import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { signInAs } from '../test/signed-in.ts';
import { VerifyEmailPage } from './verify-email-page.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
});

describe('VerifyEmailPage', () => {
  it('sends nothing until asked, and names the address', () => {
    signInAs();
    const view = renderScreen(<VerifyEmailPage />, { path: '/verify-email' });
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
    expect(screen.getByText('asha@example.in')).toBeTruthy();
    expect(screen.queryByLabelText('Digit 1 of 6')).toBeNull();
    expect(Object.keys(view.store.getState().api.mutations)).toHaveLength(0);
  });

  it('takes a code already received, with a 3:00 countdown to Resend', () => {
    vi.useFakeTimers();
    signInAs();
    renderScreen(<VerifyEmailPage />, { path: '/verify-email' });
    act(() => screen.getByRole('button', { name: 'I already have a code' }).click());
    expect(screen.getByLabelText('Digit 6 of 6')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('3:00');
    act(() => vi.advanceTimersByTime(180_000));
    expect(screen.getByRole('button', { name: 'Resend' })).toBeTruthy();
  });

  it('says so when the email is verified already', () => {
    signInAs({ emailVerified: true });
    renderScreen(<VerifyEmailPage />, { path: '/verify-email' });
    expect(screen.getByText('Your email is already verified')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull();
  });
});
