import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STRONG_PASSWORD_PATTERN } from '@bagshop/shared/patterns';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.ts';
import { loadConfig } from './config.ts';
import { connectDatabase } from './db/client.ts';
import { refreshTokens } from './db/schema/auth.ts';
import { users } from './db/schema/users.ts';
import { hashPassword } from './platform/passwords.ts';
import { DEMO_ADMIN, DEMO_SHOPPER } from './seed/demo.ts';
import { readDemoSignIns, writeDemoSignIns } from './seed/demo-sign-ins.ts';
import { type RunningShop, startShop } from './server.ts';

const PUBLISHED = ['Admin@1234', 'Shopper@1234'];

const folders: string[] = [];
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-start-'));
  folders.push(dir);
  return dir;
}

/** The shop as `npm start` runs it, on the given database, with what it prints. */
async function start(env: Record<string, string>): Promise<{ shop: RunningShop; printed: string }> {
  const lines: string[] = [];
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    WEB_DIST: 'none',
    ...env,
  });
  const shop = await startShop(config, (line) => lines.push(line));
  return { shop, printed: lines.join('\n') };
}

async function signIn(shop: RunningShop, email: string, password: string) {
  return shop.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
}

async function cardPayments(shop: RunningShop) {
  return (await shop.app.inject({ method: 'GET', url: '/api/shop/settings' })).json().cardPayments;
}

afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm start on demo data', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const dir = dataDir();
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('gives the demo accounts random passwords, prints them once and keeps them in an owner-only file', async () => {
    const { shop, printed } = await start({ DATABASE_URL: database.url, DATA_DIR: dir, SEED_DEMO: 'true' });
    try {
      const [admin, shopper] = shop.demoSignIns;
      expect(shop.demoSignIns).toEqual([
        { role: 'administrator', email: DEMO_ADMIN.email, password: expect.stringMatching(STRONG_PASSWORD_PATTERN) },
        { role: 'shopper', email: DEMO_SHOPPER.email, password: expect.stringMatching(STRONG_PASSWORD_PATTERN) },
      ]);
      expect(admin.password).not.toBe(shopper.password);
      for (const signIn of shop.demoSignIns) {
        expect(printed.split(signIn.password)).toHaveLength(2);
        expect(printed).toContain(`${signIn.email} / ${signIn.password}`);
      }
      const file = path.join(dir, 'demo-sign-ins.txt');
      expect(printed).toContain(`kept in ${file}, readable by you only`);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(readDemoSignIns(dir)).toEqual(shop.demoSignIns);

      expect((await signIn(shop, admin.email, admin.password)).statusCode).toBe(200);
      expect((await signIn(shop, shopper.email, shopper.password)).statusCode).toBe(200);
      for (const password of PUBLISHED) {
        for (const email of [admin.email, shopper.email]) {
          expect((await signIn(shop, email, password)).statusCode).toBe(401);
        }
      }
      expect(printed).not.toMatch(/Admin@1234|Shopper@1234/);

      // Every demo account and demo sender is at the reserved domain: nobody can receive their mail.
      expect(DEMO_ADMIN.email).toBe('admin@bagshop.example');
      expect(DEMO_SHOPPER.email).toBe('shopper@bagshop.example');
      const pool = connectDatabase(database.url, 1);
      try {
        const accounts = await pool.pool.query<{ email: string }>('select email from users');
        const senders = await pool.pool.query<{ email: string }>('select email from contact_messages');
        expect(accounts.rows.length).toBeGreaterThan(2);
        expect(senders.rows.length).toBeGreaterThan(0);
        for (const { email } of [...accounts.rows, ...senders.rows]) expect(email).toMatch(/@bagshop\.example$/);
      } finally {
        await pool.close();
      }
    } finally {
      await shop.stop();
    }
  });

  it('says how it runs: production, mail in the log only, card payments in test mode', async () => {
    const { shop, printed } = await start({ DATABASE_URL: database.url, DATA_DIR: dir, SEED_DEMO: 'true' });
    try {
      expect(printed).toContain('Mode: production');
      expect(printed).toMatch(/Backups: daily at 02:30 India time, 14 kept, in .*backups \(copy them off this machine/);
      expect(printed).toContain(
        'Mail: SMTP_URL is not set, so no mail is sent; sign-in and reset codes are printed in this log, other mail as one line each.',
      );
      expect(printed).toContain('Warning: card payments run in TEST MODE');
      expect(await cardPayments(shop)).toBe('sandbox');
      expect((await shop.app.inject({ method: 'GET', url: '/dev/mailbox/messages' })).statusCode).toBe(404);
    } finally {
      await shop.stop();
    }
  });

  it('later starts print no password, only where the file is', async () => {
    const { shop, printed } = await start({ DATABASE_URL: database.url, DATA_DIR: dir, SEED_DEMO: 'true' });
    try {
      expect(shop.demoSignIns).toEqual([]);
      for (const signIn of readDemoSignIns(dir)) expect(printed).not.toContain(signIn.password);
      expect(printed).toContain(`Demo sign-ins: see ${path.join(dir, 'demo-sign-ins.txt')}`);
    } finally {
      await shop.stop();
    }
  });

  it('another process on the same database, without the demo seed or the file, keeps the sandbox', async () => {
    const { shop, printed } = await start({ DATABASE_URL: database.url, DATA_DIR: dataDir(), SEED_DEMO: 'false' });
    try {
      expect(await cardPayments(shop)).toBe('sandbox');
      expect(printed).toContain('Warning: card payments run in TEST MODE');
      expect(printed).not.toContain('Demo sign-ins');
    } finally {
      await shop.stop();
    }
  });

  it('with Razorpay keys takes real payments only, even on demo data', async () => {
    const { shop, printed } = await start({
      DATABASE_URL: database.url,
      DATA_DIR: dir,
      RAZORPAY_KEY_ID: 'rzp_test_start',
      RAZORPAY_KEY_SECRET: 'start_secret',
    });
    try {
      expect(await cardPayments(shop)).toBe('razorpay');
      expect(printed).not.toContain('TEST MODE');
    } finally {
      await shop.stop();
    }
  });
});

