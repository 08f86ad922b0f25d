import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { users } from '../../db/schema/users.ts';
import { post, signUp, uniqueEmail, wrongCode } from '../auth/auth-test-helpers.ts';

describe('changing the email of an account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STORE_EMAIL: 'care@bagshop.in' });
  });
  afterAll(() => t.close());

  const askFor = (user: TestUser, email: string, name = 'Test User') =>
    t.request({
      method: 'PUT',
      url: '/api/user/account/edit',
      token: user.token,
      payload: { name, email, phone: '9876543210', currentPassword: user.password },
    });
  const verify = (user: TestUser, otp: string) => post(t, '/account/verify-email-change', { otp }, user.token);
  const resend = (user: TestUser) => post(t, '/account/verify-email-change/resend', {}, user.token);
  const signIn = (email: string, password: string) => post(t, '/login', { email, password });
  const emailOf = async (user: TestUser) =>
    (await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, user.id)))[0].email;

  it('takes effect only when the code sent to the new address comes back, and tells the old address', async () => {
    const user = await createUser(t, { email: uniqueEmail('old'), name: 'Asha Menon' });
    const newEmail = uniqueEmail('new');
    const asked = await askFor(user, newEmail.toUpperCase(), 'Asha Menon');
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ pendingEmail: newEmail, user: { email: user.email } });
    const mail = await t.mail.next(newEmail, /Confirm your new Bag Shop email/);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    expect(mail.text).toContain('Hello Asha Menon,');

    // Until the code comes back, the old address is the one that signs in.
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    expect((await signIn(newEmail, user.password)).statusCode).toBe(401);

    const wrong = await verify(user, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('OTP_INVALID');
    expect(await emailOf(user)).toBe(user.email);

    const done = await verify(user, code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      message: 'Your email has been changed',
      user: { _id: user.id, email: newEmail, emailVerified: true },
    });
    expect(await emailOf(user)).toBe(newEmail);
    expect((await signIn(newEmail, user.password)).statusCode).toBe(200);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);

    const notice = await t.mail.next(user.email, /Your Bag Shop email was changed/);
    expect(notice.text).toContain(`changed from ${user.email} to ${newEmail}`);
    expect(notice.text).toContain('care@bagshop.in');

    // The code is used up; the confirming browser goes on with the new session it was given.
    const renewed = { ...user, token: done.json().token as string };
    expect((await verify(renewed, code)).statusCode).toBe(404);
  });

  it('resends the code after the wait, and only the newest code works', async () => {
    const user = await createUser(t);
    const newEmail = uniqueEmail('resend');
    await askFor(user, newEmail);
    const first = await t.mail.nextCode(newEmail);
    const early = await resend(user);
    expect(early.statusCode).toBe(429);
    expect(early.json().code).toBe('RESEND_TOO_SOON');
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(170);

    // Asking again for the same address while its code is out sends nothing new.
    expect((await askFor(user, newEmail)).json().pendingEmail).toBe(newEmail);
    await expect(t.mail.next(newEmail, undefined, 300)).rejects.toThrow(/No mail/);

    await t.database.pool.query("update otps set sent_at = now() - interval '181 seconds' where email = $1", [
      newEmail,
    ]);
    const again = await resend(user);
    expect(again.statusCode).toBe(200);
    const second = await t.mail.nextCode(newEmail);
    if (second !== first) expect((await verify(user, first)).statusCode).toBe(400);
    expect((await verify(user, second)).statusCode).toBe(200);
    expect(await emailOf(user)).toBe(newEmail);
  });

  it('answers 404 when no change is waiting, and an expired change cannot be resent', async () => {
    const user = await createUser(t);
    const none = await verify(user, '123456');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: 'There is no email change waiting for a code.', code: 'NOT_FOUND' });
    expect((await resend(user)).statusCode).toBe(404);

    const newEmail = uniqueEmail('late');
    await askFor(user, newEmail);
    const code = await t.mail.nextCode(newEmail);
    await t.database.pool.query(
      "update otps set expires_at = now() - interval '1 second', sent_at = now() - interval '11 minutes' where email = $1",
      [newEmail],
    );
    expect((await verify(user, code)).json().code).toBe('OTP_EXPIRED');
    expect((await resend(user)).json().code).toBe('OTP_EXPIRED');
    expect(await emailOf(user)).toBe(user.email);
  });

  it('refuses an address another account holds, with nothing changed', async () => {
    const holder = await createUser(t);
    const user = await createUser(t, { name: 'Before Change' });
    const res = await askFor(user, holder.email, 'After Change');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', fields: { email: expect.any(String) } });
    const [row] = await t.database.db.select({ name: users.name }).from(users).where(eq(users.id, user.id));
    expect(row.name).toBe('Before Change');
  });

  it('refuses an address held by an unverified registration or by another account’s pending change', async () => {
    const signingUp = uniqueEmail('signup');
    expect((await post(t, '/register', signUp(signingUp))).statusCode).toBe(201);
    await t.mail.nextCode(signingUp);
    const user = await createUser(t);
    const held = await askFor(user, signingUp);
    expect(held.statusCode).toBe(409);
    expect(held.json()).toEqual({
      message: 'This email is waiting to be verified for another account.',
      code: 'EMAIL_PENDING',
      fields: { email: 'This email is waiting to be verified for another account.' },
    });

    const wanted = uniqueEmail('wanted');
    const first = await createUser(t);
    expect((await askFor(first, wanted)).statusCode).toBe(200);
    const firstCode = await t.mail.nextCode(wanted);
    const second = await createUser(t);
    expect((await askFor(second, wanted)).json().code).toBe('EMAIL_PENDING');
    // Nor can anyone register the address while the change waits for its code.
    const register = await post(t, '/register', signUp(wanted));
    expect(register.statusCode).toBe(409);
    expect(register.json().code).toBe('EMAIL_PENDING');

    // Once the first account's code has expired, the address is free again.
    await t.database.pool.query(
      "update otps set expires_at = now() - interval '1 second', sent_at = now() - interval '11 minutes' where email = $1",
      [wanted],
    );
    expect((await askFor(second, wanted)).statusCode).toBe(200);
    const code = await t.mail.nextCode(wanted);
    expect((await verify(first, firstCode)).statusCode).toBe(404);
    expect((await verify(first, code)).statusCode).toBe(404);
    expect((await verify(second, code)).statusCode).toBe(200);
    expect(await emailOf(second)).toBe(wanted);
  });

  it('refuses the code with 409 when another account took the address meanwhile', async () => {
    const user = await createUser(t);
    const newEmail = uniqueEmail('raced');
    await askFor(user, newEmail);
    const code = await t.mail.nextCode(newEmail);
    await t.database.pool.query("insert into users (email, name) values ($1, 'Someone Else')", [newEmail]);
    const res = await verify(user, code);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMAIL_TAKEN');
    expect(await emailOf(user)).toBe(user.email);
  });

  it('a code works only for the account that asked for the change', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const newEmail = uniqueEmail('mine');
    await askFor(owner, newEmail);
    const code = await t.mail.nextCode(newEmail);
    await askFor(other, uniqueEmail('theirs'));
    expect((await verify(other, code)).statusCode).toBe(400);
    expect(
      (await t.request({ method: 'POST', url: '/api/user/account/verify-email-change', payload: { otp: code } }))
        .statusCode,
    ).toBe(401);
    expect(await emailOf(other)).toBe(other.email);
    expect((await verify(owner, code)).statusCode).toBe(200);
  });

  const edit = (user: TestUser, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: '/api/user/account/edit', token: user.token, payload });
  const account = (token: string) => t.request({ method: 'GET', url: '/api/user/account', token });
  const nameOf = async (user: TestUser) =>
    (await t.database.db.select({ name: users.name }).from(users).where(eq(users.id, user.id)))[0].name;
  const changeCodes = async (email: string) =>
    (await t.database.pool.query("select id from otps where email = $1 and purpose = 'change_email'", [email]))
      .rowCount;

  it('asks for the current password when the email changes, and changes nothing without it', async () => {
    const user = await createUser(t, { name: 'Kept Name' });
    const newEmail = uniqueEmail('nopass');
    const missing = await edit(user, { name: 'New Name', email: newEmail, phone: '9876543210' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { currentPassword: 'Enter your current password to change your email' },
    });
    const empty = await edit(user, { name: 'New Name', email: newEmail, phone: '9876543210', currentPassword: '' });
    expect(empty.json().fields).toEqual({ currentPassword: 'Enter your current password to change your email' });
    expect(await nameOf(user)).toBe('Kept Name');
    expect(await changeCodes(newEmail)).toBe(0);
    // Name and phone alone still need no password.
    expect((await edit(user, { name: 'New Name', email: user.email, phone: '9876543210' })).statusCode).toBe(200);
    expect(await nameOf(user)).toBe('New Name');
  });

  it('refuses a wrong current password with nothing changed, and counts it as a failed sign-in', async () => {
    const user = await createUser(t, { name: 'Kept Name' });
    const newEmail = uniqueEmail('wrongpass');
    const payload = { name: 'New Name', email: newEmail, phone: '9876543210', currentPassword: 'Wrong@1234' };
    const wrong = await edit(user, payload);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: 'Current password is incorrect',
      code: 'VALIDATION',
      fields: { currentPassword: 'Current password is incorrect' },
    });
    expect(await nameOf(user)).toBe('Kept Name');
    expect(await changeCodes(newEmail)).toBe(0);
    await expect(t.mail.next(newEmail, undefined, 300)).rejects.toThrow(/No mail/);
    // Ten failures in all lock the account's sign-in, here and at /login alike.
    for (let i = 0; i < 9; i++) expect((await edit(user, payload)).statusCode).toBe(400);
    const locked = await edit(user, { ...payload, currentPassword: user.password });
    expect(locked.statusCode).toBe(429);
    expect((await signIn(user.email, user.password)).statusCode).toBe(429);
    expect(await emailOf(user)).toBe(user.email);
  });

  it('confirming ends every other session; the confirming one gets new tokens', async () => {
    const user = await createUser(t);
    const other = (await signIn(user.email, user.password)).json() as { token: string; refreshToken: string };
    expect((await account(other.token)).statusCode).toBe(200);
    const newEmail = uniqueEmail('takeover');
    expect((await askFor(user, newEmail)).statusCode).toBe(200);
    const done = await verify(user, await t.mail.nextCode(newEmail));
    expect(done.statusCode).toBe(200);
    const session = done.json() as { token: string; refreshToken: string; user: { email: string } };
    expect(session.user.email).toBe(newEmail);

    // The other session: its access token and its refresh token are refused at once.
    expect((await account(other.token)).statusCode).toBe(401);
    expect((await post(t, '/auth/refresh', { refreshToken: other.refreshToken })).statusCode).toBe(401);
    // The token the change was confirmed with is replaced by the new session, which works and renews.
    expect((await account(user.token)).statusCode).toBe(401);
    expect((await account(session.token)).statusCode).toBe(200);
    const renewed = await post(t, '/auth/refresh', { refreshToken: session.refreshToken });
    expect(renewed.statusCode).toBe(200);
    expect((await account(renewed.json().accessToken)).statusCode).toBe(200);
  });

  it('an account made with Google (no password) confirms with a second code sent to its current address', async () => {
    const user = await createUser(t, { name: 'Google Only' });
    await t.database.db
      .update(users)
      .set({ passwordHash: null, googleSub: `google-${user.id}` })
      .where(eq(users.id, user.id));
    const newEmail = uniqueEmail('fromgoogle');
    const asked = await edit(user, { name: 'Google Only', email: newEmail, phone: '9876543210' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      pendingEmail: newEmail,
      currentEmailCodeSent: true,
      user: { email: user.email, hasPassword: false },
    });
    const newCode = await t.mail.nextCode(newEmail, /Confirm your new Bag Shop email/);
    const oldMail = await t.mail.next(user.email, /Confirm changing your Bag Shop email/);
    const oldCode = /\b(\d{6})\b/.exec(oldMail.text)?.[1] ?? '';
    expect(oldMail.text).toContain('to move your Bag Shop account away from this address');

    // The new address's code alone is not enough: whoever holds a stolen token does not read the old mailbox.
    const alone = await verify(user, newCode);
    expect(alone.statusCode).toBe(400);
    expect(alone.json().fields).toEqual({ currentEmailOtp: 'Enter the code sent to your current email' });
    const wrongOld = await post(
      t,
      '/account/verify-email-change',
      { otp: newCode, currentEmailOtp: wrongCode(oldCode) },
      user.token,
    );
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json()).toMatchObject({ code: 'OTP_INVALID', fields: { currentEmailOtp: expect.any(String) } });
    expect(await emailOf(user)).toBe(user.email);

    const done = await post(t, '/account/verify-email-change', { otp: newCode, currentEmailOtp: oldCode }, user.token);
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ email: newEmail, emailVerified: true, hasPassword: false });
    expect(await emailOf(user)).toBe(newEmail);
    const left = await t.database.pool.query("select id from otps where email = $1 and purpose = 'change_email_old'", [
      user.email,
    ]);
    expect(left.rowCount).toBe(0);
  });
});
