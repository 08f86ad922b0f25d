import { useCallback, useEffect, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';

/** 90 → '1:30', 180 → '3:00', 5 → '0:05'. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Seconds left until `seconds` after the last (re)start; counts from the clock so a sleeping tab stays right. */
export function useCountdown(seconds: number) {
  const [deadline, setDeadline] = useState(() => Date.now() + seconds * 1000);
  const [remaining, setRemaining] = useState(seconds);

  useEffect(() => {
    const tick = () => setRemaining(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    tick();
    const timer = setInterval(() => {
      tick();
      if (Date.now() >= deadline) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);

  const restart = useCallback(() => {
    setRemaining(seconds);
    setDeadline(Date.now() + seconds * 1000);
  }, [seconds]);

  return { remaining, done: remaining === 0, restart };
}

interface CountdownProps {
  remaining: number;
  onResend(): void;
  resending?: boolean;
  label?: string;
}

/** 'Resend code in m:ss' while counting; the Resend button once it reaches 0. */
export function Countdown({ remaining, onResend, resending, label = 'Resend code in' }: CountdownProps) {
  if (remaining > 0) {
    return (
      <p className="text-muted small mb-0">
        {label}{' '}
        <span className="fw-semibold" role="timer">
          {formatCountdown(remaining)}
        </span>
      </p>
    );
  }
  return (
    <Button variant="link" className="p-0 text-brand" onClick={onResend} disabled={resending}>
      {resending ? <Spinner size="sm" animation="border" className="me-1" aria-hidden="true" /> : null}
      Resend
    </Button>
  );
}
