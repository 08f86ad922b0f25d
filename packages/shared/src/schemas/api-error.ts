import { z } from 'zod';

/** Every code the API's one error shape can carry (docs/product.md §7, §8). */
export const ERROR_CODES = [
  'VALIDATION',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'BLOCKED',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'OTP_INVALID',
  'OTP_EXPIRED',
  'OTP_TOO_MANY_TRIES',
  'RESEND_TOO_SOON',
  'EMAIL_TAKEN',
  'EMAIL_PENDING',
  'EMAIL_NOT_VERIFIED',
  'INVALID_CREDENTIALS',
  'TOKEN_REUSED',
  'RESET_NOT_VERIFIED',
  'NOT_CONFIGURED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA',
  'PAYMENT_FAILED',
  'PAYMENT_PROVIDER',
  'CARD_PAYMENTS_OFF',
  'SHIPPING_PROVIDER',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error shape: a message to show, a code to branch on, and per-field messages for forms. */
export const apiErrorSchema = z
  .object({
    message: z.string(),
    code: z.enum(ERROR_CODES),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({
    id: 'ApiError',
    examples: [
      {
        message: 'Please enter a valid email address',
        code: 'VALIDATION',
        fields: { email: 'Please enter a valid email address' },
      },
    ],
  });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