describe('npm start on a database seeded by an earlier version', () => {
  it('retires the published demo passwords, ends their sessions and writes the new ones down', async () => {
    const database = await createTestDatabase();
    const dir = dataDir();
    try {
      const first = await start({ DATABASE_URL: database.url, DATA_DIR: dir, SEED_DEMO: 'true' });
      const shopper = first.shop.demoSignIns[1];
      await first.shop.stop();
      // What the earlier version left behind: the published password and a live session.
      const pool = connectDatabase(database.url, 1);
      const [admin] = await pool.db
        .update(users)
        .set({ passwordHash: await hashPassword('Admin@1234') })
        .where(eq(users.email, DEMO_ADMIN.email))
        .returning({ id: users.id });
      await pool.db.insert(refreshTokens).values({
        userId: admin.id,
        familyId: crypto.randomUUID(),
        tokenHash: 'a'.repeat(64),
        expiresAt: new Date(Date.now() + 86_400_000),
      });

      const { shop, printed } = await start({ DATABASE_URL: database.url, DATA_DIR: dir, SEED_DEMO: 'true' });
      try {
        expect(shop.demoSignIns).toEqual([
          { role: 'administrator', email: DEMO_ADMIN.email, password: expect.stringMatching(STRONG_PASSWORD_PATTERN) },
        ]);
        const renewed = shop.demoSignIns[0].password;
        expect(printed).toContain(`${DEMO_ADMIN.email} / ${renewed}`);
        expect(readDemoSignIns(dir)).toEqual([shopper, shop.demoSignIns[0]]);
        expect((await signIn(shop, DEMO_ADMIN.email, 'Admin@1234')).statusCode).toBe(401);
        expect((await signIn(shop, DEMO_ADMIN.email, renewed)).statusCode).toBe(200);
        const live = await pool.db
          .select()
          .from(refreshTokens)
          .where(and(eq(refreshTokens.tokenHash, 'a'.repeat(64)), isNull(refreshTokens.revokedAt)));
        expect(live).toEqual([]);
      } finally {
        await shop.stop();
        await pool.close();
      }
    } finally {
      await database.drop();
    }
  });
});

