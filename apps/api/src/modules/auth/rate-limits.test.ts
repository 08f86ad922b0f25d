import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { RATE_LIMITS } from '../../platform/rate-limits.ts';
import { signUp } from './auth-test-helpers.ts';

/**
 * Codes, registration, email changes and the contact form are limited per mailbox (or signed-in account) and,
 * separately, per client address: one address cannot spray many mailboxes, and many addresses cannot flood one.
 */
describe('limits per mailbox or account, and per address', () => {
  let t: TestApp;
  let people: TestUser[];
  beforeAll(async () => {
    t = await createTestApp();
    // Enough accounts to pass the per-address allowance of email changes.
    people = await Promise.all(Array.from({ length: allowance('emailChange', 'address') + 1 }, () => createUser(t)));
  });
  afterAll(() => t.close());

  let addresses = 0;
  const newAddress = () => `10.9.${Math.floor(++addresses / 250)}.${addresses % 250}`;
  const newMailbox = () => `box-${crypto.randomBytes(4).toString('hex')}`;
  /** Spellings of one mailbox that are different emails (so no code or sign-up of one gets in the way of another). */
  const spelling = (mailbox: string, i: number) => `${mailbox}+${i}@example.com`;

  type Send = (input: { i: number; address: string; email: string; user: TestUser }) => Promise<LightMyRequestResponse>;
  const json = (url: string, payload: (email: string) => object, method: 'POST' | 'PUT' = 'POST'): Send => {
    return ({ address, email, user }) =>
      t.request({ method, url, payload: payload(email), remoteAddress: address, token: user.token });
  };

  /** Sends `allowed` requests that are answered (whatever the answer) and checks that the next one is a 429. */
  async function expectLimit(allowed: number, send: (i: number) => Promise<LightMyRequestResponse>) {
    for (let i = 0; i < allowed; i++) {
      const res = await send(i);
      expect(res.statusCode, `request ${i + 1}: ${res.body}`).not.toBe(429);
    }
    const refused = await send(allowed);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Too many requests. Please wait a moment and try again.',
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  }

  const allowance = (action: keyof typeof RATE_LIMITS, scope: 'mailbox' | 'account' | 'address') => {
    const found = RATE_LIMITS[action].find((a) => a.per === scope);
    if (!found) throw new Error(`${action} has no ${scope} limit`);
    return found.max;
  };

  const byMailbox: [string, keyof typeof RATE_LIMITS, Send][] = [
    ['registration', 'register', json('/api/user/register', (email) => signUp(email))],
    ['registration codes', 'verifyRegistration', json('/api/user/verify-otp', (email) => ({ email, otp: '123456' }))],
    ['registration code mails', 'resendRegistration', json('/api/user/resend-otp', (email) => ({ email }))],
    ['forgotten passwords', 'forgotPassword', json('/api/user/forgot-password', (email) => ({ email }))],
    ['reset codes', 'verifyResetCode', json('/api/user/verify-otp-password', (email) => ({ email, otp: '123456' }))],
    [
      'password resets',
      'resetPassword',
      json('/api/user/reset-password', (email) => ({
        email,
        newPassword: 'Bag@shop1',
        confirmPassword: 'Bag@shop1',
        resetToken: 'not-a-grant',
      })),
    ],
    [
      'the contact form',
      'contact',
      json('/api/contact', (email) => ({ name: 'Kiran', email, message: 'Do you ship to Leh?' })),
    ],
    [
      'email changes (the new mailbox)',
      'emailChange',
      ({ i, address, email }) => {
        const person = people[i % people.length];
        return t.request({
          method: 'PUT',
          url: '/api/user/account/edit',
          remoteAddress: address,
          token: person.token,
          payload: { name: 'Test User', email, phone: '9876543210', currentPassword: person.password },
        });
      },
    ],
  ];

  describe.each(byMailbox)('%s', (_name, action, send) => {
    it('are limited for one mailbox however many addresses ask', async () => {
      const mailbox = newMailbox();
      await expectLimit(allowance(action, 'mailbox'), (i) =>
        send({ i, address: newAddress(), email: spelling(mailbox, i), user: people[i % people.length] }),
      );
    });

    it('are limited for one address however many mailboxes it names', async () => {
      const address = newAddress();
      await expectLimit(allowance(action, 'address'), (i) =>
        send({ i, address, email: spelling(newMailbox(), 0), user: people[i % people.length] }),
      );
    });
  });

  const byAccount: [string, keyof typeof RATE_LIMITS, Send][] = [
    ['verification mails', 'sendVerificationMail', json('/api/user/account/verify-email/send', () => ({}))],
    ['verification codes', 'verifyEmail', json('/api/user/account/verify-email', () => ({ otp: '123456' }))],
    [
      'email change codes',
      'verifyEmailChange',
      json('/api/user/account/verify-email-change', () => ({ otp: '123456' })),
    ],
    ['email change code mails', 'emailChange', json('/api/user/account/verify-email-change/resend', () => ({}))],
    [
      'password changes',
      'changePassword',
      json('/api/user/change-password', () => ({
        currentPassword: 'wrong-one',
        newPassword: 'Bag@shop1',
        confirmPassword: 'Bag@shop1',
      })),
    ],
  ];

  describe.each(byAccount)('%s', (_name, action, send) => {
    it('are limited for one account however many addresses ask', async () => {
      const user = await createUser(t);
      await expectLimit(allowance(action, 'account'), (i) =>
        send({ i, address: newAddress(), email: spelling(newMailbox(), 0), user }),
      );
    });

    it('are limited for one address however many accounts use it', async () => {
      const address = newAddress();
      const allowed = allowance(action, 'address');
      const accounts = await Promise.all(Array.from({ length: allowed + 1 }, () => createUser(t)));
      await expectLimit(allowed, (i) => send({ i, address, email: spelling(newMailbox(), 0), user: accounts[i] }));
    });
  });

  it('a limited mailbox does not hold up another mailbox or address', async () => {
    const mailbox = newMailbox();
    const send = (email: string, address: string) =>
      t.request({ method: 'POST', url: '/api/user/forgot-password', payload: { email }, remoteAddress: address });
    for (let i = 0; i < 5; i++) await send(spelling(mailbox, i), newAddress());
    expect((await send(spelling(mailbox, 9), newAddress())).statusCode).toBe(429);
    expect((await send(spelling(newMailbox(), 0), newAddress())).statusCode).toBe(200);
  });
});
