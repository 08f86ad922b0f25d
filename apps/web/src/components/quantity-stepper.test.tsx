import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { canDecrease, canIncrease, maxUnits, typedQuantity } from './quantity-rules.ts';
import { QuantityStepper } from './quantity-stepper.tsx';

describe('cart quantity rules (docs/product.md §5)', () => {
  it.each([
    [0, 0],
    [1, 1],
    [3, 3],
    [5, 5],
    [40, 5],
    [-2, 0],
  ])('stock %i allows at most %i units', (stock, max) => {
    expect(maxUnits(stock)).toBe(max);
  });

  it('minus stops at 1, plus at min(5, stock)', () => {
    expect(canDecrease(1)).toBe(false);
    expect(canDecrease(2)).toBe(true);
    expect(canIncrease(4, 10)).toBe(true);
    expect(canIncrease(5, 10)).toBe(false);
    expect(canIncrease(2, 3)).toBe(true);
    expect(canIncrease(3, 3)).toBe(false);
  });

  it.each([
    ['3', 10, 3],
    ['5', 10, 5],
    [' 2 ', 2, 2],
    ['6', 10, null],
    ['4', 3, null],
    ['0', 10, null],
    ['', 10, null],
    ['-1', 10, null],
    ['2.5', 10, null],
    ['abc', 10, null],
    ['1', 0, null],
  ])('typed %j with stock %i gives %j', (text, stock, qty) => {
    expect(typedQuantity(text, stock)).toBe(qty);
  });
});

function Harness({ stock, start, onChange }: { stock: number; start: number; onChange: (n: number) => void }) {
  const [qty, setQty] = useState(start);
  return (
    <QuantityStepper
      id="q"
      value={qty}
      stock={stock}
      itemName="Canvas tote"
      onChange={(n) => {
        onChange(n);
        setQty(n);
      }}
    />
  );
}

describe('QuantityStepper', () => {
  it('disables minus at 1 and plus at min(5, stock)', async () => {
    const user = userEvent.setup();
    const changed = vi.fn();
    render(<Harness stock={3} start={1} onChange={changed} />);
    const minus = screen.getByRole('button', { name: 'Decrease quantity of Canvas tote' });
    const plus = screen.getByRole('button', { name: 'Increase quantity of Canvas tote' });
    expect(minus).toHaveProperty('disabled', true);
    await user.click(plus);
    await user.click(plus);
    expect(changed.mock.calls).toEqual([[2], [3]]);
    expect(plus).toHaveProperty('disabled', true);
    expect(minus).toHaveProperty('disabled', false);
    expect(screen.getByLabelText('Quantity of Canvas tote')).toHaveProperty('value', '3');
  });

  it('stops at 5 even with plenty of stock', async () => {
    const user = userEvent.setup();
    render(<Harness stock={50} start={4} onChange={() => {}} />);
    const plus = screen.getByRole('button', { name: 'Increase quantity of Canvas tote' });
    await user.click(plus);
    expect(plus).toHaveProperty('disabled', true);
  });

  it('takes a typed quantity only within 1..min(5, stock) and restores the value on leaving', async () => {
    const user = userEvent.setup();
    const changed = vi.fn();
    render(<Harness stock={4} start={2} onChange={changed} />);
    const input = screen.getByLabelText('Quantity of Canvas tote');

    await user.tripleClick(input);
    await user.keyboard('9');
    expect(changed).not.toHaveBeenCalled();
    await user.tab();
    expect(input).toHaveProperty('value', '2');

    await user.tripleClick(input);
    await user.keyboard('0');
    expect(changed).not.toHaveBeenCalled();

    await user.tripleClick(input);
    await user.keyboard('4');
    expect(changed).toHaveBeenCalledWith(4);
    await user.tab();
    expect(input).toHaveProperty('value', '4');
  });
});
