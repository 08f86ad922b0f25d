import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../../test/users.ts';
import { rateLimitHits } from '../db/schema/rate-limits.ts';

/** Sign-in allows 10 failed attempts per account in 15 minutes (platform/rate-limits.ts). */
describe('rate limits kept in PostgreSQL', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<TestApp['sibling']>>;
  beforeAll(async () => {
    a = await createTestApp();
    b = await a.sibling();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const login = (app: TestApp['app'], email: string) =>
    app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: 'Wrong@1234' } });

  it('counts the attempts made on every shop process together, in parallel too', async () => {
    const user = await createUser(a);
    const attempts = await Promise.all(
      Array.from({ length: 14 }, (_, i) => login(i % 2 === 0 ? a.app : b.app, user.email)),
    );
    const statuses = attempts.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(10);
    const refused = attempts.find((r) => r.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('keeps each route and each caller apart', async () => {
    const other = await createUser(a);
    expect((await login(b.app, other.email)).statusCode).toBe(401);
    const forgot = await a.request({
      method: 'POST',
      url: '/api/user/forgot-password',
      payload: { email: other.email },
    });
    expect(forgot.statusCode).toBe(200);
  });

  it('starts a new window once the old one has ended', async () => {
    const user = await createUser(a);
    for (let i = 0; i < 10; i++) await login(a.app, user.email);
    expect((await login(b.app, user.email)).statusCode).toBe(429);
    await a.database.db.update(rateLimitHits).set({ resetsAt: sql`now() - interval '1 second'` });
    expect((await login(b.app, user.email)).statusCode).toBe(401);
    const [row] = await a.database.db
      .select({ hits: rateLimitHits.hits })
      .from(rateLimitHits)
      .where(sql`${rateLimitHits.key} like ${`%|${user.email}`}`);
    expect(row.hits).toBe(1);
  });
});
