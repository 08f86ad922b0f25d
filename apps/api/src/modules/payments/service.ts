import crypto from 'node:crypto';
import { MSG } from '@bagshop/shared/messages';
import type { SandboxOutcome } from '@bagshop/shared/orders';
import type { Paise } from '@bagshop/shared/pricing/money';
import { WALLET_MSG } from '@bagshop/shared/wallet-messages';
import type { Tx } from '../../db/client.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { cardProvider } from '../../platform/payments/card-payments.ts';
import type { CheckoutResult, PaymentProvider } from '../../platform/payments/provider.ts';
import { balanceOf, credit } from '../wallet/service.ts';
import { type OrderWebhookOutcome, settleFromWebhook } from './order-payments.ts';
import {
  capturePayment,
  findPaymentByProviderOrder,
  lockPayment,
  recordFailedPayment,
  recordProviderOrder,
} from './payment-records.ts';
import type { PaymentRow } from './payment-transitions.ts';

// The module's surface for the orders module, the place-order workflow, the routes and the server's wiring.
export {
  type ExpiryDeps,
  expireUnpaidOrders,
  type MoveLockedItems,
  releaseHeldOrders,
  scheduleOrderExpiry,
} from './expiry.ts';
export {
  canRetryPayment,
  cardPaymentKey,
  createCheckoutPayment,
  expiresAtOf,
  markOrderPaid,
  requireCardPayments,
  retryOrderPayment,
  verifyOrderPayment,
} from './order-payments.ts';
export { moveOrderPaymentStatus } from './payment-transitions.ts';

type Deps = Pick<AppDeps, 'db' | 'payments' | 'realtime' | 'metrics'>;

export interface TopUpOrder {
  id: string;
  amount: number;
  currency: 'INR';
  key: string;
}

/** A provider order for adding money to the caller's wallet; the wallet is credited only once it is paid. */
export async function createTopUpOrder(deps: Deps, userId: string, amountPaise: Paise): Promise<TopUpOrder> {
  // Razorpay receipts are at most 40 characters.
  const receipt = `wallet_${crypto.randomBytes(8).toString('hex')}`;
  const provider = cardProvider(deps.payments);
  const order = await provider.createOrder(amountPaise, receipt);
  await recordProviderOrder(deps.db, {
    userId,
    purpose: 'wallet',
    provider: provider.name,
    providerOrderId: order.id,
    amountPaise: order.amountPaise,
  });
  return { id: order.id, amount: order.amountPaise, currency: 'INR', key: provider.keyId };
}

/**
 * The one settlement of a paid top-up, for the signed checkout result and the webhook alike: the provider order is
 * captured (from created, or from failed: the money did arrive) and its recorded amount credited to the wallet, in
 * the caller's transaction under the payment row's lock. False when it was settled before, so nothing is credited
 * twice.
 */
async function creditTopUp(tx: Tx, row: PaymentRow, providerPaymentId: string): Promise<boolean> {
  const settled = await capturePayment(tx, row, providerPaymentId);
  if (!settled) return false;
  await credit(tx, {
    userId: settled.userId,
    amountPaise: settled.amountPaise,
    type: 'Wallet Recharge',
    description: WALLET_MSG.walletRecharge,
    paymentId: settled.id,
  });
  return true;
}

/**
 * The checkout's signed result for a wallet top-up: the signature AND the payments row (the caller's, purpose
 * 'wallet') are checked, then the recorded amount is credited once; a replay of the same payment credits nothing.
 * Returns the balance in paise.
 */
export async function creditVerifiedTopUp(deps: Deps, userId: string, result: CheckoutResult): Promise<Paise> {
  const refused = () => new AppError('VALIDATION', WALLET_MSG.updateFailed);
  const provider = deps.payments;
  if (!provider?.verifySignature(result)) throw refused();
  const { balance, credited } = await deps.db.transaction(async (tx) => {
    const row = await lockPayment(tx, result.razorpay_order_id);
    if (row?.purpose !== 'wallet' || row.userId !== userId || row.provider !== provider.name) {
      throw refused();
    }
    if (row.status === 'paid') {
      if (row.providerPaymentId !== result.razorpay_payment_id) throw refused();
      return { balance: await balanceOf(tx, userId), credited: false };
    }
    if (!(await creditTopUp(tx, row, result.razorpay_payment_id))) throw refused();
    return { balance: await balanceOf(tx, userId), credited: true };
  });
  if (credited) deps.metrics.payment('captured');
  return balance;
}

