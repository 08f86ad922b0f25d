// Test data for the dashboard and sales report: a year of trade written set-based by SQL (the shop's own tables).
import { COLORS } from '@bagshop/shared/catalogue';
import type { PaymentMethod } from '@bagshop/shared/orders';
import { asPaise } from '@bagshop/shared/pricing/money';
import { itemRefund, type OrderCouponTerms, type RefundedItem } from '@bagshop/shared/pricing/refunds';
import pg from 'pg';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export const TRADE = {
  categories: 8,
  products: 200,
  customers: 5_000,
  orders: Number(process.env.BENCH_ORDERS ?? 100_000),
};

const CATEGORIES = ['Totes', 'Backpacks', 'Satchels', 'Duffels', 'Wallets', 'Slings', 'Clutches', 'Messengers'];
const BRANDS = ['Hidesign', 'Baggit', 'Lavie', 'Caprese', 'Wildcraft', 'Skybags', 'Safari', 'Mokobara'];
const FIRST_NAMES = ['Rahul', 'Priya', 'Arjun', 'Meera', 'Kabir', 'Ananya', 'Vikram', 'Sneha', 'Rohan', 'Divya'];
const SURNAMES = ['Verma', 'Nair', 'Reddy', 'Iyer', 'Singh', 'Das', 'Rao', 'Kulkarni', 'Menon', 'Shah', 'Gupta'];
const ADDRESS = {
  name: 'Bench Customer',
  houseName: 'Flat 12',
  street: 'Station Road',
  town: 'Pune',
  state: 'Maharashtra',
  zipcode: '411001',
  country: 'IN',
  phone: '9845000000',
};

export interface TradeSummary {
  orders: number;
  items: number;
  cancelled: number;
  returned: number;
  refundedOrders: number;
  /** How long the migration's backfill of the sales rollup took over these orders. */
  backfillMs: number;
}

interface GoneOrderRow {
  id: string;
  order_number: string;
  user_id: string;
  paid_at: Date;
  coupon_discount_paise: number;
  tax_paise: number;
  shipping_paise: number;
  final_paise: number;
  payment_method: PaymentMethod;
  coupon_terms: OrderCouponTerms | null;
  items: (RefundedItem & { name: string; deliveredAt: string | null })[];
}

/**
 * 8 categories, 200 products (every fourth with a 10 % offer discount, prices ₹299–₹5,289), 5,000 customers who
 * registered over the last year, 100,000 paid orders over the last 365 days (one in three cash on delivery, paid when
 * delivered; one in eight with a 10 % coupon up to ₹200), 1–3 items each, amounts by the shop's rules in paise.
 * About 3 % of the items are cancelled (card orders) or returned, refunded to the wallet exactly as the shop does.
 */
