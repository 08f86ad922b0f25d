import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { Countdown, formatCountdown, useCountdown } from './countdown.tsx';

afterEach(cleanup);

describe('formatCountdown', () => {
  it.each([
    [90, '1:30'],
    [180, '3:00'],
    [65, '1:05'],
    [59, '0:59'],
    [5, '0:05'],
    [0, '0:00'],
    [-3, '0:00'],
  ])('%i seconds → %s', (seconds, shown) => {
    expect(formatCountdown(seconds)).toBe(shown);
  });
});

function Harness({ seconds, onResend }: { seconds: number; onResend?: () => void }) {
  const countdown = useCountdown(seconds);
  return (
    <>
      <Countdown remaining={countdown.remaining} onResend={onResend ?? (() => undefined)} />
      <button type="button" onClick={countdown.restart}>
        restart
      </button>
    </>
  );
}

describe('Countdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts 90 seconds down as m:ss and then shows Resend', () => {
    renderScreen(<Harness seconds={90} />);
    expect(screen.getByRole('timer').textContent).toBe('1:30');
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer').textContent).toBe('1:29');
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('timer').textContent).toBe('0:59');
    act(() => vi.advanceTimersByTime(58_000));
    expect(screen.getByRole('timer').textContent).toBe('0:01');
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeTruthy();
  });

  it('shows 180 seconds as 3:00', () => {
    renderScreen(<Harness seconds={180} />);
    expect(screen.getByRole('timer').textContent).toBe('3:00');
  });

  it('calls onResend from the Resend button and starts over on restart', () => {
    const onResend = vi.fn();
    renderScreen(<Harness seconds={90} onResend={onResend} />);
    act(() => vi.advanceTimersByTime(90_000));
    act(() => screen.getByRole('button', { name: 'Resend' }).click());
    expect(onResend).toHaveBeenCalledTimes(1);
    act(() => screen.getByRole('button', { name: 'restart' }).click());
    expect(screen.getByRole('timer').textContent).toBe('1:30');
  });
});
