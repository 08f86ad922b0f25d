import crypto from 'node:crypto';

/**
 * Links the shop mails that act without a sign-in (confirming a cash-on-delivery order): the value and an HMAC of it
 * for one purpose, under a key derived from the shop's secret, so a link made for one purpose or value never serves
 * another.
 */
export interface SignedLinks {
  sign(purpose: string, value: string): string;
  /** The value the token was signed for, or null when it was not signed by this shop for this purpose. */
  verify(purpose: string, token: string): string | null;
}

export function createSignedLinks(secret: string): SignedLinks {
  const key = crypto.createHmac('sha256', secret).update('signed-links').digest();
  const macOf = (purpose: string, value: string) =>
    crypto.createHmac('sha256', key).update(`${purpose}\n${value}`).digest('base64url');
  return {
    sign: (purpose, value) => `${value}.${macOf(purpose, value)}`,
    verify(purpose, token) {
      const dot = token.lastIndexOf('.');
      if (dot <= 0) return null;
      const value = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(macOf(purpose, value));
      return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? value : null;
    },
  };
}
