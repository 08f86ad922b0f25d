import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { emptyOtp, OtpInput, type OtpInputHandle } from './otp-input.tsx';

afterEach(cleanup);

function Harness() {
  const [digits, setDigits] = useState(emptyOtp);
  const handle = useRef<OtpInputHandle>(null);
  return (
    <>
      <OtpInput ref={handle} value={digits} onChange={setDigits} />
      <output data-testid="code">{digits.map((d) => d || '_').join('')}</output>
      <button type="button" onClick={() => handle.current?.focusFirst()}>
        focus first
      </button>
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement;
const code = () => screen.getByTestId('code').textContent;

describe('OtpInput', () => {
  it('has six labelled numeric boxes', () => {
    renderScreen(<Harness />);
    for (let n = 1; n <= 6; n += 1) {
      expect(box(n).getAttribute('inputmode')).toBe('numeric');
    }
    expect(screen.queryByLabelText('Digit 7 of 6')).toBeNull();
  });

  it('takes one digit per box and moves to the next box while typing', async () => {
    const user = userEvent.setup();
    renderScreen(<Harness />);
    await user.click(box(1));
    await user.keyboard('4');
    expect(document.activeElement).toBe(box(2));
    await user.keyboard('82');
    expect(code()).toBe('482___');
    expect(document.activeElement).toBe(box(4));
    expect(box(1).value).toBe('4');
  });

  it('ignores anything that is not a digit', async () => {
    const user = userEvent.setup();
    renderScreen(<Harness />);
    await user.click(box(1));
    await user.keyboard('a- .e');
    expect(code()).toBe('______');
    expect(document.activeElement).toBe(box(1));
    await user.keyboard('7x3');
    expect(code()).toBe('73____');
  });

  it('replaces the digit of a filled box instead of adding a second one', async () => {
    const user = userEvent.setup();
    renderScreen(<Harness />);
    await user.click(box(1));
    await user.keyboard('12');
    await user.click(box(1));
    await user.keyboard('9');
    expect(code()).toBe('92____');
    expect(box(1).value).toBe('9');
  });

  it('Backspace clears the box, then goes back and clears the previous one', async () => {
    const user = userEvent.setup();
    renderScreen(<Harness />);
    await user.click(box(1));
    await user.keyboard('123');
    expect(document.activeElement).toBe(box(4));
    await user.keyboard('{Backspace}');
    expect(code()).toBe('12____');
    expect(document.activeElement).toBe(box(3));
    await user.keyboard('{Backspace}');
    expect(code()).toBe('1_____');
    expect(document.activeElement).toBe(box(2));
    await user.click(box(1));
    await user.keyboard('{Backspace}');
    expect(code()).toBe('______');
    expect(document.activeElement).toBe(box(1));
  });

  it('a pasted 6-digit code fills every box, from whichever box has the focus', async () => {
    const user = userEvent.setup();
    renderScreen(<Harness />);
    await user.click(box(3));
    await user.paste('123456');
    expect(code()).toBe('123456');
    expect(document.activeElement).toBe(box(6));
  });

  it('a whole code autofilled into the first box replaces the digits already there', () => {
    renderScreen(<Harness />);
    fireEvent.change(box(1), { target: { value: '123450' } });
    expect(code()).toBe('123450');
    // The first box still holds '1': the new code starting with the same digit must not be shifted.
    fireEvent.change(box(1), { target: { value: '123456' } });
    expect(code()).toBe('123456');
  });

  it('a pasted code with spaces or dashes keeps only its digits', () => {
    renderScreen(<Harness />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => '987-654' } });
    expect(code()).toBe('987654');
  });

  it('a paste with no digits changes nothing', () => {
    renderScreen(<Harness />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => 'abc' } });
    expect(code()).toBe('______');
  });

  it('arrow keys move between boxes without changing them', async () => {
    const user = userEvent.setup();
    renderScreen(<Harness />);
    await user.click(box(1));
    await user.keyboard('12');
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(box(2));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(box(1));
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(box(4));
    expect(code()).toBe('12____');
  });

  it('focusFirst puts the cursor in the first box', async () => {
    const user = userEvent.setup();
    renderScreen(<Harness />);
    await user.click(screen.getByRole('button', { name: 'focus first' }));
    expect(document.activeElement).toBe(box(1));
  });
});
