import { rupees } from '@bagshop/shared/schemas/fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RupeeInput } from './rupee-input.tsx';

const INVALID = 'Enter a valid amount';
const schema = z.object({ amount: rupees(INVALID, 10_000) });

/** A form as the shop's amount forms are built: react-hook-form with a shared schema. */
function AmountForm() {
  const [sent, setSent] = useState<string>('nothing');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '' },
  });
  return (
    <form noValidate onSubmit={handleSubmit((values) => setSent(String(values.amount)))}>
      <RupeeInput
        id="amount"
        label="Min amount"
        hint="From this cart total."
        {...register('amount')}
        error={errors.amount?.message}
      />
      <button type="submit">Save</button>
      <output data-testid="sent">{sent}</output>
    </form>
  );
}

describe('rupee input', () => {
  it('is named by its label, shows ₹, tells screen readers the currency and opens the decimal keypad', () => {
    render(<AmountForm />);
    const input = screen.getByRole('textbox', { name: 'Min amount' });
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(input.getAttribute('type')).toBe('text');
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const description = describedBy.map((id) => document.getElementById(id)?.textContent).join(' ');
    expect(description).toBe('₹Indian rupees From this cart total.');
    expect(screen.getByText('₹').getAttribute('aria-hidden')).toBe('true');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it("hands react-hook-form what was typed, with two decimals, to the shared schema's rules", async () => {
    const user = userEvent.setup();
    render(<AmountForm />);
    await user.type(screen.getByLabelText('Min amount'), '1499.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('1499.5')).toBeTruthy();
  });

  it("shows the schema's message under the field and links it for screen readers", async () => {
    const user = userEvent.setup();
    render(<AmountForm />);
    const input = screen.getByLabelText('Min amount');
    await user.type(input, '12.345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByText(INVALID);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect((input.getAttribute('aria-describedby') ?? '').split(' ')).toContain(message.id);
    expect(screen.getByTestId('sent').textContent).toBe('nothing');
  });
});
