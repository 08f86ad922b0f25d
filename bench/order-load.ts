// Shoppers who, again and again, put the bag in the cart and place a cash-on-delivery order (POST
// /api/products/add-to-cart, then POST /api/orders), one connection each; then the stock is checked by SQL.
import crypto from 'node:crypto';
import { hash } from '@node-rs/argon2';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from './database.ts';
import { expectStatus, idIn, signIn } from './http.ts';
import { SECONDS, WARMUP_SECONDS } from './load.ts';

export const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 16);

interface Shopper {
  token: string;
  addressId: string;
}

export interface OrderRun {
  ordersPerSec: number;
  p99: number;
  failed: number;
  stockBefore: number;
  stockAfter: number;
  unitsOrdered: number;
}

/** Shoppers with verified emails are put in by SQL (registration needs a mailed code); the rest is HTTP. */
async function makeShoppers(base: string, databaseUrl: string): Promise<Shopper[]> {
  const password = `Bench@${crypto.randomBytes(6).toString('hex')}`;
  const passwordHash = await hash(password, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const emails: string[] = [];
  // Twice the connections: a round the warm-up's end cut off keeps its shopper out of the pool.
  for (let i = 0; i < SHOPPERS * 2; i++) {
    const email = `bench-shopper-${i}-${crypto.randomBytes(3).toString('hex')}@example.in`;
    await client.query(
      `insert into users (email, name, phone, password_hash, email_verified)
       values ($1, 'Bench Shopper', '9876543210', $2, true)`,
      [email, passwordHash],
    );
    emails.push(email);
  }
  await client.end();
  const shoppers: Shopper[] = [];
  for (const email of emails) {
    const token = await signIn(base, email, password);
    const address = await expectStatus(201, base, 'POST', '/api/user/account/add-address', {
      token,
      json: {
        name: 'Asha Menon',
        houseName: 'Rose Villa',
        town: 'Kochi',
        street: 'MG Road',
        zipcode: '682001',
        state: 'Kerala',
        country: 'IN',
        phone: '9876543210',
      },
    });
    shoppers.push({ token, addressId: idIn(address) });
  }
  return shoppers;
}

export async function runOrders(base: string, databaseUrl: string, bagId: string): Promise<OrderRun> {
  const shoppers = await makeShoppers(base, databaseUrl);
  const stockOf = async () =>
    (await sql<{ quantity: number }>(databaseUrl, 'select quantity from products where id = $1', [bagId]))[0].quantity;
  const unitsOf = async () =>
    (
      await sql<{ units: number }>(
        databaseUrl,
        'select coalesce(sum(qty), 0)::int as units from order_items where product_id = $1',
        [bagId],
      )
    )[0].units;
  const stockBefore = await stockOf();
  const unitsBefore = await unitsOf();
  // autocannon starts each round of the two requests with a fresh context: a shopper is taken from the pool for one
  // round (add, then order) and given back when the order answers, so no two connections share a cart.
  const free = [...shoppers];
  const headersOf = (shopper: Shopper) => ({
    authorization: `Bearer ${shopper.token}`,
    'content-type': 'application/json',
  });
  let orders = 0;
  let failed = 0;
  const run = (duration: number) =>
    autocannon({
      url: base,
      connections: SHOPPERS,
      duration,
      requests: [
        {
          method: 'POST',
          path: '/api/products/add-to-cart',
          setupRequest: (request, context) => {
            const shopper = free.shift() as Shopper;
            context.shopper = shopper;
            return { ...request, headers: headersOf(shopper), body: JSON.stringify({ productId: bagId, qty: 1 }) };
          },
          onResponse: (status: number) => {
            if (status >= 300) failed += 1;
          },
        },
        {
          method: 'POST',
          path: '/api/orders',
          setupRequest: (request, context) => {
            const shopper = context.shopper as Shopper;
            return {
              ...request,
              headers: headersOf(shopper),
              body: JSON.stringify({ addressId: shopper.addressId, paymentMethod: 'cod' }),
            };
          },
          onResponse: (status: number, body: string, context: Record<string, unknown>) => {
            free.push(context.shopper as Shopper);
            if (status === 201 || status === 200) orders += 1;
            else {
              failed += 1;
              if (process.env.BENCH_DEBUG) console.log('order', status, body);
            }
          },
        },
      ],
    });
  // Not measured: the rounds of a warm-up (the stock and the units ordered are counted over both).
  if (WARMUP_SECONDS > 0) await run(WARMUP_SECONDS);
  orders = 0;
  const result = await run(SECONDS);
  // Orders still in flight when the run ended finish before the stock is read.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return {
    ordersPerSec: Math.round((orders / SECONDS) * 10) / 10,
    p99: result.latency.p99,
    failed: failed + result.errors + result.timeouts,
    stockBefore,
    stockAfter: await stockOf(),
    unitsOrdered: (await unitsOf()) - unitsBefore,
  };
}
