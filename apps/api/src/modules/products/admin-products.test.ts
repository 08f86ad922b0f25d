import fs from 'node:fs';
import path from 'node:path';
import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOffer, createProduct, expectStoredPricesShared } from '../../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { products } from '../../db/schema/catalogue.ts';
import { stockMovements } from '../../db/schema/stock.ts';
import { listAdminProducts } from './admin-service.ts';

interface FilePart {
  field?: string;
  name: string;
  type: string;
  data: Buffer;
}

/** A real multipart/form-data body, serialised by the platform's own FormData. */
async function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const f of files)
    form.append(f.field ?? 'pdImage', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

const image = (format: 'png' | 'jpeg', width = 1600, height = 900) => {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } });
  return (format === 'png' ? base.png() : base.jpeg()).toBuffer();
};
const pngFile = async (name = 'bag.png'): Promise<FilePart> => ({ name, type: 'image/png', data: await image('png') });

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('admin products', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  let categoryId: string;
  beforeAll(async () => {
    // Settings other than the built-in ones, so the tests tell them apart (docs/decisions/038-parcel-sizes.md).
    t = await createTestApp({ DEFAULT_WEIGHT_GRAMS: '800', DEFAULT_PARCEL_CM: '40x30x15', LOW_STOCK_AT: '5' });
    admin = await createUser(t, { isAdmin: true });
    customer = await createUser(t);
    categoryId = (await createCategory(t, { name: 'Backpacks' })).id;
  });
  afterAll(() => t.close());

  const fieldsOf = (overrides: Record<string, string> = {}) => ({
    name: 'Trail Pack',
    description: 'A light pack for day hikes',
    price: '1499.50',
    offer: 'none',
    category: categoryId,
    quantity: '12',
    brand: 'Wildcraft',
    color: 'Green',
    size: '30Lx12Bx40Hcm',
    ...overrides,
  });
  const send = async (
    method: 'POST' | 'PUT',
    url: string,
    fields: Record<string, string>,
    files: FilePart[],
    token: string | undefined,
  ) => t.request({ method, url, token, ...(await multipart(fields, files)) });
  const edit = (url: string, fields: Record<string, string>, files: FilePart[] = []) =>
    send('PUT', url, fields, files, admin.token);
  const addProduct = (fields: Record<string, string>, files: FilePart[], token?: string) =>
    send('POST', '/api/products', fields, files, token ?? admin.token);
  const onDisk = (url: string) => path.join(t.dataDir, url.replace(/^\/uploads\//, 'uploads/'));
  const productFiles = () => {
    const dir = path.join(t.dataDir, 'uploads', 'products');
    return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
  };
  const productCount = async () => (await t.database.db.select({ id: products.id }).from(products)).length;

  it('adds a product from a real PNG and JPEG, stored as large and small webp files', async () => {
    const offer = await createOffer(t, { type: 'products', discount: 10 });
    const res = await addProduct(fieldsOf({ offer: offer.id }), [
      await pngFile(),
      { name: 'side.jpg', type: 'image/jpeg', data: await image('jpeg', 500, 800) },
    ]);
    expect(res.statusCode).toBe(201);
    const { message, product } = res.json();
    expect(message).toBe('Product added successfully!');
    expect(product).toMatchObject({
      name: 'Trail Pack',
      price: 1499.5,
      quantity: 12,
      color: 'Green',
      offer: { _id: offer.id },
      category: { _id: categoryId, name: 'Backpacks' },
      discountPercent: 10,
      finalPrice: 1349.55,
      isExist: true,
    });
    expect(product.pdImage).toHaveLength(2);
    expect(product.thumbs).toHaveLength(2);
    const large = await sharp(fs.readFileSync(onDisk(product.pdImage[0]))).metadata();
    expect(large.format).toBe('webp');
    expect(large.width).toBe(1200);
    const thumb = await sharp(fs.readFileSync(onDisk(product.thumbs[0]))).metadata();
    expect(thumb.format).toBe('webp');
    expect(thumb.width).toBe(400);
    const small = await sharp(fs.readFileSync(onDisk(product.pdImage[1]))).metadata();
    expect(small.height).toBe(800);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product._id));
    expect(row.pricePaise).toBe(149950);
    const served = await t.request({ method: 'GET', url: product.thumbs[1] });
    expect(served.statusCode).toBe(200);
  });

  it('takes the names real catalogues hold, Hindi and an apostrophe among them, and the shop finds them (decision 051)', async () => {
    for (const name of ['कपड़े का थैला', "Women's Tote"]) {
      const res = await addProduct(fieldsOf({ name }), [await pngFile()]);
      expect(res.statusCode, name).toBe(201);
      expect(res.json().product.name).toBe(name);
      const found = await t.request({
        method: 'GET',
        url: `/api/products/shop-products?keyword=${encodeURIComponent(name.split(' ')[0])}`,
      });
      expect(found.json().products.map((p: { name: string }) => p.name)).toContain(name);
    }
    const refused = await addProduct(fieldsOf({ name: 'Tote <b>' }), [await pngFile()]);
    expect(refused.statusCode).toBe(400);
  });

  it('keeps a SKU unique among live products, whatever its case, also when two admins save at once (decision 052)', async () => {
    const first = await addProduct(fieldsOf({ sku: 'TRL-PK-001' }), [await pngFile()]);
    expect(first.statusCode).toBe(201);
    const { product } = first.json();
    expect(product.sku).toBe('TRL-PK-001');

    const before = await productCount();
    const same = await addProduct(fieldsOf({ sku: 'trl-pk-001' }), [await pngFile()]);
    expect(same.statusCode, same.body).toBe(409);
    expect(same.json().fields).toEqual({ sku: 'Another product already has this SKU' });
    expect(await productCount()).toBe(before);

    const racers = await Promise.all(
      [1, 2, 3].map(async () => addProduct(fieldsOf({ sku: 'RACE-42' }), [await pngFile()])),
    );
    expect(racers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);

    // An edit that leaves the field out keeps the SKU; an empty field clears it; a bad one is refused.
    const url = `/api/products/${product._id}`;
    const withoutSku = fieldsOf({ existingImages: JSON.stringify(product.pdImage) });
    expect((await edit(url, withoutSku)).json().product.sku).toBe('TRL-PK-001');
    const bad = await edit(url, { ...withoutSku, sku: 'TRL PK #1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.sku).toBe('A SKU has up to 64 letters, digits, spaces and . _ / - characters');
    expect((await edit(url, { ...withoutSku, sku: '' })).json().product.sku).toBeNull();

    // The administrator's list finds a product by its SKU.
    const listed = await t.request({ method: 'GET', url: '/api/products?keyword=race-42', token: admin.token });
    expect(listed.json().products.map((p: { sku: string }) => p.sku)).toEqual(['RACE-42']);

    // A deleted product gives its SKU back.
    const racer = racers.find((r) => r.statusCode === 201)?.json().product._id;
    expect((await t.request({ method: 'DELETE', url: `/api/products/${racer}`, token: admin.token })).statusCode).toBe(
      200,
    );
    expect((await addProduct(fieldsOf({ sku: 'race-42' }), [await pngFile()])).statusCode).toBe(201);
  });

  it('answers each invalid field with its own message', async () => {
    const res = await addProduct(
      fieldsOf({
        name: 'A product name that is far too long',
        description: '',
        price: '0',
        category: '',
        quantity: '0',
        brand: '',
        color: 'Purple',
        size: '30 litres',
      }),
      [],
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: 'Name must be at most 25 characters long',
      description: 'Description is required',
      price: 'Enter a valid price',
      category: 'Category is required',
      quantity: 'Enter a valid quantity',
      brand: 'Brand is required',
      color: 'Color is required',
      size: 'Size is required',
      pdImage: 'At least one image is required',
    });
    const noImage = await addProduct(fieldsOf(), [], admin.token);
    expect(noImage.json().fields).toEqual({ pdImage: 'At least one image is required' });
  });

  it('refuses unknown fields, unknown file fields, wrong offers and missing categories', async () => {
    const files = [await pngFile()];
    const extra = await addProduct({ ...fieldsOf(), rating: '5' }, files);
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fields).toEqual({ rating: "Unknown field 'rating'" });
    const wrongFile = await addProduct(fieldsOf(), [{ ...files[0], field: 'photo' }]);
    expect(wrongFile.statusCode).toBe(400);
    expect(wrongFile.json().fields).toEqual({ photo: "Unknown field 'photo'" });

    const categoryOffer = await createOffer(t, { type: 'category' });
    const wrongOffer = await addProduct(fieldsOf({ offer: categoryOffer.id }), files);
    expect(wrongOffer.statusCode).toBe(400);
    expect(wrongOffer.json().fields).toEqual({ offer: 'This offer does not apply here' });
    const gone = await createCategory(t, { deletedAt: new Date() });
    const noCategory = await addProduct(fieldsOf({ category: gone.id }), files);
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().fields).toEqual({ category: 'Category not found' });
    const json = await t.request({ method: 'POST', url: '/api/products', payload: fieldsOf(), token: admin.token });
    expect(json.statusCode).toBe(415);
  });

  it('refuses a text file named .png with 415 and creates nothing', async () => {
    const filesBefore = productFiles();
    const rowsBefore = await productCount();
    const res = await addProduct(fieldsOf({ name: 'Fake Image' }), [
      await pngFile(),
      { name: 'evil.png', type: 'image/png', data: Buffer.from('not an image at all') },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Please upload a valid image file (JPEG, PNG, WebP or GIF).');
    expect(productFiles()).toBe(filesBefore);
    expect(await productCount()).toBe(rowsBefore);
  });

  it('refuses more than 8 images', async () => {
    const one = await pngFile();
    const res = await addProduct(
      fieldsOf(),
      Array.from({ length: 9 }, () => one),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ pdImage: 'A product can have at most 8 images' });
  });

  it('refuses visitors with 401 and customers with 403', async () => {
    const files = [await pngFile()];
    expect((await send('POST', '/api/products', fieldsOf(), files, undefined)).statusCode).toBe(401);
    expect((await addProduct(fieldsOf(), files, customer.token)).statusCode).toBe(403);
    const p = await createProduct(t, { categoryId });
    const calls = [
      { method: 'GET' as const, url: '/api/products' },
      { method: 'PUT' as const, url: `/api/products/${p.id}/unblock` },
      { method: 'DELETE' as const, url: `/api/products/${p.id}` },
      { method: 'DELETE' as const, url: `/api/products/${p.id}/0` },
    ];
    for (const call of calls) {
      expect((await t.request(call)).statusCode).toBe(401);
      expect((await t.request({ ...call, token: customer.token })).statusCode).toBe(403);
    }
    expect((await send('PUT', `/api/products/${p.id}`, fieldsOf(), [], customer.token)).statusCode).toBe(403);
  });

  it('lists products newest first in pages of 6, blocked ones included, with a literal keyword', async () => {
    const base = Date.now() + 60_000;
    for (let i = 0; i < 7; i++) {
      await createProduct(t, {
        categoryId,
        name: `Canvas Tote ${'abcdefg'[i]}`,
        isBlocked: i === 6,
        createdAt: new Date(base + i * 1000),
      });
    }
    await createProduct(t, { categoryId, name: 'Canvas Tote gone', deletedAt: new Date() });
    await createProduct(t, { categoryId, name: 'Odd', brand: 'Big_Brand' });
    const list = (query: string) => t.request({ method: 'GET', url: `/api/products${query}`, token: admin.token });
    const first = await list('?keyword=canvas');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 7, page: 1, pages: 2 });
    const names = first.json().products.map((p: { name: string }) => p.name);
    expect(names).toEqual(['g', 'f', 'e', 'd', 'c', 'b'].map((c) => `Canvas Tote ${c}`));
    expect(first.json().products[0]).toMatchObject({ isExist: false, available: false });
    const second = await list('?keyword=canvas&page=2');
    expect(second.json().products.map((p: { name: string }) => p.name)).toEqual(['Canvas Tote a']);
    const underscore = await list('?keyword=g_b');
    expect(underscore.json().products.map((p: { name: string }) => p.name)).toEqual(['Odd']);
    // Every field the service gives reaches the administrator through the documented response schema.
    const listed = await listAdminProducts(t.database.db, {
      keyword: 'canvas',
      page: 1,
      limit: 6,
      sort: 'createdAt',
      dir: 'desc',
    });
    expect(first.json()).toEqual(JSON.parse(JSON.stringify(listed)));
  });

  describe('parcel weight and package (docs/decisions/038-parcel-sizes.md)', () => {
    const parcelOf = (p: Record<string, unknown>) => [p.weightGrams, p.lengthCm, p.breadthCm, p.heightCm];
    const rowParcel = async (id: string) => {
      const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
      return [row.weightGrams, row.lengthCm, row.breadthCm, row.heightCm];
    };

    it('adds a product with its weight and package, and answers them in the admin list and the details', async () => {
      const res = await addProduct(
        fieldsOf({ name: 'Parcel Pack', weightGrams: '1250', lengthCm: '45', breadthCm: '25', heightCm: '18' }),
        [await pngFile()],
      );
      expect(res.statusCode).toBe(201);
      const { product } = res.json();
      expect(parcelOf(product)).toEqual([1250, 45, 25, 18]);
      expect(await rowParcel(product._id)).toEqual([1250, 45, 25, 18]);
      const details = await t.request({ method: 'GET', url: `/api/products/${product._id}` });
      expect(parcelOf(details.json().product)).toEqual([1250, 45, 25, 18]);
      const list = await t.request({ method: 'GET', url: '/api/products?keyword=parcel', token: admin.token });
      expect(list.json().products.map(parcelOf)).toEqual([[1250, 45, 25, 18]]);
    });

    it('takes the sides the size gives (rounded up, at most 200 cm) and the weight setting when left out', async () => {
      const files = [await pngFile()];
      const fromSize = await addProduct(fieldsOf({ size: '30.5Lx12Bx40.2Hcm' }), files);
      expect(fromSize.statusCode).toBe(201);
      expect(parcelOf(fromSize.json().product)).toEqual([800, 31, 12, 41]);
      // Empty fields are left out; a side that is given wins over the size.
      const partly = await addProduct(
        fieldsOf({ size: '250Lx0Bx7Hcm', weightGrams: '', lengthCm: '60', breadthCm: '', heightCm: ' ' }),
        files,
      );
      expect(partly.statusCode).toBe(201);
      expect(parcelOf(partly.json().product)).toEqual([800, 60, 1, 7]);
    });

    it('refuses weights and sides out of range with 400, a message per field, and nothing added', async () => {
      const filesBefore = productFiles();
      const rowsBefore = await productCount();
      const res = await addProduct(
        fieldsOf({ weightGrams: '30001', lengthCm: '0', breadthCm: '12.5', heightCm: 'ten' }),
        [await pngFile()],
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        weightGrams: CATALOGUE_MSG.weightInvalid,
        lengthCm: CATALOGUE_MSG.parcelSideInvalid,
        breadthCm: CATALOGUE_MSG.parcelSideInvalid,
        heightCm: CATALOGUE_MSG.parcelSideInvalid,
      });
      expect(CATALOGUE_MSG.weightInvalid).toBe('Enter a weight between 1 g and 30 kg');
      expect(CATALOGUE_MSG.parcelSideInvalid).toBe('Enter a size between 1 and 200 cm');
      for (const weightGrams of ['0', '-5', '1e9', '9'.repeat(40)]) {
        const bad = await addProduct(fieldsOf({ weightGrams }), [await pngFile()]);
        expect(bad.json().fields, weightGrams).toEqual({ weightGrams: CATALOGUE_MSG.weightInvalid });
      }
      expect((await addProduct(fieldsOf({ heightCm: '201' }), [])).json().fields).toEqual({
        heightCm: CATALOGUE_MSG.parcelSideInvalid,
        pdImage: 'At least one image is required',
      });
      expect(productFiles()).toBe(filesBefore);
      expect(await productCount()).toBe(rowsBefore);
    });

    it('edits the weight and sides given, keeps the ones left out, and changes nothing on a bad value', async () => {
      const added = await addProduct(fieldsOf({ name: 'Edit Parcel', weightGrams: '900' }), [await pngFile()]);
      const id = added.json().product._id as string;
      expect(await rowParcel(id)).toEqual([900, 30, 12, 40]);
      const url = `/api/products/${id}`;
      const res = await edit(url, fieldsOf({ weightGrams: '30000', heightCm: '200', lengthCm: '', breadthCm: '1' }));
      expect(res.statusCode).toBe(200);
      expect(parcelOf(res.json().product)).toEqual([30000, 30, 1, 200]);
      // A new size does not move saved sides.
      const resized = await edit(url, fieldsOf({ size: '50Lx20Bx60Hcm' }));
      expect(parcelOf(resized.json().product)).toEqual([30000, 30, 1, 200]);

      const [before] = await t.database.db.select().from(products).where(eq(products.id, id));
      const bad = await edit(url, fieldsOf({ name: 'Changed Name', weightGrams: '0', lengthCm: '500' }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({
        weightGrams: CATALOGUE_MSG.weightInvalid,
        lengthCm: CATALOGUE_MSG.parcelSideInvalid,
      });
      const [after] = await t.database.db.select().from(products).where(eq(products.id, id));
      expect(after).toEqual(before);
    });
  });

  describe('editing', () => {
    async function freshProduct(images = 2) {
      const files = await Promise.all(Array.from({ length: images }, (_, i) => pngFile(`p${i}.png`)));
      const res = await addProduct(fieldsOf({ name: 'Edit Pack' }), files);
      expect(res.statusCode).toBe(201);
      return res.json().product as { _id: string; pdImage: string[]; thumbs: string[] };
    }

    it('starts the stock ledger with the added stock; a new quantity in the form is a count row (docs/decisions/049-stock-ledger.md)', async () => {
      const p = await freshProduct(1);
      const url = `/api/products/${p._id}`;
      expect((await edit(url, fieldsOf({ name: 'Edit Pack', quantity: '20' }))).statusCode).toBe(200);
      expect((await edit(url, fieldsOf({ name: 'Renamed Pack', quantity: '20' }))).statusCode).toBe(200);
      const rows = await t.database.db
        .select()
        .from(stockMovements)
        .where(eq(stockMovements.productId, p._id))
        .orderBy(asc(stockMovements.createdAt));
      expect(rows.map((r) => [r.reason, r.delta, r.before, r.after, r.actorId])).toEqual([
        ['opening', 12, 0, 12, admin.id],
        ['count', 8, 12, 20, admin.id],
      ]);
      const [row] = await t.database.db.select().from(products).where(eq(products.id, p._id));
      // Added with the LOW_STOCK_AT setting's threshold.
      expect(row).toMatchObject({ quantity: 20, lowStockAt: 5 });
    });

    it('edits the fields, reorders and drops saved images and appends new ones', async () => {
      const p = await freshProduct(3);
      const res = await edit(
        `/api/products/${p._id}`,
        fieldsOf({
          name: 'Edited Pack',
          price: '999',
          quantity: '0',
          color: 'Red',
          existingImages: JSON.stringify([p.pdImage[2], p.pdImage[0]]),
        }),
        [await pngFile('new.png')],
      );
      expect(res.statusCode).toBe(200);
      const { message, product } = res.json();
      expect(message).toBe('Product Edited successfully!');
      expect(product).toMatchObject({ name: 'Edited Pack', price: 999, quantity: 0, color: 'Red' });
      expect(product.pdImage.slice(0, 2)).toEqual([p.pdImage[2], p.pdImage[0]]);
      expect(product.thumbs.slice(0, 2)).toEqual([p.thumbs[2], p.thumbs[0]]);
      expect(product.pdImage).toHaveLength(3);
      expect(fs.existsSync(onDisk(product.pdImage[2]))).toBe(true);
      expect(fs.existsSync(onDisk(p.pdImage[1]))).toBe(false);
      expect(fs.existsSync(onDisk(p.thumbs[1]))).toBe(false);
    });

    it('keeps every image when no list is sent, and refuses to keep none or a foreign one', async () => {
      const p = await freshProduct(1);
      const keep = await edit(`/api/products/${p._id}`, fieldsOf());
      expect(keep.statusCode).toBe(200);
      expect(keep.json().product.pdImage).toEqual(p.pdImage);

      const none = await edit(`/api/products/${p._id}`, fieldsOf({ existingImages: '[]' }));
      expect(none.statusCode).toBe(400);
      expect(none.json().fields).toEqual({ pdImage: 'At least one image is required' });
      const foreign = await edit(
        `/api/products/${p._id}`,
        fieldsOf({ existingImages: JSON.stringify(['/uploads/products/other.webp']) }),
        [],
      );
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().fields).toEqual({ existingImages: 'Choose images from this product only' });
      const broken = await edit(`/api/products/${p._id}`, fieldsOf({ existingImages: '[not json' }));
      expect(broken.statusCode).toBe(400);
      expect(broken.json().fields).toEqual({ existingImages: 'Choose images from this product only' });
      const negative = await edit(`/api/products/${p._id}`, fieldsOf({ quantity: '-1' }));
      expect(negative.json().fields).toEqual({ quantity: 'Enter a valid quantity' });
      const badSize = await edit(`/api/products/${p._id}`, fieldsOf({ size: '30x12x40' }));
      expect(badSize.json().fields).toEqual({ size: 'Size is required' });
      const extra = await edit(`/api/products/${p._id}`, { ...fieldsOf(), isBlocked: 'true' });
      expect(extra.json().fields).toEqual({ isBlocked: "Unknown field 'isBlocked'" });
    });

    it('deletes an image by index, but never the last one', async () => {
      const p = await freshProduct(2);
      const res = await t.request({ method: 'DELETE', url: `/api/products/${p._id}/0`, token: admin.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Image removed');
      expect(res.json().product.pdImage).toEqual([p.pdImage[1]]);
      expect(fs.existsSync(onDisk(p.pdImage[0]))).toBe(false);
      expect(fs.existsSync(onDisk(p.thumbs[0]))).toBe(false);

      const missing = await t.request({ method: 'DELETE', url: `/api/products/${p._id}/5`, token: admin.token });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Image not found');
      const last = await t.request({ method: 'DELETE', url: `/api/products/${p._id}/0`, token: admin.token });
      expect(last.statusCode).toBe(409);
      expect(last.json().message).toBe('A product must keep at least one image');
      expect(fs.existsSync(onDisk(p.pdImage[1]))).toBe(true);
    });

    it('stores the price after offer of every price, offer and category change', async () => {
      const offer = await createOffer(t, { discount: 20, minAmountPaise: 100_000 });
      const catOffer = await createOffer(t, { type: 'category', discount: 10 });
      const otherCategory = (await createCategory(t, { offerId: catOffer.id })).id;
      const p = await freshProduct(1);
      const url = `/api/products/${p._id}`;
      const stored = async () => {
        await expectStoredPricesShared(t, [p._id]);
        const [row] = await t.database.db.select().from(products).where(eq(products.id, p._id));
        return [row.offerPercent, row.finalPricePaise];
      };
      expect(await stored()).toEqual([0, 149_950]);
      expect((await edit(url, fieldsOf({ offer: offer.id }))).statusCode).toBe(200);
      expect(await stored()).toEqual([20, 119_960]);
      // Below the offer's ₹1,000 criteria amount.
      expect((await edit(url, fieldsOf({ offer: offer.id, price: '999' }))).statusCode).toBe(200);
      expect(await stored()).toEqual([0, 99_900]);
      expect((await edit(url, fieldsOf({ offer: offer.id, price: '999', category: otherCategory }))).statusCode).toBe(
        200,
      );
      expect(await stored()).toEqual([10, 89_910]);
      const shop = await t.request({ method: 'GET', url: `/api/products/idarray?ids=${p._id}` });
      expect(shop.json().products[0]).toMatchObject({ price: 999, discountPercent: 10, finalPrice: 899.1 });
    });

    it('toggles the block state and soft-deletes', async () => {
      const p = await createProduct(t, { categoryId });
      const url = `/api/products/${p.id}`;
      const block = await t.request({ method: 'PUT', url: `${url}/unblock`, token: admin.token });
      expect(block.json()).toMatchObject({ message: 'Blocked', product: { isExist: false, available: false } });
      const unblock = await t.request({ method: 'PUT', url: `${url}/unblock`, token: admin.token });
      expect(unblock.json()).toMatchObject({ message: 'Unblocked', product: { isExist: true, available: true } });

      const del = await t.request({ method: 'DELETE', url, token: admin.token });
      expect(del.statusCode).toBe(200);
      const [row] = await t.database.db.select().from(products).where(eq(products.id, p.id));
      expect(row.deletedAt).not.toBeNull();
      expect((await t.request({ method: 'DELETE', url, token: admin.token })).statusCode).toBe(404);
      expect((await edit(url, fieldsOf())).statusCode).toBe(404);
    });

    it('answers 404 for unknown and malformed ids', async () => {
      for (const id of [MISSING, 'nope']) {
        const url = `/api/products/${id}`;
        const res = await edit(url, fieldsOf(), [await pngFile()]);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Product not found');
        expect((await t.request({ method: 'PUT', url: `${url}/unblock`, token: admin.token })).statusCode).toBe(404);
        expect((await t.request({ method: 'DELETE', url, token: admin.token })).statusCode).toBe(404);
        expect((await t.request({ method: 'DELETE', url: `${url}/0`, token: admin.token })).statusCode).toBe(404);
      }
    });
  });
});
