import pg from 'pg';

/**
 * A connection of its own (a backup's snapshot, a base backup's start and stop must stay on one session). A server
 * that goes away mid-backup emits an error on the client: without a listener that would end the shop's process,
 * while the query under way fails anyway and the backup is recorded as failed.
 */
export async function openSession(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  return client;
}
