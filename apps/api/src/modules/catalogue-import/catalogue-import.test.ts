import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMPORT_MSG } from '@bagshop/shared/catalogue-import';
import { REMOTE_PICTURE_MSG } from '@bagshop/shared/remote-picture-messages';
import type { ImportJobDto, ImportRowDto } from '@bagshop/shared/schemas/catalogue-import';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../test/catalogue.ts';
import { eventually } from '../../../test/eventually.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { categories, offers, products } from '../../db/schema/catalogue.ts';
import { catalogueImports } from '../../db/schema/catalogue-imports.ts';
import { stockMovements } from '../../db/schema/stock.ts';
import { readCsvSheet } from './product-sheet.ts';

const FIXTURE = fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/shopify-products.csv'),
);
const DEFAULT_SIZE = '35Lx15Bx40Hcm';

const picture = (r: number, g: number, b: number) =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** A real multipart/form-data body, as a browser sends the import form. */
async function importForm(fields: Record<string, string>, file: Buffer | null, images?: Buffer, fileName = 'x.csv') {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), fileName);
  if (images) form.append('images', new Blob([new Uint8Array(images)], { type: 'application/zip' }), 'pictures.zip');
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

/** The report without what only an applied import knows (the ids of products it added). */
const asPlanned = (rows: ImportRowDto[]) =>
  rows.map((row) => ({ ...row, productId: row.outcome === 'created' ? null : row.productId }));

