// Load test of placing orders: `npm run bench:orders` (BENCH_SECONDS, BENCH_CONNECTIONS, DATABASE_URL optional).
// Every connection is one shopper who, again and again, puts a bag in the cart and places a cash-on-delivery order
// (POST /api/products/add-to-cart, then POST /api/orders). Stock, prices and totals are the server's, as in the shop.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config.ts';
import { createAccessTokens } from '../apps/api/src/platform/access-tokens.ts';
import { startShop } from '../apps/api/src/server.ts';
import { benchDatabase } from './fill.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Shopper {
  token: string;
  addressId: string;
}

/** One bag with plenty of stock, and one shopper with an address per connection. */
async function prepare(url: string, secret: string): Promise<{ productId: string; shoppers: Shopper[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const category = await client.query<{ id: string }>("insert into categories (name) values ('Totes') returning id");
  const product = await client.query<{ id: string }>(
    `insert into products (name, description, price_paise, category_id, quantity, brand, color, size, images)
     values ('Bench Tote', 'A tote for the benchmark', 49900, $1, 1000000, 'Bench', 'Brown', '30Lx12Bx40Hcm',
             '[{"large":"/b.webp","thumb":"/b.webp"}]') returning id`,
    [category.rows[0].id],
  );
  const tokens = createAccessTokens(secret);
  const shoppers: Shopper[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const user = await client.query<{ id: string }>(
      "insert into users (email, name, phone, email_verified) values ($1, 'Bench Shopper', '9876543210', true) returning id",
      [`bench-${i}-${crypto.randomBytes(3).toString('hex')}@example.in`],
    );
    const address = await client.query<{ id: string }>(
      `insert into addresses (user_id, name, house_name, town, street, zipcode, state, country, phone)
       values ($1, 'Bench Shopper', 'Rose Villa', 'Kochi', 'MG Road', '682016', 'Kerala', 'IN', '9876543210')
       returning id`,
      [user.rows[0].id],
    );
    shoppers.push({ token: await tokens.sign(user.rows[0].id), addressId: address.rows[0].id });
  }
  await client.end();
  return { productId: product.rows[0].id, shoppers };
}

async function main() {
  const database = await benchDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-bench-data-'));
  const secret = crypto.randomBytes(32).toString('hex');
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    JWT_SECRET: secret,
    SMTP_URL: 'smtp://127.0.0.1:1',
    SEED_DEMO: 'false',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  const shop = await startShop(config, () => {});
  try {
    const { productId, shoppers } = await prepare(database.url, secret);
    // autocannon starts each round of the two requests with a fresh context, so a shopper is taken from the pool for
    // one round (add, then order) and given back when the order answers: no two connections share a cart.
    const free = [...shoppers];
    const headersOf = (shopper: Shopper) => ({
      authorization: `Bearer ${shopper.token}`,
      'content-type': 'application/json',
    });
    const result = await autocannon({
      url: shop.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path: '/api/products/add-to-cart',
          setupRequest: (req, context) => {
            const shopper = free.shift() as Shopper;
            context.shopper = shopper;
            return { ...req, headers: headersOf(shopper), body: JSON.stringify({ productId, qty: 1 }) };
          },
          onResponse: (status: number, body: string) => {
            if (status >= 400 && process.env.BENCH_DEBUG) console.log('cart', status, body);
          },
        },
        {
          method: 'POST',
          path: '/api/orders',
          setupRequest: (req, context) => {
            const shopper = context.shopper as Shopper;
            return {
              ...req,
              headers: headersOf(shopper),
              body: JSON.stringify({ addressId: shopper.addressId, paymentMethod: 'cod' }),
            };
          },
          onResponse: (status: number, body: string, context: Record<string, unknown>) => {
            free.push(context.shopper as Shopper);
            if (status >= 400 && process.env.BENCH_DEBUG) console.log('order', status, body);
          },
        },
      ],
    });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const orders = Number((await client.query('select count(*) from orders')).rows[0].count);
    const stock = Number(
      (await client.query('select quantity from products where id = $1', [productId])).rows[0].quantity,
    );
    await client.end();
    console.log(`${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}, Node ${process.version}`);
    console.log(
      `${CONNECTIONS} shoppers, ${SECONDS} s: ${orders} orders placed (${(orders / SECONDS).toFixed(1)} orders/s)`,
    );
    console.log(`requests (add-to-cart + place order): ${Math.round(result.requests.average)} req/s`);
    console.log(`latency over both: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
    console.log(`non-2xx answers: ${result.non2xx}, errors: ${result.errors}`, JSON.stringify(result.statusCodeStats));
    console.log(`stock left ${stock} = 1000000 − ${orders} orders: ${stock === 1_000_000 - orders ? 'yes' : 'NO'}`);
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await shop.stop();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
