import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, createAccessTokens } from './access-tokens.ts';

describe('access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a token accepted once is refused when it expires', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z') });
    const tokens = createAccessTokens('a'.repeat(64));
    const token = await tokens.sign('5b1f3c2e-8a4d-4e6f-9b0a-1c2d3e4f5a6b', 3);
    const claims = { userId: '5b1f3c2e-8a4d-4e6f-9b0a-1c2d3e4f5a6b', version: 3 };
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000));
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret or changed, however often it is sent', async () => {
    const tokens = createAccessTokens('a'.repeat(64));
    const foreign = await createAccessTokens('b'.repeat(64)).sign('5b1f3c2e-8a4d-4e6f-9b0a-1c2d3e4f5a6b', 0);
    const own = await tokens.sign('5b1f3c2e-8a4d-4e6f-9b0a-1c2d3e4f5a6b', 0);
    expect(await tokens.verify(own)).not.toBeNull();
    const [header, payload, signature] = own.split('.');
    const changed = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    for (let i = 0; i < 2; i++) {
      expect(await tokens.verify(foreign)).toBeNull();
      expect(await tokens.verify(changed)).toBeNull();
    }
  });

  it('refuses a token without a token version, as signed before versions existed', async () => {
    const secret = 'a'.repeat(64);
    const unversioned = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('5b1f3c2e-8a4d-4e6f-9b0a-1c2d3e4f5a6b')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(secret));
    expect(await createAccessTokens(secret).verify(unversioned)).toBeNull();
  });
});
