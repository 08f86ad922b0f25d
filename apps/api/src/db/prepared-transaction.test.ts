import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app.ts';
import { connectDatabase, type Database } from './client.ts';
import { transactionWithPrepared } from './prepared-transaction.ts';

const noQueries = () => ({});

/**
 * The opening statement and commitWith write their values into the message as literals: they must arrive exactly as
 * given, and the transaction commit or not as a whole.
 */
describe('a transaction opened with a statement and ended with commitWith', () => {
  let drop: () => Promise<void>;
  let database: Database;
  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    database = connectDatabase(created.url, 2);
    await database.pool.query('create table notes (id serial primary key, body text not null, tags text[] not null)');
    await database.pool.query('create table counters (id int primary key, n int not null check (n >= 0))');
    await database.pool.query('insert into counters values (1, 1)');
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  /**
   * The pool's two connections at once: a connection handed back inside a transaction would show its writing
   * transaction's id, or fail if that transaction had failed.
   */
  const transactionsOpen = async () =>
    (await Promise.all([1, 2].map(() => database.pool.query('select txid_current_if_assigned() as tx')))).map(
      (r) => r.rows[0].tx,
    );

  const awkward = [`it's`, 'back\\slash', 'a "quote"', '$1 and $2', '{braces}, commas', 'NULL', 'ünïcödé ₹', ''];

  it('stores every value as given, with what ran before it in the same transaction', async () => {
    const written = await transactionWithPrepared(database.db, noQueries, async (tx, _queries, { commitWith }) => {
      await tx.execute(sql`insert into notes (body, tags) values ('first', '{}')`);
      return commitWith(
        [
          sql`insert into notes (body, tags) values (${awkward.join(' | ')}, ${sql.placeholder('tags')}::text[])
              returning body, tags`,
          sql`select ${sql.placeholder('tags')}::text[] as tags, ${sql.placeholder('none')}::text as none`,
        ],
        { tags: awkward, none: null },
      );
    });
    expect(written).toEqual([[{ body: awkward.join(' | '), tags: awkward }], [{ tags: awkward, none: null }]]);
    const { rows: stored } = await database.pool.query('select body, tags from notes order by id');
    expect(stored).toEqual([
      { body: 'first', tags: [] },
      { body: awkward.join(' | '), tags: awkward },
    ]);
    expect(await transactionsOpen()).toEqual([null, null]);
  });

  it('rolls back everything when the last statement fails, and throws its error', async () => {
    const before = (await database.pool.query('select count(*)::int as n from notes')).rows[0].n;
    const failed = transactionWithPrepared(database.db, noQueries, async (tx, _queries, { commitWith }) => {
      await tx.execute(sql`insert into notes (body, tags) values ('never', '{}')`);
      return commitWith([sql`update counters set n = n - ${sql.placeholder('take')}::int where id = 1`], { take: 2 });
    });
    await expect(failed).rejects.toMatchObject({ constraint: 'counters_n_check' });
    expect((await database.pool.query('select count(*)::int as n from notes')).rows[0].n).toBe(before);
    expect((await database.pool.query('select n from counters')).rows[0].n).toBe(1);
    expect(await transactionsOpen()).toEqual([null, null]);
  });
  it('sends the opening statements with the BEGIN: the rows of each, inside the transaction', async () => {
    const before = (await database.pool.query('select count(*)::int as n from notes')).rows[0].n;
    const opening = {
      statements: [
        sql`select ${sql.placeholder('tags')}::text[] as tags, txid_current() as tx`,
        sql`select ${sql.placeholder('body')}::text as body`,
      ],
      values: { tags: awkward, body: awkward[0] },
    };
    const seen = await transactionWithPrepared(
      database.db,
      noQueries,
      async (tx, _queries, { opened }) => {
        const [{ now }] = (await tx.execute(sql`select txid_current() as now`)).rows;
        await tx.execute(sql`insert into notes (body, tags) values ('opened', '{}')`);
        return { opened, now };
      },
      opening,
    );
    expect(seen.opened).toEqual([[{ tags: awkward, tx: seen.now }], [{ body: awkward[0] }]]);
    expect((await database.pool.query('select count(*)::int as n from notes')).rows[0].n).toBe(before + 1);

    const refused = transactionWithPrepared(database.db, noQueries, async () => 'never', {
      statements: [sql`select 1`, sql`select 1 / ${sql.placeholder('zero')}::int`],
      values: { zero: 0 },
    });
    await expect(refused).rejects.toMatchObject({ code: '22012' });
    expect(await transactionsOpen()).toEqual([null, null]);
  });
});
