import { ORDER_SCREEN_MSG } from '@bagshop/shared/order-screen-messages';
import type { CheckoutPaymentDto } from '@bagshop/shared/order-types';
import { PAYMENT_PROVIDERS, type PaymentProviderName, type SandboxOutcome } from '@bagshop/shared/orders';
import { asPaise, formatINR } from '@bagshop/shared/pricing/money';
import type { CheckoutResultAnswer } from '@bagshop/shared/schemas/payments';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { Alert, Button, Modal, Spinner } from 'react-bootstrap';
import { FiCreditCard, FiLock } from 'react-icons/fi';
import { errorMessage, errorStatus } from '../api/errors.ts';
import { useSandboxCompleteMutation } from '../api/payments-api.ts';
import { loadRazorpay } from './razorpay-script.ts';

export type CheckoutOutcome =
  | { kind: 'paid'; result: CheckoutResultAnswer }
  | { kind: 'failed' }
  | { kind: 'dismissed' };

interface SandboxSession {
  payment: CheckoutPaymentDto;
  settle: (outcome: CheckoutOutcome) => void;
}

/** Sandbox payments (no Razorpay account) and real ones carry the same fields; the key tells them apart. */
export function providerOf(payment: Pick<CheckoutPaymentDto, 'key'> & { provider?: string }): PaymentProviderName {
  const named = PAYMENT_PROVIDERS.find((provider) => provider === payment.provider);
  if (named) return named;
  return payment.key.startsWith('rzp_sandbox') ? 'sandbox' : 'razorpay';
}

/**
 * The provider's checkout for one payment: `openCheckout(payment)` settles with paid (and the signed result),
 * failed or dismissed. Render `checkoutDialog` somewhere on the page for the sandbox provider's dialog.
 * Rejects when Razorpay's script cannot be loaded.
 */
export function useProviderCheckout(): {
  openCheckout: (payment: CheckoutPaymentDto) => Promise<CheckoutOutcome>;
  checkoutDialog: ReactNode;
} {
  const [session, setSession] = useState<SandboxSession | null>(null);

  const openCheckout = useCallback(async (payment: CheckoutPaymentDto): Promise<CheckoutOutcome> => {
    if (providerOf(payment) === 'sandbox') {
      return new Promise<CheckoutOutcome>((resolve) => {
        setSession({
          payment,
          settle: (outcome) => {
            setSession(null);
            resolve(outcome);
          },
        });
      });
    }
    const Razorpay = await loadRazorpay();
    return new Promise<CheckoutOutcome>((resolve) => {
      const checkout = new Razorpay({
        key: payment.key,
        amount: payment.amount,
        currency: payment.currency,
        order_id: payment.id,
        name: 'Bag Shop',
        description: 'Order payment',
        handler: (result) => resolve({ kind: 'paid', result }),
        modal: { ondismiss: () => resolve({ kind: 'dismissed' }) },
        theme: { color: '#7a4a2a' },
      });
      checkout.open();
    });
  }, []);

  const checkoutDialog = session ? <SandboxCheckoutDialog key={session.payment.id} session={session} /> : null;
  return { openCheckout, checkoutDialog };
}

/** The sandbox provider's checkout: Pay or Fail, as Razorpay's would succeed or fail. */
function SandboxCheckoutDialog({ session }: { session: SandboxSession }) {
  const [complete, { isLoading }] = useSandboxCompleteMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const settled = useRef(false);
  const settle = (outcome: CheckoutOutcome) => {
    if (settled.current) return;
    settled.current = true;
    session.settle(outcome);
  };

  async function finish(outcome: SandboxOutcome) {
    setProblem(null);
    try {
      const result = await complete({ id: session.payment.id, outcome }).unwrap();
      settle({ kind: 'paid', result });
    } catch (failure) {
      if (errorStatus(failure) === 402) settle({ kind: 'failed' });
      else setProblem(errorMessage(failure, ORDER_SCREEN_MSG.paymentInitFailed));
    }
  }

  return (
    <Modal
      show
      centered
      onHide={isLoading ? () => undefined : () => settle({ kind: 'dismissed' })}
      aria-labelledby="sandbox-payment-title"
    >
      <Modal.Header closeButton={!isLoading}>
        <Modal.Title id="sandbox-payment-title" as="h2" className="h5">
          <FiCreditCard aria-hidden="true" className="me-2 text-brand" />
          Sandbox payment
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-1">
          Amount: <strong>{formatINR(asPaise(session.payment.amount))}</strong>
        </p>
        <p className="text-muted small mb-0">
          <FiLock aria-hidden="true" className="me-1" />
          Test checkout: no money moves. Choose how this payment ends.
        </p>
        {problem ? (
          <Alert variant="danger" className="mt-3 mb-0">
            {problem}
          </Alert>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-danger" onClick={() => finish('failure')} disabled={isLoading}>
          Fail
        </Button>
        <Button variant="brand" onClick={() => finish('success')} disabled={isLoading}>
          {isLoading ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
          Pay
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
