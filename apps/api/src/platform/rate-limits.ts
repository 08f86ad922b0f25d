import { emailPersonKey } from '@bagshop/shared/email-address';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { type Allowance, type Caller, restoreAllowance, spendAllowance, type ThrottleScope } from './throttle.ts';

const per = (scope: ThrottleScope, max: number, minutes: number): Allowance => ({ per: scope, max, minutes });

/**
 * Every limit on signing in, codes, registration, email changes and the contact form, in one place. Each counts
 * the client address and, separately, the mailbox (the email's person key, so `+tags` share one allowance) or the
 * signed-in account: many emails from one address are limited, and so is one email from many addresses.
 */
export const RATE_LIMITS = {
  /** Failed sign-ins only: a successful one gives its attempt back. The account is the email signed in to. */
  login: [per('account', 10, 15), per('address', 50, 15)],
  register: [per('mailbox', 5, 60), per('address', 30, 60)],
  verifyRegistration: [per('mailbox', 15, 15), per('address', 60, 15)],
  resendRegistration: [per('mailbox', 5, 60), per('address', 30, 60)],
  forgotPassword: [per('mailbox', 5, 60), per('address', 30, 60)],
  verifyResetCode: [per('mailbox', 15, 15), per('address', 60, 15)],
  resetPassword: [per('mailbox', 10, 15), per('address', 30, 15)],
  changePassword: [per('account', 10, 15), per('address', 30, 15)],
  refresh: [per('address', 60, 10)],
  sendVerificationMail: [per('account', 5, 60), per('address', 30, 60)],
  verifyEmail: [per('account', 15, 15), per('address', 60, 15)],
  /** A code mailed to a new address: counted for the account, the new mailbox and the address. */
  emailChange: [per('account', 5, 60), per('mailbox', 5, 60), per('address', 30, 60)],
  verifyEmailChange: [per('account', 15, 15), per('address', 60, 15)],
  google: [per('address', 30, 10)],
  contact: [per('mailbox', 5, 60), per('address', 5, 10)],
  /** The order mail's confirmation link, which needs no sign-in. */
  codConfirmLink: [per('address', 30, 10)],
  /** Delivery estimates for pincodes the courier has not been asked about today (each is a call to its API). */
  courierEstimate: [per('address', 30, 10)],
} as const satisfies Record<string, readonly Allowance[]>;

export type LimitedAction = keyof typeof RATE_LIMITS;

/** Counts an attempt at `action` for the caller, or refuses it with a 429 and retry-after. */
export const spend = (db: Db, action: LimitedAction, caller: Caller) =>
  spendAllowance(db, action, RATE_LIMITS[action], caller);

/** Gives the caller the full allowance of `action` again. */
export const restore = (db: Db, action: LimitedAction, caller: Caller) => restoreAllowance(db, action, caller);

/** The caller of a request: its address, the mailbox of the email in the (parsed) body, the signed-in account. */
export function callerOf(request: FastifyRequest): Caller {
  const body = request.body as { email?: unknown } | null | undefined;
  const email = typeof body?.email === 'string' ? body.email : '';
  return {
    address: request.ip,
    mailbox: email ? emailPersonKey(email) : undefined,
    account: request.currentUser?.id,
  };
}

/** A preHandler (after the body is parsed and, where asked, the user is known) that counts the request. */
export function rateLimited(db: Db, action: LimitedAction) {
  return async (request: FastifyRequest): Promise<void> => {
    await spend(db, action, callerOf(request));
  };
}

/**
 * Orders placed by one account: at most `perTenMinutes` in any ten minutes (`ORDER_RATE_LIMIT`), whatever they are
 * paid with, so one account cannot hold stock with a burst of orders (docs/decisions/036-cod-and-order-limits.md).
 * A preHandler after the sign-in guard.
 */
export function orderRateLimit(db: Db, perTenMinutes: number) {
  const allowances = [per('account', perTenMinutes, 10)];
  return async (request: FastifyRequest): Promise<void> => {
    await spendAllowance(db, 'placeOrder', allowances, { account: request.currentUser?.id });
  };
}
