import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** Tokens already verified, kept until they expire; beyond this many the oldest are checked again. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** Who a valid token speaks for, and the user's token version when it was issued (`users.token_version`). */
export interface AccessClaims {
  userId: string;
  version: number;
}

export interface AccessTokens {
  /** A token for the user at their current token version (compared on every request by the guard). */
  sign(userId: string, version: number): Promise<string>;
  /** The user id and token version inside a valid, unexpired token; null otherwise. */
  verify(token: string): Promise<AccessClaims | null>;
}

export function createAccessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  // A shopper sends the same token with every request for 15 minutes: its signature is checked once, then only its
  // expiry (the user row is still read on every request, so blocking and a new token version take effect at once).
  const verified = new Map<string, AccessClaims & { expiresAt: number }>();
  return {
    sign: (userId, version) =>
      new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() / 1000 < known.expiresAt) return { userId: known.userId, version: known.version };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string') return null;
        // A token without a version (signed before versions existed) is refused: it would outlive a password change.
        if (typeof payload.ver !== 'number' || !Number.isInteger(payload.ver)) return null;
        const claims = { userId: payload.sub, version: payload.ver };
        if (typeof payload.exp === 'number') {
          if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
          verified.set(token, { ...claims, expiresAt: payload.exp });
        }
        return claims;
      } catch {
        return null;
      }
    },
  };
}
