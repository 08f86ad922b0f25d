import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { connectDatabase, type Database } from '../db/client.ts';
import { jobRuns } from '../db/schema/job-runs.ts';
import { runOnceAcrossProcesses, scheduleAcrossProcesses, scheduledJobs } from './run-once.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A promise the test resolves when it chooses. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('jobs that run once across shop processes', () => {
  let t: TestApp;
  let other: Database;
  beforeAll(async () => {
    t = await createTestApp();
    other = connectDatabase(String(t.database.pool.options.connectionString), 3);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const runsOf = async (name: string) =>
    (await t.database.db.select().from(jobRuns).where(eq(jobRuns.name, name)))[0]?.runs ?? 0;

  it('runs a job once when two processes start it at the same moment, and not again within its period', async () => {
    let ran = 0;
    const job = { name: 'together', everyMs: MINUTE };
    const work = async () => {
      ran += 1;
    };
    const results = await Promise.all([
      runOnceAcrossProcesses(t.database.db, job, work),
      runOnceAcrossProcesses(other.db, job, work),
      runOnceAcrossProcesses(other.db, job, work),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(ran).toBe(1);
    expect(await runOnceAcrossProcesses(t.database.db, job, work)).toBe(false);
    expect(await runsOf('together')).toBe(1);

    // A period later (the last start moved back), the next timer of either process runs it again.
    await t.database.db
      .update(jobRuns)
      .set({ startedAt: sql`now() - interval '1 minute'` })
      .where(eq(jobRuns.name, 'together'));
    expect(await runOnceAcrossProcesses(other.db, job, work)).toBe(true);
    expect(ran).toBe(2);
    expect(await runsOf('together')).toBe(2);
  });

  it('skips at once while another process is running the job', async () => {
    const job = { name: 'long', everyMs: 0 };
    const running = gate();
    const started = gate();
    const first = runOnceAcrossProcesses(t.database.db, job, async () => {
      started.open();
      await running.opened;
    });
    await started.opened;
    expect(await runOnceAcrossProcesses(other.db, job, async () => {})).toBe(false);
    running.open();
    expect(await first).toBe(true);
    expect(await runOnceAcrossProcesses(other.db, job, async () => {})).toBe(true);
  });

  it('runs again at once when the process running it dies mid-run', async () => {
    const job = { name: 'dies', everyMs: MINUTE };
    const started = gate();
    const never = gate();
    const dying = runOnceAcrossProcesses(t.database.db, job, async () => {
      started.open();
      await never.opened;
    });
    dying.catch(() => {});
    await started.opened;
    // The connection holding the job's lock is cut, as when its process is killed.
    const killed = await other.db.execute<{ killed: boolean }>(sql`
      select pg_terminate_backend(pid) as killed from pg_locks
      where locktype = 'advisory' and objid = hashtext('dies')::oid and granted`);
    expect(killed.rows).toEqual([{ killed: true }]);

    let ran = false;
    await expect
      .poll(() =>
        runOnceAcrossProcesses(other.db, job, async () => {
          ran = true;
        }),
      )
      .toBe(true);
    expect(ran).toBe(true);
    expect(await runsOf('dies')).toBe(1);
    never.open();
    await expect(dying).rejects.toThrow();
  });

  it('leaves the job to the next timer when a run fails', async () => {
    const job = { name: 'fails', everyMs: MINUTE };
    await expect(
      runOnceAcrossProcesses(t.database.db, job, async () => {
        throw new Error('provider down');
      }),
    ).rejects.toThrow('provider down');
    expect(await runOnceAcrossProcesses(other.db, job, async () => {})).toBe(true);
    expect(await runsOf('fails')).toBe(1);
  });

  it('lists the jobs this process has on a timer, with their period and start, until each is stopped', async () => {
    const before = new Date();
    const errors: unknown[] = [];
    const stopFirst = scheduleAcrossProcesses(
      t.database.db,
      { name: 'listed-a', everyMs: HOUR },
      async () => {},
      (e) => errors.push(e),
    );
    const stopSecond = scheduleAcrossProcesses(
      t.database.db,
      { name: 'listed-b', everyMs: MINUTE },
      async () => {},
      (e) => errors.push(e),
    );
    const listed = () => scheduledJobs().filter((j) => j.name.startsWith('listed-'));
    expect(listed().map(({ name, everyMs }) => ({ name, everyMs }))).toEqual([
      { name: 'listed-a', everyMs: HOUR },
      { name: 'listed-b', everyMs: MINUTE },
    ]);
    expect(listed().every((j) => j.since >= before)).toBe(true);
    await stopFirst();
    expect(listed().map((j) => j.name)).toEqual(['listed-b']);
    await stopSecond();
    expect(listed()).toEqual([]);
    expect(errors).toEqual([]);
  });
});
