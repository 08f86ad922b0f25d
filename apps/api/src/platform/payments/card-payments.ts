import { SHOP_SETTINGS_MSG } from '@bagshop/shared/shop-settings';
import { AppError } from '../errors.ts';
import type { PaymentProvider } from './provider.ts';

/** The answer to a card payment while the shop takes none: a 409 that changes nothing. */
export const cardPaymentsOff = (fields?: Record<string, string>) =>
  new AppError('CARD_PAYMENTS_OFF', SHOP_SETTINGS_MSG.cardPaymentsOff, fields);

/** The shop's card payment provider, or the clear refusal when card payments are off. */
export function cardProvider(payments: PaymentProvider | null): PaymentProvider {
  if (!payments) throw cardPaymentsOff();
  return payments;
}
