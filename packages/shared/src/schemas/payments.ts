import { z } from 'zod';

/** Provider orders, the sandbox checkout and the provider's webhook (docs/product.md §7.6). */

export const paymentProviderParams = z.strictObject({ provider: z.enum(['razorpay', 'sandbox']) });

/** The sandbox checkout page's answer for one of its provider orders. */
export const sandboxCompleteSchema = z
  .strictObject({ id: z.string().min(1).max(100), outcome: z.enum(['success', 'failure']) })
  .meta({ examples: [{ id: 'order_sbx_4fK9pL2mQ7rT', outcome: 'success' }] });

/** What the provider's checkout hands the browser after a successful payment. */
export const checkoutResultAnswer = z
  .object({ razorpay_order_id: z.string(), razorpay_payment_id: z.string(), razorpay_signature: z.string() })
  .meta({
    examples: [
      {
        razorpay_order_id: 'order_sbx_4fK9pL2mQ7rT',
        razorpay_payment_id: 'pay_sbx_Zx8Yw7Vu6Ts5R',
        razorpay_signature: '4b6e8f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d9c1b5e0f7a3d2c',
      },
    ],
  });

/**
 * The parts of a Razorpay payment event the shop reads; any other field or event is accepted and ignored. The route
 * checks the HMAC signature over the exact bytes, so this schema documents the body and is not applied to it.
 */
export const razorpayWebhookBody = z
  .object({
    event: z
      .string()
      .max(100)
      .meta({ examples: ['payment.captured', 'payment.failed'] }),
    payload: z.object({
      payment: z.object({
        entity: z.object({
          id: z.string().max(100),
          order_id: z.string().max(100),
          /** Paise. */
          amount: z.int().nonnegative(),
        }),
      }),
    }),
  })
  .meta({
    examples: [
      {
        entity: 'event',
        event: 'payment.captured',
        payload: {
          payment: {
            entity: {
              id: 'pay_NkX3aB4cD5eF6g',
              order_id: 'order_NkX2pQ7rT9sV1w',
              amount: 217895,
              currency: 'INR',
              status: 'captured',
            },
          },
        },
        created_at: 1795512600,
      },
    ],
  });

export const razorpayWebhookHeaders = z.object({
  'x-razorpay-signature': z.string().max(200).meta({ description: 'HMAC-SHA256 of the raw body, hex' }),
});

/** What the shop did with the event: 'ignored' for events, orders or top-ups it does not know. */
export const WEBHOOK_OUTCOMES = [
  'credited',
  'paid',
  'already',
  'failed',
  'ignored',
  'refunded',
  'refund-pending',
] as const;

export const webhookAnswer = z
  .object({ status: z.literal('ok'), outcome: z.enum(WEBHOOK_OUTCOMES) })
  .meta({ examples: [{ status: 'ok', outcome: 'paid' }] });

export type SandboxCompleteInput = z.input<typeof sandboxCompleteSchema>;
export type CheckoutResultAnswer = z.infer<typeof checkoutResultAnswer>;
