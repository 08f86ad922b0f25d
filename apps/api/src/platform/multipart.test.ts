import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FormPart, multipart } from '../../test/bad-requests.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/users.ts';

const BOUNDARY = 'form-boundary-1';
const CONTACT: FormPart[] = [
  { name: 'name', value: 'Asha Rao' },
  { name: 'email', value: 'asha@example.com' },
  { name: 'message', value: 'Where is my bag?' },
];

describe('multipart forms the reader cannot take', () => {
  let t: TestApp;
  let admin: TestUser;
  let png: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
    png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#a0522d' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  let sent = 0;
  // A new address each time: the contact form's rate limit is per address.
  const send = (url: string, payload: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
    t.request({
      method: 'POST',
      url,
      payload,
      token: admin.token,
      headers: { 'content-type': contentType },
      remoteAddress: `10.0.0.${++sent}`,
    });
  const contact = (parts: FormPart[], options?: { close?: boolean; cut?: number }, contentType?: string) =>
    send('/api/contact', multipart(parts, BOUNDARY, options), contentType);
  const storedMessages = async () =>
    (await t.database.pool.query<{ n: number }>('select count(*)::int as n from contact_messages')).rows[0].n;
  const unreadable = { message: 'The form could not be read. Please send it again.', code: 'VALIDATION' };

  it('takes a well-formed contact form (the baseline of the cases below)', async () => {
    expect((await contact(CONTACT)).statusCode).toBe(201);
    expect(await storedMessages()).toBe(1);
  });

  it('refuses malformed and truncated forms with 400 in the error shape', async () => {
    const whole = multipart(CONTACT, BOUNDARY).length;
    const cases: Array<[string, Awaited<ReturnType<typeof contact>>]> = [
      ['no closing boundary', await contact(CONTACT, { close: false })],
      ['cut inside a part', await contact(CONTACT, { cut: whole - 30 })],
      ['cut inside a header', await contact(CONTACT, { cut: 20 })],
      ['no boundary', await contact(CONTACT, undefined, 'multipart/form-data')],
      ['a part without a name', await contact([...CONTACT, { name: '', value: 'x', nameless: true }])],
    ];
    for (const [label, res] of cases) {
      expect(res.statusCode, label).toBe(400);
      expect(res.json(), label).toEqual(unreadable);
    }
    const otherBoundary = await contact(CONTACT, undefined, 'multipart/form-data; boundary=another');
    expect(otherBoundary.statusCode).toBe(400);
    expect(await storedMessages()).toBe(1);
  });

  it('refuses NUL in a field value, a field name or a file name', async () => {
    const value = await contact([CONTACT[0], CONTACT[1], { name: 'message', value: 'Where is\u0000 my bag?' }]);
    expect(value.statusCode).toBe(400);
    expect(value.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { message: 'Text must not contain NUL characters' },
    });
    const name = await contact([...CONTACT, { name: 'no\u0000te', value: 'x' }]);
    expect(name.statusCode).toBe(400);
    const fileName = await send(
      '/api/upload',
      multipart([{ name: 'image', value: png, filename: 'bag\u0000.png', contentType: 'image/png' }], BOUNDARY),
    );
    expect(fileName.statusCode).toBe(400);
    expect(fileName.json().fields).toEqual({ image: 'Text must not contain NUL characters' });
    expect(await storedMessages()).toBe(1);
  });

  it('refuses too many files, too many fields and a field over the limit', async () => {
    // Empty file inputs are skipped, so only the reader's own count of parts stops these.
    const files = Array.from({ length: 11 }, () => ({ name: 'image', value: Buffer.alloc(0), filename: '' }));
    const manyFiles = await send('/api/upload', multipart(files, BOUNDARY));
    expect(manyFiles.statusCode).toBe(413);
    expect(manyFiles.json()).toEqual({ message: 'Too many files in one form', code: 'PAYLOAD_TOO_LARGE' });

    const extra = Array.from({ length: 21 }, (_v, i) => ({ name: `f${i}`, value: 'x' }));
    const manyFields = await contact([...CONTACT, ...extra]);
    expect(manyFields.statusCode).toBe(413);
    expect(manyFields.json()).toEqual({ message: 'Too many fields in one form', code: 'PAYLOAD_TOO_LARGE' });

    const long = await contact([CONTACT[0], CONTACT[1], { name: 'message', value: 'x'.repeat(1024 * 1024 + 1) }]);
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ message: 'This field is too long' });
    expect(await storedMessages()).toBe(1);
  });

  it('refuses a file where text belongs, text where a file belongs, and a JSON part', async () => {
    const file = await contact([CONTACT[0], CONTACT[1], { name: 'message', value: 'hi', filename: 'note.txt' }]);
    expect(file.statusCode).toBe(400);
    expect(file.json().fields).toEqual({ message: 'Send this field as text, not as a file' });

    const text = await send('/api/upload', multipart([{ name: 'image', value: 'not a file' }], BOUNDARY));
    expect(text.statusCode).toBe(400);
    expect(text.json().fields).toEqual({ image: 'Choose a file for this field' });

    const jsonPart = await contact([
      CONTACT[0],
      CONTACT[1],
      { name: 'message', value: '{"a":1}', contentType: 'application/json' },
    ]);
    expect(jsonPart.statusCode).toBe(400);
    expect(jsonPart.json().fields).toEqual({ message: 'The form could not be read. Please send it again.' });
    expect(await storedMessages()).toBe(1);
  });
});