type SandboxProvider = PaymentProvider & { sign(orderId: string, paymentId: string): string };

function isSandbox(provider: PaymentProvider | null): provider is SandboxProvider {
  return provider?.name === 'sandbox' && typeof (provider as Partial<SandboxProvider>).sign === 'function';
}

/**
 * The sandbox's checkout: success answers what Razorpay's checkout hands the browser; failure marks the provider
 * order failed (the order itself stays Pending so it can be retried) and answers 402.
 */
export async function completeSandboxPayment(
  deps: Deps,
  userId: string,
  input: { id: string; outcome: SandboxOutcome },
): Promise<CheckoutResult> {
  const provider = deps.payments;
  if (!isSandbox(provider)) throw notFound();
  const row = await findPaymentByProviderOrder(deps.db, input.id);
  if (!row || row.userId !== userId || row.provider !== 'sandbox') throw notFound();
  if (row.status === 'failed') throw new AppError('CONFLICT', MSG.paymentAlreadySettled);
  if (input.outcome === 'failure') {
    if (row.status === 'paid') throw new AppError('CONFLICT', MSG.paymentAlreadySettled);
    if (await deps.db.transaction((tx) => recordFailedPayment(tx, row))) deps.metrics.payment('failed');
    throw new AppError('PAYMENT_FAILED', MSG.paymentFailed);
  }
  // A paid row keeps its payment id, so a repeated success answers the same result.
  const paymentId = row.providerPaymentId ?? `pay_sbx_${crypto.randomBytes(9).toString('base64url')}`;
  return {
    razorpay_order_id: row.providerOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: provider.sign(row.providerOrderId, paymentId),
  };
}

export type WebhookOutcome = 'credited' | OrderWebhookOutcome;

interface WebhookPayment {
  event: string;
  orderId: string;
  paymentId: string;
  /** The provider's figure as sent: only compared with the recorded amount, never stored. */
  amountPaise: number | null;
}

/** Reads the parts of a Razorpay payment event the shop uses; anything else is ignored. */
export function paymentOfWebhook(body: unknown): WebhookPayment | null {
  const event = (body as { event?: unknown })?.event;
  const entity = (body as { payload?: { payment?: { entity?: Record<string, unknown> } } })?.payload?.payment?.entity;
  if (typeof event !== 'string' || !entity) return null;
  const { order_id: orderId, id: paymentId, amount } = entity;
  if (typeof orderId !== 'string' || typeof paymentId !== 'string') return null;
  return { event, orderId, paymentId, amountPaise: typeof amount === 'number' ? amount : null };
}

/** A wallet top-up settled by the provider's webhook: credited once, whatever the replays. */
async function settleTopUp(deps: Deps, payment: WebhookPayment): Promise<WebhookOutcome> {
  const outcome = await deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const row = await lockPayment(tx, payment.orderId);
    if (row?.purpose !== 'wallet') return 'ignored';
    if (payment.event === 'payment.failed') {
      return (await recordFailedPayment(tx, row, payment.paymentId)) ? 'failed' : 'already';
    }
    if (payment.amountPaise !== null && payment.amountPaise !== row.amountPaise) return 'ignored';
    if (!(await creditTopUp(tx, row, payment.paymentId))) return 'already';
    return 'credited';
  });
  if (outcome === 'credited') deps.metrics.payment('captured');
  if (outcome === 'failed') deps.metrics.payment('failed');
  return outcome;
}

/** A signature-checked webhook body: payment.captured / payment.failed for order payments and wallet top-ups. */
export async function handleWebhook(deps: Deps, body: unknown): Promise<WebhookOutcome> {
  const payment = paymentOfWebhook(body);
  if (!payment || (payment.event !== 'payment.captured' && payment.event !== 'payment.failed')) return 'ignored';
  const row = await findPaymentByProviderOrder(deps.db, payment.orderId);
  if (!row) return 'ignored';
  if (row.purpose === 'wallet') return settleTopUp(deps, payment);
  return settleFromWebhook(deps, {
    providerOrderId: payment.orderId,
    providerPaymentId: payment.paymentId,
    event: payment.event,
  });
}
