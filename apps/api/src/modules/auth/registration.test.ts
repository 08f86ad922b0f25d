import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/users.ts';
import { referralCodes } from '../../db/schema/coupons.ts';
import { post, signUp, uniqueEmail, wrongCode } from './auth-test-helpers.ts';

describe('registration with an emailed code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const referrer = await createUser(t);
    await t.database.db.insert(referralCodes).values({ userId: referrer.id, code: 'AB12CD34' });
  });
  afterAll(() => t.close());

  const userCount = async (email: string) =>
    (await t.database.pool.query('select count(*)::int as n from users where email = $1', [email])).rows[0].n;

  it('keeps the sign-up pending, mails a code and creates the user only when the code is verified', async () => {
    const email = uniqueEmail('asha');
    const res = await post(t, '/register', signUp(email.toUpperCase(), { referCode: 'ab12cd34' }));
    expect(res.statusCode).toBe(201);
    // A mail server took the code: only then does the answer say it was sent.
    expect(res.json()).toEqual({ message: 'OTP sent to your email!', delivery: 'mail', email });
    expect(await userCount(email)).toBe(0);

    const mail = await t.mail.next(email, /Your Bag Shop verification code/);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    expect(mail.html).toContain(code);
    const { rows } = await t.database.pool.query(
      "select code_hash, payload from otps where email = $1 and purpose = 'register'",
      [email],
    );
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].code_hash).not.toContain(code);
    expect(rows[0].payload).toMatchObject({ name: 'Priya Sharma', phone: '9876543210', referCode: 'AB12CD34' });
    expect(rows[0].payload.passwordHash).toMatch(/^\$argon2id\$/);

    const verified = await post(t, '/verify-otp', { email, otp: code });
    expect(verified.statusCode).toBe(200);
    const body = verified.json();
    expect(body.message).toBe('User successfully registered');
    expect(body.user).toMatchObject({
      email,
      name: 'Priya Sharma',
      phone: '9876543210',
      isAdmin: false,
      isExist: true,
    });
    expect(body.user.emailVerified).toBe(true);
    expect(body.token).toEqual(expect.any(String));
    expect(body.refreshToken).toEqual(expect.any(String));
    expect(await userCount(email)).toBe(1);
    const left = await t.database.pool.query('select count(*)::int as n from otps where email = $1', [email]);
    expect(left.rows[0].n).toBe(0);

    const me = await t.request({ method: 'POST', url: '/api/user/login', payload: { email, password: 'secret1' } });
    expect(me.statusCode).toBe(200);
  });

  it('answers per-field messages for invalid registrations', async () => {
    const res = await post(t, '/register', {
      name: 'A'.repeat(26),
      email: 'not-an-email',
      phone: '12345',
      password: 'abc',
      confirmPassword: 'abd',
    });
    expect(res.statusCode).toBe(400);
    const { code, fields } = res.json();
    expect(code).toBe('VALIDATION');
    expect(fields).toMatchObject({
      name: 'Name must be at most 25 characters long',
      email: 'Invalid email',
      phone: 'Phone number must be 10 digits',
      password: 'Password must be at least 6 characters',
    });

    const mismatch = await post(t, '/register', signUp(uniqueEmail('mm'), { confirmPassword: 'other1' }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields).toEqual({ confirmPassword: 'Passwords do not match' });

    for (const confirmPassword of ['', undefined]) {
      const empty = await post(t, '/register', signUp(uniqueEmail('nc'), { confirmPassword }));
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fields).toEqual({ confirmPassword: 'Please confirm your password' });
    }
  });

  it('refuses unknown fields, so nobody can register as an administrator', async () => {
    const email = uniqueEmail('sneaky');
    const res = await post(t, '/register', signUp(email, { isAdmin: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ isAdmin: "Unknown field 'isAdmin'" });
    const pending = await t.database.pool.query('select count(*)::int as n from otps where email = $1', [email]);
    expect(pending.rows[0].n).toBe(0);
    const admins = await t.database.pool.query('select count(*)::int as n from users where is_admin');
    expect(admins.rows[0].n).toBe(0);
  });

  it('refuses an email that belongs to a live user with 409', async () => {
    const email = uniqueEmail('taken');
    await post(t, '/register', signUp(email));
    await post(t, '/verify-otp', { email, otp: await t.mail.nextCode(email) });
    const again = await post(t, '/register', signUp(email));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'EMAIL_TAKEN', fields: { email: 'User already exists' } });
  });

  it('refuses the code with 409 when the email was taken while the sign-up was pending', async () => {
    const email = uniqueEmail('race');
    await post(t, '/register', signUp(email));
    const code = await t.mail.nextCode(email);
    await t.database.pool.query("insert into users (email, name) values ($1, 'Someone Else')", [email]);
    const res = await post(t, '/verify-otp', { email, otp: code });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMAIL_TAKEN');
    expect(await userCount(email)).toBe(1);
  });

  const signInWith = (email: string, password: string) => post(t, '/login', { email, password });
  const expire = (email: string) =>
    t.database.pool.query(
      "update otps set expires_at = now() - interval '1 second', sent_at = now() - interval '11 minutes' where email = $1",
      [email],
    );

  it('refuses a second registration while the first one waits for its code, so its password stays', async () => {
    const email = uniqueEmail('owner');
    const owner = signUp(email, { password: 'owner-pass', confirmPassword: 'owner-pass' });
    const intruder = signUp(email, { name: 'Intruder', password: 'intruder', confirmPassword: 'intruder' });
    expect((await post(t, '/register', owner)).statusCode).toBe(201);
    const code = await t.mail.nextCode(email);

    const second = await post(t, '/register', intruder);
    expect(second.statusCode).toBe(409);
    const pending =
      'A sign-up for this email is waiting for its code. Enter the code we sent, or try again in 10 minutes.';
    expect(second.json()).toEqual({ message: pending, code: 'EMAIL_PENDING', fields: { email: pending } });
    // Still refused after the resend wait, and when the first code was killed by wrong tries.
    await t.database.pool.query("update otps set sent_at = now() - interval '91 seconds' where email = $1", [email]);
    for (let i = 0; i < 5; i++) await post(t, '/verify-otp', { email, otp: wrongCode(code) });
    expect((await post(t, '/register', intruder)).statusCode).toBe(409);
    await expect(t.mail.next(email, undefined, 300)).rejects.toThrow(/No mail/);

    // The owner asks for a new code for their own sign-up and verifies it: their password is the one that works.
    expect((await post(t, '/resend-otp', { email })).statusCode).toBe(200);
    const verified = await post(t, '/verify-otp', { email, otp: await t.mail.nextCode(email) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.name).toBe('Priya Sharma');
    expect((await signInWith(email, 'owner-pass')).statusCode).toBe(200);
    expect((await signInWith(email, 'intruder')).statusCode).toBe(401);

    // A verified email: 'User already exists'.
    const taken = await post(t, '/register', intruder);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'User already exists',
      code: 'EMAIL_TAKEN',
      fields: { email: 'User already exists' },
    });
  });

  it('once the first code has expired, a new registration replaces it and only its own code verifies', async () => {
    const email = uniqueEmail('stale');
    await post(t, '/register', signUp(email, { password: 'first-pass', confirmPassword: 'first-pass' }));
    const firstCode = await t.mail.nextCode(email);
    await expire(email);
    const resent = await post(t, '/resend-otp', { email });
    expect(resent.statusCode).toBe(400);
    expect(resent.json()).toEqual({ message: 'This sign-up has expired. Please register again.', code: 'OTP_EXPIRED' });

    const again = await post(
      t,
      '/register',
      signUp(email, { password: 'second-pass', confirmPassword: 'second-pass' }),
    );
    expect(again.statusCode).toBe(201);
    const secondCode = await t.mail.nextCode(email);
    if (firstCode !== secondCode) {
      expect((await post(t, '/verify-otp', { email, otp: firstCode })).json().code).toBe('OTP_INVALID');
    }
    expect((await post(t, '/verify-otp', { email, otp: secondCode })).statusCode).toBe(200);
    expect((await signInWith(email, 'second-pass')).statusCode).toBe(200);
    expect((await signInWith(email, 'first-pass')).statusCode).toBe(401);
  });

  it('lets exactly one of two parallel registrations of one email through', async () => {
    const email = uniqueEmail('twins');
    const answers = await Promise.all([
      post(t, '/register', signUp(email, { password: 'pass-one', confirmPassword: 'pass-one' })),
      post(t, '/register', signUp(email, { password: 'pass-two', confirmPassword: 'pass-two' })),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const winner = answers[0].statusCode === 201 ? 'pass-one' : 'pass-two';
    const loser = winner === 'pass-one' ? 'pass-two' : 'pass-one';
    expect((await post(t, '/verify-otp', { email, otp: await t.mail.nextCode(email) })).statusCode).toBe(200);
    expect((await signInWith(email, winner)).statusCode).toBe(200);
    expect((await signInWith(email, loser)).statusCode).toBe(401);
  });

  it('resends the code after the wait, and the old code stops working', async () => {
    const email = uniqueEmail('resend');
    await post(t, '/register', signUp(email));
    const first = await t.mail.nextCode(email);

    const early = await post(t, '/resend-otp', { email });
    expect(early.statusCode).toBe(429);
    expect(early.json().code).toBe('RESEND_TOO_SOON');
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);

    await t.database.pool.query("update otps set sent_at = now() - interval '91 seconds' where email = $1", [email]);
    const res = await post(t, '/resend-otp', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'OTP sent to your email!', delivery: 'mail' });
    const second = await t.mail.nextCode(email);

    if (first !== second) {
      const old = await post(t, '/verify-otp', { email, otp: first });
      expect(old.statusCode).toBe(400);
      expect(old.json().code).toBe('OTP_INVALID');
    }
    const ok = await post(t, '/verify-otp', { email, otp: second });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.name).toBe('Priya Sharma');
  });

  it('answers 404 to a resend for an email with no pending registration', async () => {
    const res = await post(t, '/resend-otp', { email: uniqueEmail('nobody') });
    expect(res.statusCode).toBe(404);
    const invalid = await post(t, '/resend-otp', { email: 'nope' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toEqual({ email: 'Invalid email' });
  });

  it('refuses a wrong code, and kills the code after five wrong tries', async () => {
    const email = uniqueEmail('guess');
    await post(t, '/register', signUp(email));
    const code = await t.mail.nextCode(email);
    for (let i = 1; i <= 4; i++) {
      const res = await post(t, '/verify-otp', { email, otp: wrongCode(code) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'OTP_INVALID', message: 'Invalid OTP. Please try again.' });
    }
    const fifth = await post(t, '/verify-otp', { email, otp: wrongCode(code) });
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json().code).toBe('OTP_TOO_MANY_TRIES');
    const right = await post(t, '/verify-otp', { email, otp: code });
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('OTP_TOO_MANY_TRIES');
    expect(await userCount(email)).toBe(0);
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail('late');
    await post(t, '/register', signUp(email));
    const code = await t.mail.nextCode(email);
    await t.database.pool.query("update otps set expires_at = now() - interval '1 second' where email = $1", [email]);
    const res = await post(t, '/verify-otp', { email, otp: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OTP_EXPIRED');
    expect(await userCount(email)).toBe(0);
  });

  it('checks the code format and refuses a code for an email with no pending registration', async () => {
    const short = await post(t, '/verify-otp', { email: uniqueEmail('fmt'), otp: '12a45' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({ otp: 'Please enter a 6-digit OTP.' });
    const none = await post(t, '/verify-otp', { email: uniqueEmail('none'), otp: '123456' });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('OTP_INVALID');
  });
});

describe('registration without a mail server says where the code is', () => {
  let dev: TestApp;
  let production: TestApp;
  const printed: string[] = [];
  beforeAll(async () => {
    dev = await createTestApp({ SMTP_URL: '', NODE_ENV: 'development' });
    production = await createTestApp({ SMTP_URL: '', NODE_ENV: 'production' }, { mailLog: (l) => printed.push(l) });
  });
  afterAll(async () => {
    await dev.close();
    await production.close();
  });

  /** The code of the newest mail to `email` in the development mailbox, as its page lists them. */
  const codeInDevMailbox = async (email: string) => {
    const res = await dev.request({ method: 'GET', url: '/dev/mailbox/messages' });
    const mail = (res.json().messages as { to: string; text: string }[]).find((m) => m.to === email);
    return /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  };

  it('in development: the code is in the development mailbox, and register and resend say so with its path', async () => {
    const email = uniqueEmail('devreg');
    const res = await post(dev, '/register', signUp(email));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'No mail was sent (development mode): your code is in the development mailbox.',
      delivery: 'devMailbox',
      mailbox: '/dev/mailbox',
      email,
    });
    const first = await codeInDevMailbox(email);
    expect(first).toMatch(/^\d{6}$/);
    expect(dev.mail.messages).toHaveLength(0);

    await dev.database.pool.query("update otps set sent_at = now() - interval '91 seconds' where email = $1", [email]);
    const resent = await post(dev, '/resend-otp', { email });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({
      message: 'No mail was sent (development mode): your code is in the development mailbox.',
      delivery: 'devMailbox',
      mailbox: '/dev/mailbox',
    });
    const verified = await post(dev, '/verify-otp', { email, otp: await codeInDevMailbox(email) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe('User successfully registered');
    expect(dev.mail.messages).toHaveLength(0);
  });

  it('in production: the code is only printed in the console, and the answer says no mail was sent', async () => {
    const email = uniqueEmail('prodreg');
    const res = await post(production, '/register', signUp(email));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: "No mail was sent: this shop has no mail server set up, so your code is printed in the shop's console.",
      delivery: 'console',
      email,
    });
    expect(printed.some((line) => line.includes(email) && /Your code .* is: \d{6}/.test(line))).toBe(true);
    expect(production.mail.messages).toHaveLength(0);
  });
});
