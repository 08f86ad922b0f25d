// Test data for the benchmarks: a database of its own with 10,000 products.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.ts';

export const PRODUCTS = 10_000;

/** A database of its own: a new one on DATABASE_URL's server (dropped afterwards), else an embedded server. */
export async function benchDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = process.env.DATABASE_URL;
  if (!server) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-bench-'));
    fs.chmodSync(dir, 0o755);
    const embedded = await startEmbeddedPostgres(dir, { database: 'bagshop_bench' });
    return {
      url: embedded.url,
      stop: async () => {
        await embedded.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `bagshop_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), stop: () => admin(`drop database if exists ${name} with (force)`) };
}

const COLORS = ['Beige', 'Brown', 'White', 'Black', 'Pink', 'Green', 'Red', 'Orange', 'Violet', 'Blue', 'Yellow'];

/** 8 categories (3 with offers, 1 blocked), 6 product offers in every state, 10,000 products. */
export async function fill(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const day = "interval '1 day'";
  const { rows: offerRows } = await client.query<{ id: string }>(`
    insert into offers (name, type, description, activation, expiry, discount, min_amount_paise, is_blocked)
    values
      ('Cat ten', 'category', 'x', now() - ${day}, now() + 30 * ${day}, 10, 0, false),
      ('Cat twenty', 'category', 'x', now() - ${day}, now() + 30 * ${day}, 20, 200000, false),
      ('Cat expired', 'category', 'x', now() - 30 * ${day}, now() - ${day}, 40, 0, false),
      ('Prod fifteen', 'products', 'x', now() - ${day}, now() + 30 * ${day}, 15, 0, false),
      ('Prod thirty', 'products', 'x', now() - ${day}, now() + 30 * ${day}, 30, 300000, false),
      ('Prod blocked', 'products', 'x', now() - ${day}, now() + 30 * ${day}, 50, 0, true),
      ('Prod future', 'products', 'x', now() + ${day}, now() + 30 * ${day}, 60, 0, false)
    returning id`);
  const [catTen, catTwenty, catExpired, ...productOffers] = offerRows.map((r) => r.id);
  const categoryOffers = [catTen, catTwenty, catExpired, null, null, null, null, null];
  const { rows: categoryRows } = await client.query<{ id: string }>(
    `insert into categories (name, offer_id, is_blocked)
     select 'Category ' || chr(64 + i), ($1::uuid[])[i], i = 8 from generate_series(1, 8) as i returning id`,
    [categoryOffers],
  );
  const categoryIds = categoryRows.map((r) => r.id);
  await client.query(
    `insert into products (name, description, price_paise, offer_id, category_id, quantity, brand, color, size,
       images, units_sold, created_at)
     select
       (array['Leather','Canvas','Quilted','Classic','Urban','Travel','Mini','Vintage','Jute','Nylon'])[1 + i % 10]
         || ' ' || (array['Tote','Backpack','Satchel','Duffel','Wallet','Sling','Clutch','Messenger'])[1 + (i / 10) % 8]
         || ' ' || (array['One','Two','Three','Four','Five','Six','Seven','Eight','Nine'])[1 + (i / 80) % 9],
       'A sturdy bag for every day with padded straps and many pockets, model number ' || i,
       49900 + (i * 7919) % 650000,
       case when i % 3 = 0 then ($1::uuid[])[1 + (i / 3) % 4] end,
       ($2::uuid[])[1 + i % 8],
       i % 41,
       (array['Hidesign','Baggit','Lavie','Caprese','Wildcraft','Skybags','Safari','Mokobara'])[1 + (i / 7) % 8],
       ($3::text[])[1 + (i / 3) % 11],
       '30Lx12Bx40Hcm',
       '[{"large":"/uploads/products/placeholder.webp","thumb":"/uploads/products/placeholder-thumb.webp"}]'::jsonb,
       (i * 31) % 97,
       now() - i * interval '1 minute'
     from generate_series(1, ${PRODUCTS}) as i`,
    [productOffers, categoryIds, COLORS],
  );
  // A settled table, as autovacuum leaves it: GIN pending lists merged and statistics fresh.
  await client.query('vacuum analyze');
  await client.end();
  return categoryIds;
}
