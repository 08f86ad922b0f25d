import type { CheckoutPaymentDto } from '@bagshop/shared/order-types';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { type CheckoutOutcome, providerOf, useProviderCheckout } from './provider-checkout.tsx';
import { RAZORPAY_SCRIPT_URL, type RazorpayOptions } from './razorpay-script.ts';

const payment = (provider: CheckoutPaymentDto['provider']): CheckoutPaymentDto => ({
  provider,
  key: provider === 'sandbox' ? 'rzp_sandbox' : 'rzp_test_key',
  id: 'order_abc123',
  amount: 157_500,
  currency: 'INR',
});

/** Opens the checkout from a button and shows how it ended. */
function Harness({ of }: { of: CheckoutPaymentDto }) {
  const { openCheckout, checkoutDialog } = useProviderCheckout();
  return (
    <>
      <button
        type="button"
        onClick={async () => {
          const outcome: CheckoutOutcome = await openCheckout(of);
          document.body.dataset.outcome = outcome.kind;
        }}
      >
        Open
      </button>
      {checkoutDialog}
    </>
  );
}

afterEach(() => {
  delete window.Razorpay;
  delete document.body.dataset.outcome;
});

describe('provider of a payment', () => {
  it('uses the given provider, else tells the sandbox by its key', () => {
    expect(providerOf({ provider: 'razorpay', key: 'rzp_sandbox' })).toBe('razorpay');
    expect(providerOf({ key: 'rzp_sandbox' })).toBe('sandbox');
    expect(providerOf({ key: 'rzp_live_123' })).toBe('razorpay');
  });
});

describe('sandbox checkout', () => {
  it('shows a Sandbox payment dialog with Pay and Fail, and closing it abandons the payment', async () => {
    const user = userEvent.setup();
    renderScreen(<Harness of={payment('sandbox')} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sandbox payment' });
    expect(dialog.textContent).toContain('₹1,575.00');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fail' })).toBeTruthy();
    expect(document.querySelector(`script[src="${RAZORPAY_SCRIPT_URL}"]`)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.body.dataset.outcome).toBe('dismissed'));
  });
});

describe('Razorpay checkout', () => {
  function fakeRazorpay() {
    const opened: RazorpayOptions[] = [];
    window.Razorpay = class {
      constructor(private options: RazorpayOptions) {}
      open() {
        opened.push(this.options);
      }
    };
    return opened;
  }

  it('opens Razorpay with the order and settles paid with its signed result', async () => {
    const user = userEvent.setup();
    const opened = fakeRazorpay();
    renderScreen(<Harness of={payment('razorpay')} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toMatchObject({
      key: 'rzp_test_key',
      amount: 157_500,
      currency: 'INR',
      order_id: 'order_abc123',
    });
    act(() =>
      opened[0].handler({
        razorpay_order_id: 'order_abc123',
        razorpay_payment_id: 'pay_1',
        razorpay_signature: 'sig',
      }),
    );
    await waitFor(() => expect(document.body.dataset.outcome).toBe('paid'));
  });

  it('settles dismissed when the shopper closes Razorpay', async () => {
    const user = userEvent.setup();
    const opened = fakeRazorpay();
    renderScreen(<Harness of={payment('razorpay')} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    act(() => opened[0].modal.ondismiss());
    await waitFor(() => expect(document.body.dataset.outcome).toBe('dismissed'));
  });
});