describe('npm start on a database seeded with the old demo addresses', () => {
  it('moves the seeded demo accounts to the reserved domain, once, and their sign-ins keep working', async () => {
    const database = await createTestDatabase();
    const dir = dataDir();
    const pool = connectDatabase(database.url, 1);
    try {
      const first = await start({ DATABASE_URL: database.url, DATA_DIR: dir, SEED_DEMO: 'true' });
      const [admin, shopper] = first.shop.demoSignIns;
      await first.shop.stop();
      // What an earlier version left: the accounts and senders at bagshop.in and example.in, the file naming them.
      await pool.pool.query(
        "update users set email = replace(email, '@bagshop.example', '@bagshop.in') where email in ($1, $2)",
        [DEMO_ADMIN.email, DEMO_SHOPPER.email],
      );
      await pool.pool.query("update users set email = replace(email, '@bagshop.example', '@example.in')");
      await pool.pool.query("update contact_messages set email = replace(email, '@bagshop.example', '@example.in')");
      const old = [
        { ...admin, email: 'admin@bagshop.in' },
        { ...shopper, email: 'shopper@bagshop.in' },
      ];
      writeDemoSignIns(dir, old);
      // A real account at example.in, and a seeded customer's address under another name: never moved.
      await pool.pool.query("insert into users (email, name) values ('real.person@example.in', 'Real Person')");
      await pool.pool.query("update users set name = 'Rahul V' where email = 'rahul.verma@example.in'");
      const before = await pool.pool.query<{ email: string }>(
        "select email from users where email like '%@example.in'",
      );
      expect(before.rows.length).toBeGreaterThan(5);

      const { shop, printed } = await start({ DATABASE_URL: database.url, DATA_DIR: dir, SEED_DEMO: 'true' });
      try {
        expect(printed).toContain('Demo account admin@bagshop.in moved to admin@bagshop.example (a reserved domain).');
        expect(readDemoSignIns(dir)).toEqual([admin, shopper]);
        expect((await signIn(shop, DEMO_ADMIN.email, admin.password)).statusCode).toBe(200);
        expect((await signIn(shop, DEMO_SHOPPER.email, shopper.password)).statusCode).toBe(200);
        expect((await signIn(shop, 'admin@bagshop.in', admin.password)).statusCode).toBe(401);
        const left = await pool.pool.query<{ email: string }>(
          "select email from users where email not like '%@bagshop.example' order by email",
        );
        expect(left.rows.map((r) => r.email)).toEqual(['rahul.verma@example.in', 'real.person@example.in']);
        const senders = await pool.pool.query<{ email: string }>('select email from contact_messages');
        for (const { email } of senders.rows) expect(email).toMatch(/@bagshop\.example$/);
      } finally {
        await shop.stop();
      }
      // Idempotent: a second start moves nothing and says nothing.
      const again = await start({ DATABASE_URL: database.url, DATA_DIR: dir, SEED_DEMO: 'true' });
      await again.shop.stop();
      expect(again.printed).not.toContain('moved to');
      expect(readDemoSignIns(dir)).toEqual([admin, shopper]);
    } finally {
      await pool.close();
      await database.drop();
    }
  });

  it('moves nothing on a shop the demo seed never filled', async () => {
    const database = await createTestDatabase();
    const dir = dataDir();
    const pool = connectDatabase(database.url, 1);
    try {
      await pool.pool.query(
        "insert into users (email, name, is_admin) values ('admin@bagshop.in', 'Real Owner', true), " +
          "('priya.nair@example.in', 'Priya Nair', false)",
      );
      const { shop } = await start({ DATABASE_URL: database.url, DATA_DIR: dir, SEED_DEMO: 'false' });
      await shop.stop();
      const rows = await pool.pool.query<{ email: string }>('select email from users order by email');
      expect(rows.rows.map((r) => r.email)).toEqual(['admin@bagshop.in', 'priya.nair@example.in']);
    } finally {
      await pool.close();
      await database.drop();
    }
  });
});

describe('npm start for a real shop', () => {
  it('without keys, demo data or PAYMENT_PROVIDER takes no card payments, and says so', async () => {
    const database = await createTestDatabase();
    try {
      const { shop, printed } = await start({
        DATABASE_URL: database.url,
        DATA_DIR: dataDir(),
        SEED_DEMO: 'false',
        ADMIN_EMAIL: 'owner@bags.example.in',
        ADMIN_PASSWORD: 'Owner@2468',
      });
      try {
        expect(await cardPayments(shop)).toBe('off');
        expect(printed).toContain('Card payments are off until RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set');
        expect(printed).not.toContain('TEST MODE');
        expect(printed).not.toContain('Demo sign-ins');
        expect((await signIn(shop, 'owner@bags.example.in', 'Owner@2468')).statusCode).toBe(200);
      } finally {
        await shop.stop();
      }
      const asked = await start({
        DATABASE_URL: database.url,
        DATA_DIR: dataDir(),
        SEED_DEMO: 'false',
        PAYMENT_PROVIDER: 'sandbox',
      });
      try {
        expect(await cardPayments(asked.shop)).toBe('sandbox');
        expect(asked.printed).toContain('Warning: card payments run in TEST MODE');
      } finally {
        await asked.shop.stop();
      }
    } finally {
      await database.drop();
    }
  });

  it('in development mode offers the mailbox to this machine and says where', async () => {
    const database = await createTestDatabase();
    try {
      const { shop, printed } = await start({
        DATABASE_URL: database.url,
        DATA_DIR: dataDir(),
        SEED_DEMO: 'false',
        NODE_ENV: 'development',
      });
      try {
        expect(printed).toContain('Mode: development');
        expect(printed).toMatch(/listed at http:\/\/localhost:\d+\/dev\/mailbox \(this machine only\)/);
        const res = await fetch(`http://127.0.0.1:${new URL(shop.url).port}/dev/mailbox/messages`);
        expect(res.status).toBe(200);
      } finally {
        await shop.stop();
      }
    } finally {
      await database.drop();
    }
  });
});
