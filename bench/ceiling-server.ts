// The ceilings, each a bare Fastify route in a process of its own (started by ceilings.ts):
//   memory <file>: A, the shop's page-1 JSON served from memory;
//   page <database url>: B, a page of 12 + its count, two indexed SQL queries through a pg Pool of 10, no ORM;
//   order <database url>: C, one transaction: conditional stock decrement + an order row.
import fs from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

const [mode, source] = process.argv.slice(2);
const app = Fastify({ logger: false });
const pool = mode === 'memory' ? null : new pg.Pool({ connectionString: source, max: 10 });

if (mode === 'memory') {
  const page = fs.readFileSync(source, 'utf8');
  app.get('/', async (_request, reply) => reply.type('application/json; charset=utf-8').send(page));
} else if (mode === 'page') {
  const db = pool as pg.Pool;
  app.get<{ Querystring: { page?: string } }>('/', async (request) => {
    const page = Math.max(1, Number(request.query.page) || 1);
    const [rows, count] = await Promise.all([
      db.query(
        `select id, name, price_paise, brand, color, images, quantity, created_at
         from bench_ceiling_products order by created_at desc, id limit 12 offset $1`,
        [(page - 1) * 12],
      ),
      db.query('select count(*)::int as total from bench_ceiling_products'),
    ]);
    const total = count.rows[0].total as number;
    return { products: rows.rows, total, page, pages: Math.ceil(total / 12) };
  });
} else if (mode === 'order') {
  const db = pool as pg.Pool;
  app.post('/', async (_request, reply) => {
    const client = await db.connect();
    try {
      await client.query('begin');
      const taken = await client.query(
        'update bench_ceiling_stock set quantity = quantity - 1 where id = 1 and quantity >= 1 returning quantity',
      );
      if (taken.rowCount === 0) {
        await client.query('rollback');
        return reply.status(409).send({ message: 'Out of stock', code: 'CONFLICT' });
      }
      const order = await client.query('insert into bench_ceiling_orders (stock_id, qty) values (1, 1) returning id');
      await client.query('commit');
      return reply.status(201).send({ id: order.rows[0].id });
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  });
} else {
  throw new Error(`unknown ceiling ${mode}`);
}

const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${new URL(address).port}`);
process.on('SIGTERM', async () => {
  await app.close();
  await pool?.end();
  process.exit(0);
});
