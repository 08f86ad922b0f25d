import { OTP_LENGTH } from '@bagshop/shared/limits';
import { type ClipboardEvent, type KeyboardEvent, type Ref, useImperativeHandle, useRef } from 'react';

export interface OtpInputHandle {
  focusFirst(): void;
}

/** Six empty boxes: the value the code screens start from and reset to. */
export const emptyOtp = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

interface OtpInputProps {
  value: string[];
  onChange(value: string[]): void;
  disabled?: boolean;
  invalid?: boolean;
  autoFocus?: boolean;
  /** Id of the element that describes the boxes (e.g. an error text). */
  describedBy?: string;
  ref?: Ref<OtpInputHandle>;
}

/** docs/product.md §5 "OTP": six single-digit boxes, digits only, one per box. */
export function OtpInput({ value, onChange, disabled, invalid, autoFocus, describedBy, ref }: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  useImperativeHandle(ref, () => ({ focusFirst: () => boxes.current[0]?.focus() }), []);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  const setDigits = (start: number, digits: string[]) => {
    const next = [...value];
    digits.forEach((digit, offset) => {
      if (start + offset < OTP_LENGTH) next[start + offset] = digit;
    });
    onChange(next);
    focusBox(start + digits.length);
  };

  const handleInput = (index: number, raw: string) => {
    const old = value[index];
    if (raw === '') {
      // Some mobile keyboards delete without a Backspace key event.
      const next = [...value];
      next[index] = '';
      onChange(next);
      return;
    }
    // A whole code (autofill, or a code typed over the first box) replaces every box, whatever they held.
    const whole = raw.replace(/\D/g, '');
    if (whole.length >= OTP_LENGTH) {
      setDigits(0, whole.slice(0, OTP_LENGTH).split(''));
      return;
    }
    // Typing into a filled box keeps only the new digit; several digits (autofill) spread forward.
    const fresh =
      old && raw.startsWith(old) ? raw.slice(old.length) : old && raw.endsWith(old) ? raw.slice(0, -1) : raw;
    const digits = fresh.replace(/\D/g, '').split('');
    if (digits.length > 0) setDigits(index, digits);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      const next = [...value];
      if (next[index]) {
        next[index] = '';
        onChange(next);
      } else if (index > 0) {
        next[index - 1] = '';
        onChange(next);
        focusBox(index - 1);
      }
    } else if (event.key === 'Delete') {
      event.preventDefault();
      const next = [...value];
      next[index] = '';
      onChange(next);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusBox(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusBox(OTP_LENGTH - 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = event.clipboardData.getData('text').replace(/\D/g, '').slice(0, OTP_LENGTH).split('');
    if (digits.length === 0) return;
    // A whole code fills every box whichever box has the focus.
    setDigits(digits.length === OTP_LENGTH ? 0 : index, digits);
  };

  return (
    <fieldset className="d-flex justify-content-between gap-1 gap-sm-2 border-0 p-0 m-0">
      <legend className="visually-hidden">Verification code</legend>
      {value.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the six boxes are fixed positions
          key={index}
          ref={(el) => {
            boxes.current[index] = el;
          }}
          className={`form-control otp-box${invalid ? ' is-invalid' : ''}`}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={index === 0 ? OTP_LENGTH : 2}
          aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          value={digit}
          disabled={disabled}
          // biome-ignore lint/a11y/noAutofocus: the code screen exists to type the code
          autoFocus={autoFocus && index === 0}
          onChange={(event) => handleInput(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </fieldset>
  );
}
