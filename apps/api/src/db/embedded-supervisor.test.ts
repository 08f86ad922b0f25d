import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventually, pause } from '../../test/eventually.ts';
import { postmasterOf, stopLeftoverPostgres, tempDataDir } from '../../test/postgres-processes.ts';
import { clusterDir, startEmbeddedPostgres } from './embedded.ts';
import { restartDelayMs } from './embedded-supervisor.ts';
import { pidAlive } from './local-processes.ts';

/** How the supervisor waits and stops; the restart itself is tested through the shop (embedded-database-outage). */
describe('the supervised embedded PostgreSQL', () => {
  it('waits longer after each failed restart, up to 10 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(restartDelayMs)).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('is not started again once it was told to stop, even when it had just died', async () => {
    const dataDir = tempDataDir('supervised');
    const cluster = clusterDir(dataDir);
    try {
      const embedded = await startEmbeddedPostgres(dataDir);
      const postmaster = postmasterOf(cluster);
      if (!postmaster) throw new Error('no postmaster.pid after the start');
      process.kill(postmaster.pid, 'SIGKILL');
      await eventually('the postmaster to die', () => !pidAlive(postmaster.pid));
      await embedded.stop();
      // Longer than the first restart delay: a supervisor still at work would have started it by now.
      await pause(restartDelayMs(0) * 3);
      const after = postmasterOf(cluster);
      expect(after === null || !pidAlive(after.pid)).toBe(true);
    } finally {
      await stopLeftoverPostgres(cluster);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
