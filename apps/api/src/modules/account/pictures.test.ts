import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { users } from '../../db/schema/users.ts';

interface FilePart {
  field?: string;
  name: string;
  type: string;
  data: Buffer;
}

/** A real multipart/form-data body, serialised by the platform's own FormData. */
async function multipart(files: FilePart[]) {
  const form = new FormData();
  for (const f of files) form.append(f.field ?? 'image', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();

describe('profile pictures', () => {
  let t: TestApp;
  let u: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    u = await createUser(t);
    other = await createUser(t);
  });
  afterAll(() => t.close());

  async function upload(user: TestUser, files: FilePart[], id = user.id) {
    const body = await multipart(files);
    return t.request({ method: 'POST', url: `/api/user/upload/${id}`, token: user.token, ...body });
  }
  const filePath = (url: string) => path.join(t.dataDir, url.replace(/^\/uploads\//, 'uploads/'));

  it('stores a real PNG as a webp of at most 512 px and serves it', async () => {
    const res = await upload(u, [{ name: 'me.png', type: 'image/png', data: await png() }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Profile picture saved');
    const [url] = res.json().image;
    expect(url).toMatch(/^\/uploads\/users\/[0-9a-f-]+\.webp$/);
    const meta = await sharp(fs.readFileSync(filePath(url))).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(512);
    const served = await t.request({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    const account = await t.request({ method: 'GET', url: '/api/user/account', token: u.token });
    expect(account.json().user.image).toEqual([url]);
  });

  it('refuses a text file named .png with 415 and keeps nothing', async () => {
    const before = fs.readdirSync(path.join(t.dataDir, 'uploads', 'users')).length;
    const res = await upload(u, [
      { name: 'ok.png', type: 'image/png', data: await png(50, 50) },
      { name: 'evil.png', type: 'image/png', data: Buffer.from('<?php echo "hi"; ?>') },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      message: 'Please upload a valid image file (JPEG, PNG, WebP or GIF).',
      code: 'UNSUPPORTED_MEDIA',
    });
    expect(fs.readdirSync(path.join(t.dataDir, 'uploads', 'users'))).toHaveLength(before);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const res = await upload(u, [{ name: 'big.png', type: 'image/png', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Image is too large (5 MB at most).');
  });

  it('refuses a request that is not multipart, has no image, or has other fields', async () => {
    const json = await t.request({ method: 'POST', url: `/api/user/upload/${u.id}`, token: u.token, payload: {} });
    expect(json.statusCode).toBe(415);
    const send = async (form: FormData) => {
      const encoded = new Response(form);
      return t.request({
        method: 'POST',
        url: `/api/user/upload/${u.id}`,
        token: u.token,
        payload: Buffer.from(await encoded.arrayBuffer()),
        headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
      });
    };
    const none = await send(new FormData());
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ image: 'Please choose an image to upload.' });

    const note = new FormData();
    note.append('note', 'hello');
    const unknown = await send(note);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ note: "Unknown field 'note'" });

    const text = new FormData();
    text.append('image', 'not a file');
    const notAFile = await send(text);
    expect(notAFile.statusCode).toBe(400);
    expect(notAFile.json().fields).toEqual({ image: 'Choose a file for this field' });
  });

  it("answers 404 for another user's id and 401 without a token", async () => {
    const res = await upload(u, [{ name: 'me.png', type: 'image/png', data: await png(40, 40) }], other.id);
    expect(res.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, other.id));
    expect(row.images).toEqual([]);
    const body = await multipart([{ name: 'me.png', type: 'image/png', data: await png(40, 40) }]);
    expect((await t.request({ method: 'POST', url: `/api/user/upload/${u.id}`, ...body })).statusCode).toBe(401);
  });

  it('keeps at most 5 pictures', async () => {
    const small = { name: 'p.png', type: 'image/png', data: await png(30, 30) };
    const six = await upload(other, [small, small, small, small, small, small]);
    expect(six.statusCode).toBe(400);
    expect(six.json().message).toBe('You can keep at most 5 profile pictures.');
    const three = await upload(other, [small, small, small]);
    expect(three.json().image).toHaveLength(3);
    const threeMore = await upload(other, [small, small, small]);
    expect(threeMore.statusCode).toBe(400);
    const two = await upload(other, [small, small]);
    expect(two.json().image).toHaveLength(5);
    const sixth = await upload(other, [small]);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toEqual({
      message: 'You can keep at most 5 profile pictures.',
      code: 'VALIDATION',
      fields: { image: 'You can keep at most 5 profile pictures.' },
    });
  });

  it('deletes a picture by index and removes its file', async () => {
    const { image } = (await t.request({ method: 'GET', url: '/api/user/account', token: other.token })).json().user;
    expect(image).toHaveLength(5);
    const res = await t.request({ method: 'DELETE', url: `/api/user/${other.id}/1`, token: other.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Profile picture deleted',
      image: [image[0], image[2], image[3], image[4]],
    });
    expect(fs.existsSync(filePath(image[1]))).toBe(false);
    expect(fs.existsSync(filePath(image[0]))).toBe(true);
  });

  it('answers 404 for an index out of range or another user id', async () => {
    const out = await t.request({ method: 'DELETE', url: `/api/user/${other.id}/4`, token: other.token });
    expect(out.statusCode).toBe(404);
    const text = await t.request({ method: 'DELETE', url: `/api/user/${other.id}/x`, token: other.token });
    expect(text.statusCode).toBe(404);
    const theirs = await t.request({ method: 'DELETE', url: `/api/user/${other.id}/0`, token: u.token });
    expect(theirs.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, other.id));
    expect(row.images).toHaveLength(4);
  });
});
