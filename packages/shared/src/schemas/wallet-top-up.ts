import { z } from 'zod';
import { toPaise, toRupees } from '../pricing/money.ts';
import { WALLET_MSG } from '../wallet-messages.ts';

/**
 * Wallet add money (docs/product.md §5): rupees with at most two decimals, from ₹1 (the card provider's smallest
 * payment) to ₹1,00,000. The server takes nothing else; the wallet screen checks the same rule before it opens
 * the checkout.
 */
export const TOP_UP_RUPEES = { min: 1, max: 100_000 } as const;

const invalid = { error: WALLET_MSG.enterValidAmount };

export const topUpAmountSchema = z
  .number(invalid)
  .min(TOP_UP_RUPEES.min, invalid)
  .max(TOP_UP_RUPEES.max, invalid)
  .multipleOf(0.01, invalid);

/** POST /api/wallet/create-order and POST /api/user/payment/:provider/order. */
export const topUpBodySchema = z.strictObject({ amount: topUpAmountSchema }).meta({ examples: [{ amount: 1500 }] });
export type TopUpBody = z.infer<typeof topUpBodySchema>;

/**
 * What the wallet screen sends for the amount typed into Add Money: the number rounded to the paisa, or null when
 * it is missing or outside the rule (the screen then warns 'Invalid Amount').
 */
export function topUpAmountFromText(raw: string): number | null {
  const text = raw.trim();
  if (!text) return null;
  const amount = Number(text);
  if (!Number.isFinite(amount)) return null;
  const rounded = toRupees(toPaise(amount));
  return topUpAmountSchema.safeParse(rounded).success ? rounded : null;
}