describe('the catalogue import', () => {
  let t: TestApp;
  let admin: TestUser;
  let shopper: TestUser;
  let zip: Buffer;

  beforeAll(async () => {
    // localhost is listed to show that a listed host is still refused when it leads to this machine.
    t = await createTestApp({ LOW_STOCK_AT: '2', IMPORT_IMAGE_HOSTS: 'localhost,cdn.shopify.com' });
    admin = await createUser(t, { isAdmin: true, name: 'Meera Iyer' });
    shopper = await createUser(t);
    await createCategory(t, { name: 'Totes' });
    zip = Buffer.from(
      zipSync({
        'pictures/tote-black.png': await picture(20, 20, 20),
        'pictures/Tote-Brown.png': await picture(120, 70, 30),
        'thaila.png': await picture(230, 220, 190),
        'sling.png': await picture(200, 120, 160),
        'trail.png': await picture(30, 120, 40),
        '__MACOSX/._trail.png': Buffer.from('resource fork'),
      }),
    );
  });
  afterAll(() => t.close());

  const send = async (
    fields: Record<string, string>,
    file: Buffer | null = FIXTURE,
    images: Buffer | undefined = zip,
    token = admin.token,
  ) =>
    t.request({
      method: 'POST',
      url: '/api/admin/products/import',
      token,
      ...(await importForm(fields, file, images)),
    });

  const jobOf = async (id: string): Promise<ImportJobDto> => {
    const res = await t.request({ method: 'GET', url: `/api/admin/imports/${id}`, token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Sends the form and follows the import to its end. */
  const runImport = async (fields: Record<string, string>, file: Buffer | null = FIXTURE, images = zip) => {
    const res = await send({ defaultSize: DEFAULT_SIZE, ...fields }, file, images);
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json() as ImportJobDto;
    expect(started.status).toBe('running');
    let job = started;
    await eventually('the import to finish', async () => {
      job = await jobOf(started._id);
      return job.status !== 'running';
    });
    return job;
  };
  const liveProducts = () =>
    t.database.db.select().from(products).where(isNull(products.deletedAt)).orderBy(asc(products.name));
  const productCount = async () =>
    (await t.database.db.select({ n: count() }).from(products).where(isNull(products.deletedAt)))[0].n;
  const rowOf = (job: ImportJobDto, row: number) => job.result?.rows.find((r) => r.row === row);

  it('checks a Shopify export in a dry run: each handle and colour a product, each bad row with its column, nothing changed', async () => {
    const job = await runImport({ dryRun: 'true' });
    expect(job).toMatchObject({ status: 'done', dryRun: true, processed: 5, total: 5, error: null });
    const result = job.result!;
    expect(result.applied).toBe(false);
    expect(result.message).toBe(IMPORT_MSG.dryRunDone);
    expect(result.rows.map((r) => [r.row, r.handle, r.name, r.colour, r.outcome])).toEqual([
      [2, 'womens-tote', "Women's Tote", 'Black', 'created'],
      [3, 'womens-tote', "Women's Tote", 'Brown', 'created'],
      [4, 'kapde-ka-thaila', 'कपड़े का थैला', 'Beige', 'created'],
      [5, 'city-sling', '', '', 'error'],
      [6, 'trail-pack', 'Trail Pack', 'Green', 'error'],
    ]);
    expect(rowOf(job, 5)?.problems).toEqual([
      { row: 5, column: 'Option1 Value', message: IMPORT_MSG.unknownColour('Mauve') },
    ]);
    expect(IMPORT_MSG.unknownColour('Mauve')).toContain('Beige, Brown, White, Black');
    expect(rowOf(job, 6)?.problems).toEqual([
      { row: 6, column: 'Type', message: IMPORT_MSG.categoryUnknown('Backpacks') },
    ]);
    expect(result.counts).toEqual({ created: 3, updated: 0, unchanged: 0, error: 2 });
    expect(await productCount()).toBe(0);
  });

  it("applies nothing from a file with problems unless asked to skip them, and says so with the dry run's report", async () => {
    const dry = await runImport({ dryRun: 'true' });
    const job = await runImport({ dryRun: 'false' });
    expect(job.result?.applied).toBe(false);
    expect(job.result?.message).toBe(IMPORT_MSG.nothingApplied(2));
    expect(job.result?.rows).toEqual(dry.result?.rows);
    expect(await productCount()).toBe(0);
    expect(await t.database.db.select().from(categories).where(eq(categories.name, 'Backpacks'))).toEqual([]);
  });

  it('does exactly what its dry run said, in one go: products, categories, pictures, stock ledger and audit', async () => {
    const options = { createCategories: 'true', skipInvalid: 'true' };
    const dry = await runImport({ ...options, dryRun: 'true' });
    expect(dry.result?.categoriesCreated).toEqual(['Backpacks']);
    const job = await runImport({ ...options, dryRun: 'false' });
    expect(job.result?.applied).toBe(true);
    expect(job.result?.message).toBe(IMPORT_MSG.applied({ created: 4, updated: 0, error: 1 }));
    expect(asPlanned(job.result!.rows)).toEqual(dry.result?.rows);
    expect(job.result?.categoriesCreated).toEqual(['Backpacks']);

    const rows = await liveProducts();
    expect(rows.map((p) => [p.name, p.color, p.sku, p.quantity, p.pricePaise, p.isBlocked, p.size])).toEqual([
      ['Trail Pack', 'Green', null, 0, 199900, true, DEFAULT_SIZE],
      ["Women's Tote", 'Black', 'WT-BLK', 5, 299900, false, '30Lx12Bx40Hcm'],
      ["Women's Tote", 'Brown', 'WT-BRN', 3, 299900, false, '30Lx12Bx40Hcm'],
      ['कपड़े का थैला', 'Beige', 'KT-1', 10, 45000, false, DEFAULT_SIZE],
    ]);
    const tote = rows.find((p) => p.sku === 'WT-BLK')!;
    expect(tote.description).toBe('Soft leather, roomy.\n\nFits a 14" laptop.');
    expect(tote.brand).toBe('Hidesign');
    expect(tote.weightGrams).toBe(700);
    expect(tote.importHandle).toBe('womens-tote');
    // Without the option, the compare-at price sets no offer.
    expect(tote.offerId).toBeNull();
    // Each colour its own picture (alt text names the colour), each product its own copy of it.
    for (const p of rows) expect(p.images).toHaveLength(1);
    expect(tote.images[0].source).toBe('tote-black.png');
    expect(rows.find((p) => p.sku === 'KT-1')?.images[0].source).toBe(
      'https://cdn.shopify.com/s/files/1/0001/products/thaila.png?v=17',
    );
    const served = await t.request({ method: 'GET', url: tote.images[0].large });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const backpacks = await t.database.db.select().from(categories).where(eq(categories.name, 'Backpacks'));
    expect(backpacks).toHaveLength(1);
    expect(rows.find((p) => p.name === 'Trail Pack')?.categoryId).toBe(backpacks[0].id);

    for (const p of rows) {
      const ledger = await t.database.db.select().from(stockMovements).where(eq(stockMovements.productId, p.id));
      expect(ledger.map((m) => [m.reason, m.before, m.delta, m.after, m.actorId])).toEqual([
        ['import', 0, p.quantity, p.quantity, admin.id],
      ]);
    }
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'catalogue-import'), eq(auditLog.entityId, job._id)));
    expect(entry.action).toBe('import');
    expect(entry.summary).toBe('Import of "x.csv": 4 added, 0 changed');

    const report = await t.request({
      method: 'GET',
      url: `/api/admin/imports/${job._id}/report.csv`,
      token: admin.token,
    });
    expect(report.statusCode).toBe(200);
    const lines = readCsvSheet(report.rawPayload);
    expect(lines.columns).toEqual([
      'Row',
      'Handle',
      'Name',
      'SKU',
      'Colour',
      'Outcome',
      'Fields changed',
      'Column',
      'Problem',
    ]);
    expect(lines.rows.map((r) => [r.cell('Row'), r.cell('Outcome'), r.cell('Column')])).toEqual([
      ['2', 'Created', ''],
      ['3', 'Created', ''],
      ['4', 'Created', ''],
      ['5', 'Error', 'Option1 Value'],
      ['6', 'Created', ''],
    ]);
  });

  it('changes nothing when the same file comes again', async () => {
    const before = await liveProducts();
    const ledgerBefore = await t.database.db.select({ n: count() }).from(stockMovements);
    const job = await runImport({ createCategories: 'true', skipInvalid: 'true', dryRun: 'false' });
    expect(job.result?.counts).toEqual({ created: 0, updated: 0, unchanged: 4, error: 1 });
    expect(job.result?.applied).toBe(false);
    expect(job.result?.message).toBe(IMPORT_MSG.nothingToChange);
    expect(await liveProducts()).toEqual(before);
    expect(await t.database.db.select({ n: count() }).from(stockMovements)).toEqual(ledgerBefore);
  });

  it('updates what a later file changes, naming the fields, with the stock difference in the ledger', async () => {
    const changed = Buffer.from(
      FIXTURE.toString('utf8')
        .replace('WT-BLK,700,5,2999.00', 'WT-BLK,700,9,2799.00')
        .replace('Trail Pack,<p>A light pack for day hikes</p>', 'Trail Pack,<p>A lighter pack for day hikes</p>'),
    );
    const job = await runImport({ createCategories: 'true', skipInvalid: 'true', dryRun: 'false' }, changed);
    expect(rowOf(job, 2)).toMatchObject({ outcome: 'updated', fields: ['price', 'stock'] });
    expect(rowOf(job, 6)).toMatchObject({ outcome: 'updated', fields: ['description'] });
    expect(job.result?.counts).toMatchObject({ created: 0, updated: 2, unchanged: 2 });
    const [tote] = await t.database.db.select().from(products).where(eq(products.sku, 'WT-BLK'));
    expect([tote.quantity, tote.pricePaise]).toEqual([9, 279900]);
    const ledger = await t.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, tote.id))
      .orderBy(asc(stockMovements.createdAt));
    expect(ledger.map((m) => [m.reason, m.before, m.delta, m.after, m.note])).toEqual([
      ['import', 0, 5, 5, ''],
      ['import', 5, 4, 9, 'x.csv'],
    ]);
  });

  it('sets an offer from a compare-at price only when asked', async () => {
    const job = await runImport({
      createCategories: 'true',
      skipInvalid: 'true',
      compareAtOffers: 'true',
      dryRun: 'false',
    });
    // The first file again: the price back to 2,999 and 5 in stock, and 3,499 → 2,999 is 14 % off.
    expect(rowOf(job, 2)).toMatchObject({ outcome: 'updated', fields: ['price', 'stock', 'offer'] });
    const [tote] = await t.database.db.select().from(products).where(eq(products.sku, 'WT-BLK'));
    const [offer] = await t.database.db.select().from(offers).where(eq(offers.id, tote.offerId!));
    expect([offer.name, offer.type, offer.discount]).toEqual(['Compare-at 14% off', 'products', 14]);
    expect(tote.offerPercent).toBe(14);
    // The other colour has no compare-at price: its offer is left as it was.
    const [brown] = await t.database.db.select().from(products).where(eq(products.sku, 'WT-BRN'));
    expect(brown.offerId).toBeNull();
  });

  it('exports every product in Shopify columns that import back changing nothing', async () => {
    // A product added in the form (no handle) travels under its id.
    const categoryId = (await t.database.db.select().from(categories).where(eq(categories.name, 'Totes')))[0].id;
    await createProduct(t, { categoryId, name: 'Form Bag', sku: null, description: 'Two  spaces\nand a line' });
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/products/export?format=shopify',
      token: admin.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="products-shopify.csv"');
    const exported = res.rawPayload;
    const sheet = readCsvSheet(exported);
    expect(sheet.rows.filter((r) => r.cell('Handle') === 'womens-tote').map((r) => r.cell('Option1 Value'))).toEqual([
      'Black',
      'Brown',
    ]);
    const job = await runImport({ dryRun: 'false', compareAtOffers: 'true' }, exported, undefined);
    expect(job.result?.rows.filter((r) => r.outcome !== 'unchanged')).toEqual([]);
    expect(job.result?.counts).toEqual({ created: 0, updated: 0, unchanged: 5, error: 0 });
    expect(job.result?.message).toBe(IMPORT_MSG.nothingToChange);
  });

  it('reads an XLSX workbook as it reads the CSV', async () => {
    const csv = readCsvSheet(FIXTURE);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(csv.columns);
    for (const row of csv.rows) sheet.addRow(csv.columns.map((column) => row.cell(column)));
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const fromCsv = await runImport({ dryRun: 'true', createCategories: 'true' });
    const fromXlsx = await runImport({ dryRun: 'true', createCategories: 'true' }, xlsx);
    expect(fromXlsx.result?.rows).toEqual(fromCsv.result?.rows);
  });

  it('imports once when the same file is applied twice at the same moment', async () => {
    const file = Buffer.from(FIXTURE.toString('utf8').replaceAll('womens-tote', 'twin-tote').replaceAll('WT-', 'TT-'));
    const before = await productCount();
    const jobs = await Promise.all(
      [1, 2].map(() => runImport({ createCategories: 'true', skipInvalid: 'true', dryRun: 'false' }, file)),
    );
    expect(await productCount()).toBe(before + 2);
    const outcomes = jobs.map((job) => job.error ?? job.result?.message).sort();
    expect(outcomes[0]).toMatch(/^Imported: 2 added/);
    expect([IMPORT_MSG.catalogueChanged, IMPORT_MSG.nothingToChange]).toContain(outcomes[1]);
  });

  it('refuses what is no import: no file, a file that is no sheet, pictures that are no ZIP, unknown fields', async () => {
    const missing = await send({ dryRun: 'true' }, null);
    expect([missing.statusCode, missing.json().fields]).toEqual([400, { file: IMPORT_MSG.fileRequired }]);
    const binary = await send({ dryRun: 'true' }, await picture(1, 2, 3), undefined);
    expect([binary.statusCode, binary.json().message]).toEqual([415, IMPORT_MSG.fileKind]);
    const notZip = await send({ dryRun: 'true' }, FIXTURE, Buffer.from('not a zip at all'));
    expect([notZip.statusCode, notZip.json().message]).toEqual([415, IMPORT_MSG.imagesKind]);
    const brokenZip = await send({ dryRun: 'true' }, FIXTURE, Buffer.concat([zip.subarray(0, 40)]));
    expect([brokenZip.statusCode, brokenZip.json().fields]).toEqual([400, { images: IMPORT_MSG.imagesUnreadable }]);
    const brokenCsv = await send({ dryRun: 'true' }, Buffer.from('Handle,Title\n"never closed,x\n'));
    expect(brokenCsv.statusCode).toBe(400);
    expect(brokenCsv.json().fields.file).toMatch(/^The file is not a CSV the shop can read/);
    const empty = await send({ dryRun: 'true' }, Buffer.from('\n'));
    expect([empty.statusCode, empty.json().fields]).toEqual([400, { file: 'The file is empty.' }]);
    const unknown = await send({ dryRun: 'true', wipe: 'everything' });
    expect([unknown.statusCode, unknown.json().fields]).toEqual([400, { wipe: "Unknown field 'wipe'" }]);
    const badTick = await send({ dryRun: 'maybe' });
    expect([badTick.statusCode, badTick.json().fields]).toEqual([400, { dryRun: 'Must be true or false' }]);
    const json = await t.request({
      method: 'POST',
      url: '/api/admin/products/import',
      token: admin.token,
      payload: { file: 'Handle' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('fetches pictures by address only from listed hosts over https, never from this machine or a private network', async () => {
    const header =
      'Handle,Title,Body (HTML),Vendor,Type,Option1 Name,Option1 Value,Variant SKU,Variant Price,Image Src';
    const bag = (n: number, src: string) =>
      `url-bag-${n},Url Bag ${'abcdef'[n]},Plain,Baggit,Totes,Color,Red,UB-${n},500,${src}`;
    const sources = [
      'http://cdn.shopify.com/s/files/bag.png',
      'https://127.0.0.1/bag.png',
      'https://[::1]/bag.png',
      'https://10.0.0.1/bag.png',
      'https://169.254.169.254/latest/meta-data',
      'https://pictures.example.net/bag.png',
    ];
    const file = Buffer.from([header, ...sources.map((src, n) => bag(n, src))].join('\n'));
    const job = await runImport({ dryRun: 'true' }, file, undefined);
    const problems = job.result!.rows.map((row) => row.problems.map((p) => [p.column, p.message]));
    expect(problems).toEqual([
      [['Image Src', REMOTE_PICTURE_MSG.notHttps(sources[0])]],
      [['Image Src', REMOTE_PICTURE_MSG.hostNotListed(sources[1], '127.0.0.1')]],
      [['Image Src', REMOTE_PICTURE_MSG.hostNotListed(sources[2], '[::1]')]],
      [['Image Src', REMOTE_PICTURE_MSG.hostNotListed(sources[3], '10.0.0.1')]],
      [['Image Src', REMOTE_PICTURE_MSG.hostNotListed(sources[4], '169.254.169.254')]],
      [['Image Src', REMOTE_PICTURE_MSG.hostNotListed(sources[5], 'pictures.example.net')]],
    ]);

    // A listed host passes the dry run's rules, but it leads to this machine: applying refuses it and adds nothing.
    const local = Buffer.from([header, bag(0, 'https://localhost/bag.png')].join('\n'));
    const dry = await runImport({ dryRun: 'true' }, local, undefined);
    expect(dry.result?.rows[0].outcome).toBe('created');
    const before = await productCount();
    const applied = await runImport({ dryRun: 'false' }, local, undefined);
    expect(applied.result?.applied).toBe(false);
    expect(applied.result?.rows[0]).toMatchObject({ outcome: 'error' });
    expect(applied.result?.rows[0].problems[0].message).toMatch(
      /^"https:\/\/localhost\/bag\.png" was not fetched: localhost leads to (127\.0\.0\.1|::1), which is not a public internet address$/,
    );
    expect(await productCount()).toBe(before);
  });

  it('answers an import whose process stopped as failed, with nothing changed', async () => {
    const before = await productCount();
    const [stopped] = await t.database.db
      .insert(catalogueImports)
      .values({
        createdBy: admin.id,
        fileName: 'products.csv',
        dryRun: false,
        total: 400,
        processed: 120,
        heartbeatAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning();
    const job = await jobOf(stopped.id);
    expect(job).toMatchObject({ status: 'failed', error: IMPORT_MSG.restarted, processed: 120, result: null });
    expect(await productCount()).toBe(before);
    // One still heard of keeps running.
    await t.database.db
      .update(catalogueImports)
      .set({ status: 'running', heartbeatAt: new Date() })
      .where(eq(catalogueImports.id, stopped.id));
    expect((await jobOf(stopped.id)).status).toBe('running');
  });

  it('is for administrators only, and an unknown import is a 404', async () => {
    expect((await send({ dryRun: 'true' }, FIXTURE, zip, shopper.token)).statusCode).toBe(403);
    for (const url of ['/api/admin/imports/00000000-0000-4000-8000-000000000000', '/api/admin/imports/nope']) {
      const res = await t.request({ method: 'GET', url, token: admin.token });
      expect([res.statusCode, res.json().message]).toEqual([404, IMPORT_MSG.notFound]);
    }
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/products/export?format=shopify',
      token: shopper.token,
    });
    expect(res.statusCode).toBe(403);
  });
});
