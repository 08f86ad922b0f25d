import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { referrals } from '../../db/schema/coupons.ts';
import { walletTransactions } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { signUp } from '../auth/auth-test-helpers.ts';
import { checkedBalance } from '../wallet/wallet-test-helpers.ts';

const CAP = 3;

/** Referral bonuses go to people, not mailboxes, and at most REFERRAL_MONTHLY_CAP in 30 days per referrer. */
describe('referral bonuses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REFERRAL_MONTHLY_CAP: String(CAP) });
  });
  afterAll(() => t.close());

  let addresses = 0;
  const newAddress = () => `10.7.${Math.floor(++addresses / 250)}.${addresses % 250}`;
  let people = 0;
  const newLocalPart = () => `person${++people}${Date.now().toString(36)}`;

  async function referrerWithCode(): Promise<{ referrer: TestUser; code: string }> {
    const referrer = await createUser(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/user/account/referrals/referral-code',
      token: referrer.token,
      payload: {},
    });
    return { referrer, code: res.json().referralCode };
  }

  /** A sign-up with the referral code, waiting for its code: answers the verification to send. */
  async function pendingSignUp(email: string, referCode: string) {
    const res = await t.request({
      method: 'POST',
      url: '/api/user/register',
      payload: signUp(email, { referCode }),
      remoteAddress: newAddress(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const otp = await t.mail.nextCode(email.toLowerCase());
    return () =>
      t.request({
        method: 'POST',
        url: '/api/user/verify-otp',
        payload: { email, otp },
        remoteAddress: newAddress(),
      });
  }

  async function joinWith(email: string, referCode: string) {
    const verify = await pendingSignUp(email, referCode);
    expect((await verify()).statusCode).toBe(200);
  }

  const bonuses = async (referrerId: string) =>
    (
      await t.database.db
        .select()
        .from(walletTransactions)
        .where(and(eq(walletTransactions.userId, referrerId), eq(walletTransactions.type, 'Referral Bonus')))
    ).length;

  it('pays once for every spelling of one Gmail mailbox, and lists each account', async () => {
    const { referrer, code } = await referrerWithCode();
    const local = newLocalPart();
    const spellings = [
      `${local}@gmail.com`,
      `${local.slice(0, 3)}.${local.slice(3)}+bags@gmail.com`,
      `${local.split('').join('.').toUpperCase()}@GoogleMail.com`,
    ];
    for (const email of spellings) await joinWith(email, code);
    expect(await bonuses(referrer.id)).toBe(1);
    expect(await checkedBalance(t, referrer.id)).toBe(15_000);
    const listed = await t.database.db.select().from(referrals).where(eq(referrals.referrerId, referrer.id));
    expect(listed).toHaveLength(3);
    expect(new Set(listed.map((r) => r.referredPersonKey))).toEqual(new Set([`${local}@gmail.com`]));
  });

  it('reads a +tag as the same person on any domain, but dots only on Gmail', async () => {
    const { referrer, code } = await referrerWithCode();
    const local = newLocalPart();
    await joinWith(`${local}+one@example.in`, code);
    await joinWith(`${local}+two@example.in`, code);
    expect(await bonuses(referrer.id)).toBe(1);
    await joinWith(`${local.slice(0, 2)}.${local.slice(2)}@example.in`, code);
    expect(await bonuses(referrer.id)).toBe(2);
  });

  it('pays nothing again for a person who deleted their account and joined again', async () => {
    const { referrer, code } = await referrerWithCode();
    const email = `${newLocalPart()}@example.in`;
    await joinWith(email, code);
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.email, email));
    await joinWith(email, code);
    expect(await bonuses(referrer.id)).toBe(1);
  });

  it('refuses a code owned by another spelling of the registering mailbox', async () => {
    const local = newLocalPart();
    const owner = await createUser(t, { email: `${local}@gmail.com` });
    const code = (
      await t.request({
        method: 'POST',
        url: '/api/user/account/referrals/referral-code',
        token: owner.token,
        payload: {},
      })
    ).json().referralCode;
    const res = await t.request({
      method: 'POST',
      url: '/api/user/register',
      payload: signUp(`${local.slice(0, 1)}.${local.slice(1)}+me@googlemail.com`, { referCode: code }),
      remoteAddress: newAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.referCode).toBe('Invalid referral code');
  });

  it(`pays at most ${CAP} bonuses (REFERRAL_MONTHLY_CAP) in 30 days`, async () => {
    const { referrer, code } = await referrerWithCode();
    for (let i = 0; i <= CAP; i++) await joinWith(`${newLocalPart()}@example.in`, code);
    expect(await bonuses(referrer.id)).toBe(CAP);
    expect(await t.database.db.select().from(referrals).where(eq(referrals.referrerId, referrer.id))).toHaveLength(
      CAP + 1,
    );

    // A bonus older than 30 days no longer counts.
    await t.database.pool.query(
      `update referrals set bonus_paid_at = now() - interval '31 days'
       where referred_user_id = (select referred_user_id from referrals where referrer_id = $1 and bonus_paid_at is not null limit 1)`,
      [referrer.id],
    );
    await joinWith(`${newLocalPart()}@example.in`, code);
    expect(await bonuses(referrer.id)).toBe(CAP + 1);
    expect(await checkedBalance(t, referrer.id)).toBe((CAP + 1) * 15_000);
  });

  it('stays within the cap when many referred people verify at the same moment', async () => {
    const { referrer, code } = await referrerWithCode();
    const verifications = [];
    for (let i = 0; i < CAP + 4; i++) verifications.push(await pendingSignUp(`${newLocalPart()}@example.in`, code));
    const answers = await Promise.all(verifications.map((verify) => verify()));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(await bonuses(referrer.id)).toBe(CAP);
    expect(await checkedBalance(t, referrer.id)).toBe(CAP * 15_000);
  });

  it('pays once when spellings of one mailbox verify at the same moment', async () => {
    const { referrer, code } = await referrerWithCode();
    const local = newLocalPart();
    const spellings = [
      `${local}@gmail.com`,
      `${local}+a@gmail.com`,
      `${local}+b@googlemail.com`,
      `${local}+c@gmail.com`,
    ];
    const verifications = [];
    for (const email of spellings) verifications.push(await pendingSignUp(email, code));
    const answers = await Promise.all(verifications.map((verify) => verify()));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await bonuses(referrer.id)).toBe(1);
    expect(await checkedBalance(t, referrer.id)).toBe(15_000);
  });
});
