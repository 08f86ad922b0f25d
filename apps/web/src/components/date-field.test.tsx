import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateField, earliestExpiry, showDate, startOfToday } from './date-field.tsx';

function Harness({ initial = null, minDate }: { initial?: Date | null; minDate?: Date }) {
  const [value, setValue] = useState<Date | null>(initial);
  return (
    <>
      <DateField id="when" label="When" value={value} onChange={setValue} minDate={minDate} />
      <output data-testid="value">{value ? value.toISOString() : 'none'}</output>
    </>
  );
}

describe('date field (docs/product.md §2 date pickers, §9 day-Mon-year)', () => {
  it('shows the date as day-Mon-year', () => {
    render(<Harness initial={new Date(2026, 10, 21)} />);
    expect((screen.getByLabelText('When') as HTMLInputElement).value).toBe('21-Nov-2026');
  });

  it('reads a typed day-Mon-year date', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByLabelText('When'));
    await user.paste('05-Mar-2031');
    expect(screen.getByTestId('value').textContent).toBe(new Date(2031, 2, 5).toISOString());
  });

  it('cannot pick a day before today', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 21, 10, 0));
    try {
      const user = userEvent.setup();
      render(<Harness />);
      await user.click(screen.getByLabelText('When'));
      expect(screen.getByRole('gridcell', { name: /November 20th, 2026/ }).getAttribute('aria-disabled')).toBe('true');
      expect(screen.getByRole('gridcell', { name: /November 21st, 2026/ }).getAttribute('aria-disabled')).toBe('false');
      await user.click(screen.getByRole('gridcell', { name: /November 20th, 2026/ }));
      expect(screen.getByTestId('value').textContent).toBe('none');
      await user.click(screen.getByRole('gridcell', { name: /November 21st, 2026/ }));
      expect(screen.getByTestId('value').textContent).toBe(new Date(2026, 10, 21).toISOString());
    } finally {
      vi.useRealTimers();
    }
  });

  it('typing a date before the earliest one is ignored', async () => {
    const user = userEvent.setup();
    render(<Harness minDate={new Date(2031, 0, 10)} />);
    await user.click(screen.getByLabelText('When'));
    await user.paste('09-Jan-2031');
    expect(screen.getByTestId('value').textContent).toBe('none');
  });
});

describe('earliestExpiry (docs/product.md §2: the day after the activation)', () => {
  const today = new Date(2026, 10, 21);

  it('is today without an activation', () => {
    expect(earliestExpiry(null, today)).toEqual(today);
  });

  it('is the activation plus 86400000 ms', () => {
    const activation = new Date(2026, 11, 1);
    expect(earliestExpiry(activation, today).getTime()).toBe(activation.getTime() + 86_400_000);
  });

  it('never falls before today for an old activation', () => {
    expect(earliestExpiry(new Date(2026, 0, 1), today)).toEqual(today);
  });

  it('startOfToday is local midnight', () => {
    expect(startOfToday(new Date(2026, 10, 21, 15, 30))).toEqual(new Date(2026, 10, 21));
  });
});

describe('showDate (offer and coupon lists)', () => {
  it("shows the day on the shop's clock in India, whatever the browser's zone", () => {
    // 20:00 UTC on the 24th is 01:30 on the 25th in India.
    expect(showDate('2026-11-24T20:00:00.000Z')).toBe('25-Nov-2026');
    expect(showDate('2026-11-24T18:29:00.000Z')).toBe('24-Nov-2026');
    expect(showDate('2026-09-05T00:00:00.000Z')).toBe('05-Sep-2026');
    expect(showDate('not a date')).toBe('—');
  });
});
