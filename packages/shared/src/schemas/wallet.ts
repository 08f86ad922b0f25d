import { z } from 'zod';
import { WALLET_TRANSACTION_TYPES } from '../orders.ts';
import { WALLET_MSG } from '../wallet-messages.ts';
import { pagePosition, rupeeAmount, timestamp } from './answers.ts';

/** The wallet, its top-up and the administrator's ledger view (docs/product.md §7 Wallet). Money in rupees. */

const signed = z.string({ error: WALLET_MSG.updateFailed }).min(1, { error: WALLET_MSG.updateFailed }).max(200);

/**
 * The checkout's signed result for a top-up. The amount the browser may still send is ignored: the recorded
 * provider order decides what is credited.
 */
export const walletUpdateSchema = z
  .strictObject({
    razorpay_order_id: signed,
    razorpay_payment_id: signed,
    razorpay_signature: signed,
    amount: z.unknown().optional(),
  })
  .meta({
    examples: [
      {
        razorpay_order_id: 'order_NkX2pQ7rT9sV1w',
        razorpay_payment_id: 'pay_NkX3aB4cD5eF6g',
        razorpay_signature: '9c1b5e0f7a3d2c4b6e8f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d',
      },
    ],
  });

export const walletTransactionParams = z.strictObject({ transactionId: z.string().max(100) });

export const razorpayKeyAnswer = z.object({ key: z.string() }).meta({ examples: [{ key: 'rzp_live_1a2B3c4D5e6F7g' }] });

export const walletTransactionAnswer = z.object({
  _id: z.string(),
  type: z.enum(['Credit', 'Debit']),
  transactionType: z.enum(WALLET_TRANSACTION_TYPES),
  /** Rupees, always positive; `type` says which way it went. */
  amount: rupeeAmount,
  description: z.string(),
  orderId: z.string().nullable(),
  createdAt: timestamp,
});

/** The balance and the latest movements. */
export const walletAnswer = z.object({ balance: rupeeAmount, transactions: z.array(walletTransactionAnswer) }).meta({
  examples: [
    {
      balance: 1650,
      transactions: [
        {
          _id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
          type: 'Credit',
          transactionType: 'Wallet Recharge',
          amount: 1500,
          description: WALLET_MSG.walletRecharge,
          orderId: null,
          createdAt: '2026-11-24T09:30:00.000Z',
        },
        {
          _id: '7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b',
          type: 'Credit',
          transactionType: 'Referral Bonus',
          amount: 150,
          description: WALLET_MSG.referralBonus,
          orderId: null,
          createdAt: '2026-11-20T14:05:00.000Z',
        },
      ],
    },
  ],
});

/** A provider order for adding money to the wallet; amount in paise as the provider expects. */
export const topUpOrderAnswer = z
  .object({ id: z.string(), amount: z.int().positive(), currency: z.literal('INR'), key: z.string() })
  .meta({
    examples: [{ id: 'order_NkX2pQ7rT9sV1w', amount: 150000, currency: 'INR', key: 'rzp_live_1a2B3c4D5e6F7g' }],
  });

/** The wallet's balance once the top-up is credited. */
export const walletUpdateAnswer = z
  .object({ status: z.literal('success'), balance: rupeeAmount })
  .meta({ examples: [{ status: 'success', balance: 1650 }] });

const exampleLedgerRow = {
  transactionId: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
  amount: 1500,
  description: WALLET_MSG.walletRecharge,
  createdAt: '2026-11-24T09:30:00.000Z',
  transactionType: 'Wallet Recharge',
  orderButton: null,
  user: { name: 'Asha Rao', email: 'asha.rao@example.in' },
} as const;

/** A ledger row as the administrator sees it. */
export const adminWalletTransactionAnswer = z.object({
  transactionId: z.string(),
  /** Rupees, signed as the ledger stores them: a debit is negative, and the screen colours it by its sign. */
  amount: rupeeAmount,
  description: z.string(),
  createdAt: timestamp,
  transactionType: z.enum(WALLET_TRANSACTION_TYPES),
  /** The linked order's id, or null. */
  orderButton: z.string().nullable(),
  user: z.object({ name: z.string(), email: z.string() }),
});

/** One page of every wallet's ledger rows, newest first. */
export const adminWalletListAnswer = z
  .object({
    transactions: z.array(adminWalletTransactionAnswer),
    ...pagePosition,
  })
  .meta({ examples: [{ transactions: [exampleLedgerRow], total: 1, page: 1, pages: 1 }] });

export const adminWalletTransactionDetailAnswer = z
  .object({ transaction: adminWalletTransactionAnswer })
  .meta({ examples: [{ transaction: exampleLedgerRow }] });

export type WalletDto = z.infer<typeof walletAnswer>;
export type WalletTransactionDto = z.infer<typeof walletTransactionAnswer>;
export type TopUpOrderDto = z.infer<typeof topUpOrderAnswer>;
export type AdminWalletTransaction = z.infer<typeof adminWalletTransactionAnswer>;
export type AdminWalletList = z.infer<typeof adminWalletListAnswer>;
export type WalletUpdateAnswer = z.infer<typeof walletUpdateAnswer>;
export type WalletUpdateInput = z.input<typeof walletUpdateSchema>;
export type AdminWalletTransactionDetail = z.infer<typeof adminWalletTransactionDetailAnswer>;
