import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

interface FilePart {
  field?: string;
  name: string;
  type: string;
  data: Buffer;
}

async function multipart(files: FilePart[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const f of files) form.append(f.field ?? 'image', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

const png = () =>
  sharp({ create: { width: 1500, height: 1000, channels: 4, background: { r: 10, g: 200, b: 90, alpha: 1 } } })
    .png()
    .toBuffer();

describe('image upload', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
    customer = await createUser(t);
  });
  afterAll(() => t.close());

  const upload = async (files: FilePart[], token?: string, fields?: Record<string, string>) =>
    t.request({ method: 'POST', url: '/api/upload', token, ...(await multipart(files, fields)) });
  const onDisk = (url: string) => path.join(t.dataDir, url.replace(/^\/uploads\//, 'uploads/'));
  const storedCount = () => {
    const dir = path.join(t.dataDir, 'uploads', 'products');
    return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
  };

  it('stores each image as a large and a small webp', async () => {
    const res = await upload(
      [
        { name: 'a.png', type: 'image/png', data: await png() },
        { field: 'pdImage', name: 'b.png', type: 'image/png', data: await png() },
      ],
      admin.token,
    );
    expect(res.statusCode).toBe(200);
    const { images } = res.json();
    expect(images).toHaveLength(2);
    for (const image of images) {
      const large = await sharp(fs.readFileSync(onDisk(image.large))).metadata();
      const thumb = await sharp(fs.readFileSync(onDisk(image.thumb))).metadata();
      expect([large.format, large.width]).toEqual(['webp', 1200]);
      expect([thumb.format, thumb.width]).toEqual(['webp', 400]);
    }
  });

  it('refuses a text file named .png with 415 and stores nothing', async () => {
    const before = storedCount();
    const res = await upload(
      [
        { name: 'a.png', type: 'image/png', data: await png() },
        { name: 'b.png', type: 'image/png', data: Buffer.from('plain text') },
      ],
      admin.token,
    );
    expect(res.statusCode).toBe(415);
    expect(storedCount()).toBe(before);
  });

  it('needs at least one image and refuses other fields', async () => {
    const none = await upload([], admin.token);
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ image: 'At least one image is required' });
    const other = await upload([{ field: 'file', name: 'a.png', type: 'image/png', data: await png() }], admin.token);
    expect(other.json().fields).toEqual({ file: "Unknown field 'file'" });
    const text = await upload([], admin.token, { note: 'hello' });
    expect(text.json().fields).toEqual({ note: "Unknown field 'note'" });
  });

  it('refuses visitors with 401 and customers with 403', async () => {
    const files = [{ name: 'a.png', type: 'image/png', data: await png() }];
    expect((await upload(files)).statusCode).toBe(401);
    expect((await upload(files, customer.token)).statusCode).toBe(403);
  });
});
