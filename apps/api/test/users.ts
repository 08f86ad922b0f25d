import crypto from 'node:crypto';
import { users } from '../src/db/schema/users.ts';
import { createAccessTokens } from '../src/platform/access-tokens.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import type { TestApp } from './test-app.ts';

/** The same secret createTestApp gives the app, so these tokens are accepted by it. */
const tokens = createAccessTokens('test-secret-that-is-long-enough-for-hs256');

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
}

/** A signed-in user created straight in the database (no registration round trip). */
export async function createUser(
  t: Pick<TestApp, 'database'>,
  options: { email?: string; name?: string; phone?: string; password?: string; isAdmin?: boolean } = {},
): Promise<TestUser> {
  const email = options.email ?? `user-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const password = options.password ?? 'Secret@123';
  const [row] = await t.database.db
    .insert(users)
    .values({
      email,
      name: options.name ?? 'Test User',
      phone: options.phone ?? '9876543210',
      passwordHash: await hashPassword(password),
      isAdmin: options.isAdmin ?? false,
      emailVerified: true,
    })
    .returning({ id: users.id, tokenVersion: users.tokenVersion });
  return { id: row.id, email, password, token: await tokens.sign(row.id, row.tokenVersion) };
}
