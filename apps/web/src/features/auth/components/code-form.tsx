import { otpCode } from '@bagshop/shared/schemas/auth';
import { type FormEvent, useRef, useState } from 'react';
import { Form } from 'react-bootstrap';
import { Countdown, useCountdown } from '../../../components/countdown.tsx';
import { emptyOtp, OtpInput, type OtpInputHandle } from '../../../components/otp-input.tsx';
import { SubmitButton } from './submit-button.tsx';

interface CodeFormProps {
  /** Seconds before Resend appears (docs/product.md §9: 90 for registration, 180 for reset and email checks). */
  seconds: number;
  submitting: boolean;
  onVerify(code: string): Promise<void> | void;
  /** Sends a new code; answers whether it went out, so the boxes and the countdown start over. */
  onResend(): Promise<boolean>;
  submitLabel?: string;
}

/** Six code boxes, the countdown to Resend and the submit button of every code screen. */
export function CodeForm({ seconds, submitting, onVerify, onResend, submitLabel = 'Verify' }: CodeFormProps) {
  const [digits, setDigits] = useState(emptyOtp);
  const [error, setError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const boxes = useRef<OtpInputHandle>(null);
  const countdown = useCountdown(seconds);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = otpCode.safeParse(digits.join(''));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      boxes.current?.focusFirst();
      return;
    }
    setError(null);
    await onVerify(parsed.data);
  };

  const resend = async () => {
    setResending(true);
    const sent = await onResend();
    setResending(false);
    if (!sent) return;
    setDigits(emptyOtp());
    setError(null);
    countdown.restart();
    boxes.current?.focusFirst();
  };

  return (
    <Form noValidate onSubmit={submit}>
      <OtpInput
        ref={boxes}
        value={digits}
        onChange={(next) => {
          setDigits(next);
          setError(null);
        }}
        invalid={Boolean(error)}
        describedBy={error ? 'otp-error' : undefined}
        disabled={submitting}
        autoFocus
      />
      <div className="mt-2" style={{ minHeight: '1.5rem' }}>
        {error ? (
          <div id="otp-error" className="text-danger small" role="alert">
            {error}
          </div>
        ) : null}
      </div>
      <div className="d-flex justify-content-between align-items-center mb-3">
        <span className="small text-muted">Didn't get the code?</span>
        <Countdown remaining={countdown.remaining} onResend={resend} resending={resending} />
      </div>
      <SubmitButton busy={submitting}>{submitLabel}</SubmitButton>
    </Form>
  );
}
