import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rateLimitHits } from '../db/schema/rate-limits.ts';

const PEER = '198.51.100.7';
const CLAIMED = '203.0.113.9';

const opened: TestApp[] = [];
afterAll(async () => {
  for (const t of opened) await t.close();
});

async function shop(env: Record<string, string> = {}): Promise<TestApp> {
  // Behind a proxy the shop must know its own address (config.ts).
  const t = await createTestApp({ PUBLIC_URL: 'https://shop.example.in', ...env });
  opened.push(t);
  return t;
}

/** A failed sign-in; the rate limit counts it under the address the shop takes for the client's. */
function failedSignIn(t: TestApp, remoteAddress: string, forwardedFor?: string) {
  return t.request({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { email: 'nobody@example.com', password: 'Wrong@1234' },
  });
}

/** The addresses the rate limit has counted requests under. */
async function countedAddresses(t: TestApp): Promise<string> {
  const rows = await t.database.db.select({ key: rateLimitHits.key }).from(rateLimitHits);
  return rows.map((r) => r.key).join('\n');
}

describe('TRUST_PROXY', () => {
  it('by default the socket address is the client: X-Forwarded-For cannot dodge the sign-in limit', async () => {
    const t = await shop();
    for (let i = 0; i < 10; i += 1) {
      expect((await failedSignIn(t, PEER, `203.0.113.${i + 10}`)).statusCode).toBe(401);
    }
    const limited = await failedSignIn(t, PEER, '203.0.113.250');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const counted = await countedAddresses(t);
    expect(counted).toContain(PEER);
    expect(counted).not.toContain('203.0.113.');
  });

  it('over a real connection from this machine, X-Forwarded-For counts only when the peer is trusted', async () => {
    const cases: { env: Record<string, string>; counts: boolean }[] = [
      { env: {}, counts: false },
      { env: { TRUST_PROXY: '10.0.0.0/8' }, counts: false },
      { env: { TRUST_PROXY: 'loopback' }, counts: true },
      { env: { TRUST_PROXY: '127.0.0.1' }, counts: true },
      { env: { TRUST_PROXY: '1' }, counts: true },
    ];
    for (const { env, counts } of cases) {
      const t = await shop(env);
      const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': CLAIMED },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'Wrong@1234' }),
      });
      expect(res.status).toBe(401);
      const counted = await countedAddresses(t);
      expect(counted.includes(CLAIMED), JSON.stringify(env)).toBe(counts);
      expect(counted.includes('127.0.0.1'), JSON.stringify(env)).toBe(!counts);
    }
  });

  it('trusts exactly the listed proxies', async () => {
    const t = await shop({ TRUST_PROXY: '198.51.100.0/24' });
    await failedSignIn(t, '198.51.100.7', CLAIMED);
    await failedSignIn(t, '192.0.2.44', '203.0.113.77');
    const counted = await countedAddresses(t);
    expect(counted).toContain(CLAIMED);
    expect(counted).toContain('192.0.2.44');
    expect(counted).not.toContain('203.0.113.77');
    expect(counted).not.toContain('198.51.100.7');
  });

  it('true trusts every peer', async () => {
    const t = await shop({ TRUST_PROXY: 'true' });
    await failedSignIn(t, PEER, CLAIMED);
    const counted = await countedAddresses(t);
    expect(counted).toContain(CLAIMED);
    expect(counted).not.toContain(PEER);
  });
});
