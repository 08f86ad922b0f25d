import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { otps } from '../../db/schema/auth.ts';
import { referralCodes, referrals } from '../../db/schema/coupons.ts';
import { walletTransactions } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { checkedBalance } from '../wallet/wallet-test-helpers.ts';
import { recordReferral } from './referral-service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newEmail = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`;

const getCode = (user: TestUser) =>
  t.request({ method: 'POST', url: '/api/user/account/referrals/referral-code', token: user.token, payload: {} });
const details = (user: TestUser) => t.request({ method: 'GET', url: '/api/user/account/referrals', token: user.token });

function register(email: string, referCode?: string) {
  return t.request({
    method: 'POST',
    url: '/api/user/register',
    payload: {
      name: 'Kavya Rao',
      email,
      phone: '9876543210',
      password: 'secret1',
      confirmPassword: 'secret1',
      ...(referCode === undefined ? {} : { referCode }),
    },
  });
}

async function registerAndVerify(email: string, referCode?: string): Promise<void> {
  const res = await register(email, referCode);
  expect(res.statusCode).toBe(201);
  const otp = await t.mail.nextCode(email);
  const verified = await t.request({ method: 'POST', url: '/api/user/verify-otp', payload: { email, otp } });
  expect(verified.statusCode).toBe(200);
}

const bonusRows = (userId: string) =>
  t.database.db
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.type, 'Referral Bonus')));

describe('referral code', () => {
  it('is made once per user: 8 uppercase letters or digits, the same on every call', async () => {
    const user = await createUser(t);
    const first = await getCode(user);
    expect(first.statusCode).toBe(200);
    const { referralCode } = first.json();
    expect(referralCode).toMatch(/^[A-Z0-9]{8}$/);
    expect((await getCode(user)).json()).toEqual({ referralCode });
    const rows = await t.database.db.select().from(referralCodes).where(eq(referralCodes.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('differs between users, also when asked for at the same time', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    const codes = await Promise.all(people.flatMap((p) => [getCode(p), getCode(p)]));
    const perUser = new Map<string, Set<string>>();
    codes.forEach((res, i) => {
      const owner = people[Math.floor(i / 2)].id;
      perUser.set(owner, (perUser.get(owner) ?? new Set()).add(res.json().referralCode));
    });
    for (const set of perUser.values()) expect(set.size).toBe(1);
    expect(new Set([...perUser.values()].map((s) => [...s][0])).size).toBe(people.length);
  });

  it('needs a signed-in user', async () => {
    const res = await t.request({ method: 'POST', url: '/api/user/account/referrals/referral-code', payload: {} });
    expect(res.statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/user/account/referrals' })).statusCode).toBe(401);
  });
});

describe('GET /api/user/account/referrals', () => {
  it('answers no code and nothing earned before any referral', async () => {
    const user = await createUser(t);
    const res = await details(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ referrals: { referralCode: null, amountEarned: 0, referredUsers: [] } });
  });
});

describe('registration with a referral code', () => {
  it('pays the referrer ₹150 once the new user verifies the code, and lists the new user', async () => {
    const referrer = await createUser(t);
    const { referralCode } = (await getCode(referrer)).json();
    const email = newEmail('kavya');
    const res = await register(email, referralCode.toLowerCase());
    expect(res.statusCode).toBe(201);
    // Nothing is paid while the sign-up is pending.
    expect(await checkedBalance(t, referrer.id)).toBe(0);

    const otp = await t.mail.nextCode(email);
    expect((await t.request({ method: 'POST', url: '/api/user/verify-otp', payload: { email, otp } })).statusCode).toBe(
      200,
    );
    expect(await checkedBalance(t, referrer.id)).toBe(15_000);
    const rows = await bonusRows(referrer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountPaise: 15_000, description: 'Referral Bonus' });

    expect((await details(referrer)).json()).toEqual({
      referrals: { referralCode, amountEarned: 150, referredUsers: [{ name: 'Kavya Rao', email }] },
    });
    const [newUser] = await t.database.db.select().from(users).where(eq(users.email, email));
    const [referral] = await t.database.db.select().from(referrals).where(eq(referrals.referredUserId, newUser.id));
    expect(referral).toMatchObject({ referrerId: referrer.id, bonusPaidAt: expect.any(Date) });

    // Recording the same referral again pays nothing more.
    expect(
      await t.database.db.transaction((tx) =>
        recordReferral(tx, {
          referredUserId: newUser.id,
          referredEmail: email,
          referrerId: referrer.id,
          monthlyCap: 10,
        }),
      ),
    ).toBe(false);
    expect(await checkedBalance(t, referrer.id)).toBe(15_000);
  });

  it('two new users earn the referrer ₹300, one bonus each', async () => {
    const referrer = await createUser(t);
    const { referralCode } = (await getCode(referrer)).json();
    await registerAndVerify(newEmail('one'), referralCode);
    await registerAndVerify(newEmail('two'), referralCode);
    expect(await bonusRows(referrer.id)).toHaveLength(2);
    expect(await checkedBalance(t, referrer.id)).toBe(30_000);
    const body = (await details(referrer)).json();
    expect(body.referrals.amountEarned).toBe(300);
    expect(body.referrals.referredUsers).toHaveLength(2);
  });

  it('an unknown code is refused at sign-up with nothing created', async () => {
    const email = newEmail('unknown');
    const res = await register(email, 'ZZZZ9999');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { referCode: 'Invalid referral code' } });
    expect(await t.database.db.select().from(otps).where(eq(otps.email, email))).toEqual([]);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('a code owned by the registering email is refused', async () => {
    // The owner's account was deleted, so the email is free again, but the code still names that email.
    const owner = await createUser(t);
    const { referralCode } = (await getCode(owner)).json();
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, owner.id));
    const res = await register(owner.email, referralCode);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.referCode).toBe('Invalid referral code');
  });

  it('never pays a referrer for themselves', async () => {
    const user = await createUser(t);
    expect(
      await t.database.db.transaction((tx) =>
        recordReferral(tx, { referredUserId: user.id, referredEmail: user.email, referrerId: user.id, monthlyCap: 10 }),
      ),
    ).toBe(false);
    expect(await checkedBalance(t, user.id)).toBe(0);
  });

  it('a code whose owner left before the new user verified earns nothing, and the sign-up still completes', async () => {
    const referrer = await createUser(t);
    const { referralCode } = (await getCode(referrer)).json();
    const email = newEmail('late');
    expect((await register(email, referralCode)).statusCode).toBe(201);
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, referrer.id));
    const otp = await t.mail.nextCode(email);
    expect((await t.request({ method: 'POST', url: '/api/user/verify-otp', payload: { email, otp } })).statusCode).toBe(
      200,
    );
    expect(await checkedBalance(t, referrer.id)).toBe(0);
  });
});
