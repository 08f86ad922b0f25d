import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pruneWal } from './cluster-copy.ts';
import { indiaStamp, lastSlotBefore, parseIndiaTime, stampTime } from './schedule.ts';

// `npm run restore -- --to "YYYY-MM-DD HH:MM"` reads India time; the daily backup's slot and file names are India
// time too (docs/decisions/044-backups-and-recovery.md).
describe('India time for backups', () => {
  it('reads --to as India time, with or without seconds, and refuses what is not a time', () => {
    expect(parseIndiaTime('2026-12-01 14:05')?.toISOString()).toBe('2026-12-01T08:35:00.000Z');
    expect(parseIndiaTime('2026-12-01 14:05:30')?.toISOString()).toBe('2026-12-01T08:35:30.000Z');
    expect(parseIndiaTime('2026-02-30 10:00')).toBeNull();
    expect(parseIndiaTime('2026-12-01 24:00')).toBeNull();
    expect(parseIndiaTime('01-12-2026 14:05')).toBeNull();
  });

  it("takes today's slot once it has passed in India, else yesterday's", () => {
    // 02:30 in India is 21:00 UTC the day before.
    expect(lastSlotBefore('02:30', new Date('2026-12-01T21:30:00Z')).toISOString()).toBe('2026-12-01T21:00:00.000Z');
    expect(lastSlotBefore('02:30', new Date('2026-12-01T20:59:00Z')).toISOString()).toBe('2026-11-30T21:00:00.000Z');
  });

  it('names files by the India time they were taken and reads it back', () => {
    const at = new Date('2026-12-01T21:00:05Z');
    const name = `bagshop-backup-${indiaStamp(at)}.tar.gz`;
    expect(name).toBe('bagshop-backup-20261202-023005.tar.gz');
    expect(stampTime(name)?.toISOString()).toBe(at.toISOString());
    expect(stampTime('my-copy.tar.gz')).toBeNull();
  });
});

describe('the archived log', () => {
  it('keeps the segments from the oldest kept base on, and what is not a segment', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-wal-'));
    const names = [
      '000000010000000000000003.gz',
      '000000010000000000000004.gz',
      '000000010000000000000004.00000028.backup.gz',
      '000000010000000000000005.gz',
      '00000002.history.gz',
    ];
    for (const name of names) fs.writeFileSync(path.join(dir, name), '');
    expect(pruneWal(dir, '000000010000000000000004')).toBe(1);
    expect(fs.readdirSync(dir).sort()).toEqual(names.slice(1).sort());
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