export async function fillTrade(url: string): Promise<TradeSummary> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    // Same data on every run.
    await client.query('select setseed(0.2026)');
    await client.query(
      `create temp table bench_categories on commit drop as
       select n, gen_random_uuid() as id, ($1::text[])[n] as name from generate_series(1, 8) as n`,
      [CATEGORIES],
    );
    await client.query(
      "insert into categories (id, name, created_at) select id, name, now() - interval '400 days' from bench_categories",
    );
    await client.query(
      `create temp table bench_products on commit drop as
       select i as n, gen_random_uuid() as id,
         ($1::text[])[1 + i % 11] || ' ' || c.name || ' ' || n as name,
         ($1::text[])[1 + i % 11] as color,
         ($2::text[])[1 + (i / 3) % 8] as brand,
         c.id as category_id,
         29900 + (i * 7919) % 500 * 1000 as price_paise,
         case when i % 4 = 0 then ((29900 + (i * 7919) % 500 * 1000) * 10 + 50) / 100 else 0 end as discount_paise
       from generate_series(0, ${TRADE.products - 1}) as i
       join bench_categories c on c.n = 1 + i % 8`,
      [COLORS, BRANDS],
    );
    await client.query(
      `insert into products (id, name, description, price_paise, category_id, quantity, brand, color, size, images,
         created_at)
       select id, name, 'A sturdy bag for every day, model ' || n, price_paise, category_id, 500, brand, color,
         '30Lx12Bx40Hcm',
         '[{"large":"/uploads/products/placeholder.webp","thumb":"/uploads/products/placeholder-thumb.webp"}]'::jsonb,
         now() - interval '400 days'
       from bench_products`,
    );
    // Customer c registered c/5,000 of a year ago (a little more), so the newest customers are the lowest numbers.
    await client.query(
      `create temp table bench_customers on commit drop as
       select c, gen_random_uuid() as id,
         ($1::text[])[1 + c % 10] || ' ' || ($2::text[])[1 + (c / 10) % 11] as name,
         now() - interval '365 days' * c / ${TRADE.customers} - random() * interval '1 hour' as created_at
       from generate_series(1, ${TRADE.customers}) as c`,
      [FIRST_NAMES, SURNAMES],
    );
    await client.query(
      `insert into users (id, email, name, phone, email_verified, created_at, updated_at)
       select id, lower(replace(name, ' ', '.')) || '.' || c || '@example.in', name, '98' || lpad(c::text, 8, '0'),
         true, created_at, created_at
       from bench_customers`,
    );
    // Order o is paid (o − random)/orders of a year ago, by a customer who had registered by then.
    await client.query(
      `create temp table bench_orders on commit drop as
       with slot as (
         select o, (o - random()) / ${TRADE.orders} as age from generate_series(1, ${TRADE.orders}) as o
       ), drawn as (
         select o, age, greatest(1, ceil(age * ${TRADE.customers}))::int as first_customer,
           random() < 0.35 as cod,
           1 + (random() < 0.4)::int + (random() < 0.25)::int as lines,
           random() < 0.125 as coupon,
           floor(${TRADE.products} * power(random(), 2))::int as hot
         from slot
       )
       select o, gen_random_uuid() as id, 'ORD-B' || lpad(o::text, 9, '0') as order_number,
         now() - interval '365 days' * age as paid_at, cod, lines, coupon, hot,
         first_customer + floor(random() * (${TRADE.customers} + 1 - first_customer))::int as c
       from drawn`,
    );
    // Cash on delivery is delivered (and paid) at paid_at; card orders are delivered four days after paying.
    await client.query(
      `create temp table bench_items on commit drop as
       with line as (
         select o.id as order_id, o.cod, o.paid_at, p.id as product_id, p.name, p.color, p.price_paise,
           p.discount_paise, 1 + (random() < 0.2)::int as qty, random() as roll,
           case when o.cod then o.paid_at
             when o.paid_at < now() - interval '4 days' then o.paid_at + interval '4 days' end as delivered_at
         from bench_orders o
         cross join lateral generate_series(0, o.lines - 1) as k
         join bench_products p on p.n = (o.hot + k * 67) % ${TRADE.products}
       ), judged as (
         select *,
           case
             when roll < 0.03 and delivered_at < now() - interval '2 days' and (cod or roll < 0.015)
               then 'Returned'
             when roll < 0.03 and not cod then 'Cancelled'
             when delivered_at is not null then 'Delivered'
             when paid_at < now() - interval '2 days' then 'Shipped'
             else 'Pending'
           end::item_status as status
         from line
       )
       select gen_random_uuid() as id, order_id, product_id, name, color, price_paise, discount_paise, qty, status,
         case when status in ('Delivered', 'Returned') then delivered_at end as delivered_at,
         coalesce(delivered_at, paid_at) as updated_at
       from judged`,
    );
    // docs/product.md §10.3: tax 5 % of total (half up), shipping ₹50 below ₹700, coupon 10 % up to ₹200.
    await client.query(
      `insert into orders (id, order_number, user_id, payment_method, payment_status, total_price_paise,
         total_discount_paise, coupon_discount_paise, tax_paise, shipping_paise, final_paise, coupon_code,
         shipping_address, paid_at, created_at, updated_at)
       select o.id, o.order_number, c.id, (case when o.cod then 'cod' else 'razorpay' end)::payment_method, 'Paid',
         t.total, t.discount, f.coupon, f.tax, s.shipping, t.total - t.discount - f.coupon + f.tax + s.shipping,
         case when o.coupon then 'BAGS10' end, $1::jsonb, o.paid_at,
         case when o.cod then greatest(o.paid_at - interval '3 days', c.created_at) else o.paid_at end, o.paid_at
       from bench_orders o
       join bench_customers c on c.c = o.c
       join (
         select order_id, sum(price_paise * qty)::int as total, sum(discount_paise * qty)::int as discount
         from bench_items group by order_id
       ) t on t.order_id = o.id
       cross join lateral (
         select (t.total * 5 + 50) / 100 as tax,
           case when o.coupon then least(((t.total - t.discount) * 10 + 50) / 100, 20000) else 0 end as coupon
       ) f
       cross join lateral (
         select case when t.total - t.discount + f.tax >= 70000 then 0 else 5000 end as shipping
       ) s`,
      [JSON.stringify(ADDRESS)],
    );
    await client.query(
      `insert into order_items (id, order_id, product_id, name, color, image, price_paise, discount_paise, qty, status,
         cancel_reason, return_reason, delivered_at, updated_at)
       select id, order_id, product_id, name, color, '/uploads/products/placeholder-thumb.webp', price_paise,
         discount_paise, qty, status,
         case when status = 'Cancelled' then 'Ordered the wrong colour' end,
         case when status = 'Returned' then 'The strap was too short' end,
         delivered_at, updated_at
       from bench_items`,
    );
    await refundGoneItems(client);
    await client.query(
      `update products p set units_sold = s.units
       from (select product_id, sum(qty)::int as units from order_items
             where status not in ('Cancelled', 'Returned') group by product_id) s
       where s.product_id = p.id`,
    );
    // The orders were written by SQL, not through the order desk: the migration's backfill works the rollup out.
    const backfillStarted = performance.now();
    await client.query('select rebuild_sales_rollup()');
    const backfillMs = Math.round(performance.now() - backfillStarted);
    await client.query('commit');
    // A settled database, as autovacuum leaves it: statistics fresh, visibility map set.
    await client.query('vacuum analyze');
    const { rows } = await client.query<Omit<TradeSummary, 'backfillMs'>>(
      `select (select count(*) from orders)::int as orders, (select count(*) from order_items)::int as items,
       (select count(*) from order_items where status = 'Cancelled')::int as cancelled,
       (select count(*) from order_items where status = 'Returned')::int as returned,
       (select count(*) from orders where payment_status = 'Refunded')::int as "refundedOrders"`,
    );
    return { ...rows[0], backfillMs };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * Refunds every cancelled and returned item to the customer's wallet, one after another within its order as the
 * shop would (the last live item takes the shipping back), and marks orders with nothing left as refunded.
 */
