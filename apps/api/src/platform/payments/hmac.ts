import crypto from 'node:crypto';

export function hmacHex(secret: string, payload: string): string {
  return crypto.createHmac('sha256', secret).update(payload).digest('hex');
}

/** Constant-time comparison of a hex signature against the expected one. */
export function signatureMatches(secret: string, payload: string, signature: string): boolean {
  const expected = Buffer.from(hmacHex(secret, payload), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
