import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** Tokens already verified, kept until they expire; beyond this many the oldest are checked again. */
const VERIFIED_TOKENS_KEPT = 10_000;

export interface AccessTokens {
  sign(userId: string): Promise<string>;
  /** The user id inside a valid, unexpired token; null otherwise. */
  verify(token: string): Promise<string | null>;
}

export function createAccessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  // A shopper sends the same token with every request for 15 minutes: its signature is checked once, then only its
  // expiry (the user row is still read on every request, so blocking takes effect at once).
  const verified = new Map<string, { userId: string; expiresAt: number }>();
  return {
    sign: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() / 1000 < known.expiresAt) return known.userId;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string') return null;
        if (typeof payload.exp === 'number') {
          if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
          verified.set(token, { userId: payload.sub, expiresAt: payload.exp });
        }
        return payload.sub;
      } catch {
        return null;
      }
    },
  };
}
