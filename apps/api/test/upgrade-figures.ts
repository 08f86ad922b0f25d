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

// `tsx apps/api/test/upgrade-figures.ts URL` prints them as JSON (the fixture script keeps them beside the backup).
if (process.argv[1]?.endsWith('upgrade-figures.ts') && process.argv[2]) {
  console.log(JSON.stringify(await upgradeFigures(process.argv[2]), null, 2));
}
