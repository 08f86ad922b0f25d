import pg from 'pg';

/**
 * The shop's figures an upgrade must keep: read from an older release's database when its backup is made
 * (scripts/make-upgrade-fixture.sh) and from the restored, migrated database in the test.
 */
export const UPGRADE_FIGURES_SQL = `select
  (select count(*) from users)::int as users,
  (select count(*) from orders)::int as orders,
  (select coalesce(sum(final_paise), 0)::bigint::text from orders) as "ordersFinalPaise",
  (select count(*) from order_items)::int as "orderItems",
  (select count(*) from orders where invoice_number is not null)::int as invoices,
  (select max(invoice_number) from orders) as "lastInvoice",
  (select count(*) from credit_notes)::int as "creditNotes",
  (select max(number) from credit_notes) as "lastCreditNote",
  (select coalesce(sum(balance_paise), 0)::bigint::text from wallets) as "walletsPaise",
  (select coalesce(sum(quantity), 0)::bigint::text from products) as "stockUnits",
  (select count(*) from products)::int as products`;

export async function upgradeFigures(url: string): Promise<Record<string, unknown>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(UPGRADE_FIGURES_SQL)).rows[0] as Record<string, unknown>;
  } finally {
    await client.end();
  }
}

/** Wallets whose balance is not the sum of their ledger (none in a sound shop). */
export async function walletsOffLedger(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ user_id: string }>(`
      select w.user_id from wallets w
       where w.balance_paise <> coalesce((select sum(t.amount_paise) from wallet_transactions t where t.user_id = w.user_id), 0)`);
    return rows.rows.map((row) => row.user_id);
  } finally {
    await client.end();
  }
}

/** Each GST document series (e.g. INV/26-27) with its serials in order: a sound shop has 1, 2, 3… */
export async function documentSeries(url: string): Promise<Map<string, number[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ number: string }>(`
      select invoice_number as number from orders where invoice_number is not null
      union all select number from credit_notes`);
    const series = new Map<string, number[]>();
    for (const { number } of rows.rows) {
      const cut = number.lastIndexOf('/');
      const name = number.slice(0, cut);
      series.set(name, [...(series.get(name) ?? []), Number(number.slice(cut + 1))]);
    }
    for (const serials of series.values()) serials.sort((a, b) => a - b);
    return series;
  } finally {
    await client.end();
  }
}

// `tsx apps/api/test/shop-figures.ts URL` prints them as JSON (the fixture script keeps them beside the backup).
if (process.argv[1]?.endsWith('shop-figures.ts') && process.argv[2]) {
  console.log(JSON.stringify(await upgradeFigures(process.argv[2]), null, 2));
}
