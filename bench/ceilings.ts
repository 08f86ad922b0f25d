// Starts the ceiling servers of ceiling-server.ts, on scratch tables of the bench's own database.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from './database.ts';
import { ROOT, stopChild } from './shop-process.ts';

export interface Ceiling {
  url: string;
  stop(): Promise<void>;
}

export async function startCeiling(mode: 'memory' | 'page' | 'order', source: string): Promise<Ceiling> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/ceiling-server.ts'), mode, source], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /listening (\d+)/.exec(seen);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`ceiling ${mode} stopped with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

/** B's table: the products for sale as a bare copy with one index for the page order; C's: one stock row. */
export async function prepareCeilingTables(databaseUrl: string): Promise<number> {
  await sql(
    databaseUrl,
    `create table if not exists bench_ceiling_products as
       select id, name, price_paise, brand, color, images, quantity, created_at from products
       where deleted_at is null and not is_blocked`,
  );
  await sql(
    databaseUrl,
    'create index if not exists bench_ceiling_products_order on bench_ceiling_products (created_at desc, id)',
  );
  await sql(databaseUrl, 'create table if not exists bench_ceiling_stock (id int primary key, quantity int not null)');
  await sql(databaseUrl, 'insert into bench_ceiling_stock values (1, 100000000) on conflict do nothing');
  await sql(
    databaseUrl,
    `create table if not exists bench_ceiling_orders (id bigserial primary key, stock_id int not null, qty int not null,
       created_at timestamptz not null default now())`,
  );
  await sql(databaseUrl, 'vacuum analyze bench_ceiling_products');
  const [{ total }] = await sql<{ total: number }>(
    databaseUrl,
    'select count(*)::int as total from bench_ceiling_products',
  );
  return Math.ceil(total / 12);
}
