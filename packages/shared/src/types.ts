import type { z } from 'zod';
import type { addressAnswer, adminUserListAnswer, adminUserRowAnswer, userAnswer } from './schemas/account.ts';
import type { sessionAnswer } from './schemas/auth.ts';

/** Shapes the API answers with (docs/product.md §3, §7), shared by server and client: the response schemas' types. */
export type AddressDto = z.infer<typeof addressAnswer>;

export type UserDto = z.infer<typeof userAnswer>;

/** Login, registration-code and Google sign-in answers. */
export type AuthPayload = z.infer<typeof sessionAnswer>;

export type AdminUserRow = z.infer<typeof adminUserRowAnswer>;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pages: number;
}

/** GET /api/user (admin): one page of users. */
export type AdminUserList = z.infer<typeof adminUserListAnswer>;

/** A message of the development outbox (GET /dev/mailbox/messages). */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}