async function refundGoneItems(client: pg.Client): Promise<void> {
  const { rows } = await client.query<GoneOrderRow>(
    `select o.id, o.order_number, o.user_id, o.paid_at, o.coupon_discount_paise, o.tax_paise, o.shipping_paise,
       o.final_paise, o.payment_method, o.coupon_terms,
       json_agg(json_build_object('id', i.id, 'name', i.name, 'pricePaise', i.price_paise,
         'discountPaise', i.discount_paise, 'qty', i.qty, 'status', i.status, 'deliveredAt', i.delivered_at,
         'refundedPaise', 0)
         order by i.id) as items
     from orders o join order_items i on i.order_id = o.id
     where o.id in (select order_id from order_items where status in ('Cancelled', 'Returned'))
     group by o.id`,
  );
  const refunds = { itemId: [] as string[], amount: [] as number[] };
  const ledger = {
    userId: [] as string[],
    amount: [] as number[],
    type: [] as string[],
    description: [] as string[],
    orderId: [] as string[],
    itemId: [] as string[],
    at: [] as string[],
  };
  const emptied: string[] = [];
  const now = Date.now();
  for (const row of rows) {
    const order = {
      couponDiscountPaise: row.coupon_discount_paise,
      taxPaise: row.tax_paise,
      shippingPaise: row.shipping_paise,
      finalPaise: asPaise(row.final_paise),
      paymentMethod: row.payment_method,
      couponTerms: row.coupon_terms,
    };
    const moveAt = (item: GoneOrderRow['items'][number]) =>
      item.status === 'Returned'
        ? Date.parse(item.deliveredAt ?? '') + 2 * DAY_MS
        : Math.min(row.paid_at.getTime() + HOUR_MS, now - 60_000);
    // Before the moves: cancelled items were waiting to ship, returned ones had been delivered.
    const current: RefundedItem[] = row.items.map((item) => ({
      ...item,
      status: item.status === 'Cancelled' ? 'Pending' : item.status === 'Returned' ? 'Delivered' : item.status,
    }));

    const moves = row.items
      .filter((item) => item.status === 'Cancelled' || item.status === 'Returned')
      .sort((a, b) => moveAt(a) - moveAt(b));
    for (const item of moves) {
      // The shop's rule: what is left keeps paying for what it still earns (docs/decisions/035-refunds-keep-what-was-earned.md).
      const amount = itemRefund(order, current, item.id).amountPaise;
      const type = item.status === 'Returned' ? 'Order Returned' : 'Order Cancelled';
      refunds.itemId.push(item.id);
      refunds.amount.push(amount);
      ledger.userId.push(row.user_id);
      ledger.amount.push(amount);
      ledger.type.push(type);
      ledger.description.push(`${type}: ${item.name} × ${item.qty} (${row.order_number})`);
      ledger.orderId.push(row.id);
      ledger.itemId.push(item.id);
      ledger.at.push(new Date(moveAt(item)).toISOString());
      const moved = current.find((c) => c.id === item.id);
      if (moved) {
        moved.status = item.status;
        moved.refundedPaise = amount;
      }
    }
    if (current.every((item) => item.status === 'Cancelled' || item.status === 'Returned')) emptied.push(row.id);
  }
  await client.query(
    `update order_items i set refunded_paise = r.amount
     from unnest($1::uuid[], $2::int[]) as r(id, amount) where i.id = r.id`,
    [refunds.itemId, refunds.amount],
  );
  await client.query(
    `insert into wallet_transactions (user_id, amount_paise, type, description, order_id, order_item_id, created_at)
     select * from unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::uuid[], $6::uuid[], $7::timestamptz[])`,
    [ledger.userId, ledger.amount, ledger.type, ledger.description, ledger.orderId, ledger.itemId, ledger.at],
  );
  // A wallet's balance is the sum of its ledger.
  await client.query(
    `insert into wallets (user_id, balance_paise)
     select user_id, sum(amount_paise)::int from wallet_transactions group by user_id`,
  );
  await client.query("update orders set payment_status = 'Refunded' where id = any($1::uuid[])", [emptied]);
}
