/** India has one time zone and no daylight saving: its clock is UTC + 5:30 all year. */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** `YYYYMMDD-HHMMSS` in India time: backup file names sort in the order they were taken. */
export function indiaStamp(at: Date): string {
  const iso = new Date(at.getTime() + INDIA_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 19).replace(/:/g, '')}`;
}

/** The latest instant at or before `now` whose India time of day is `hhmm` (today's, or yesterday's). */
export function lastSlotBefore(hhmm: string, now: Date): Date {
  const [hours, minutes] = hhmm.split(':').map(Number) as [number, number];
  const indiaNow = new Date(now.getTime() + INDIA_OFFSET_MS);
  const slot = Date.UTC(indiaNow.getUTCFullYear(), indiaNow.getUTCMonth(), indiaNow.getUTCDate(), hours, minutes);
  const today = new Date(slot - INDIA_OFFSET_MS);
  return today <= now ? today : new Date(today.getTime() - 86_400_000);
}

/**
 * `YYYY-MM-DD HH:MM` (or with `:SS`) read as India time, as `npm run restore -- --to` takes it; null when the text
 * is not such a time or names a day that does not exist.
 */
export function parseIndiaTime(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const utc = Date.UTC(year!, month! - 1, day!, hours!, minutes!, seconds!);
  const back = new Date(utc);
  if (
    back.getUTCMonth() !== month! - 1 ||
    back.getUTCDate() !== day! ||
    hours! > 23 ||
    minutes! > 59 ||
    seconds! > 59
  ) {
    return null;
  }
  return new Date(utc - INDIA_OFFSET_MS);
}

/** A backup file's name as the shop writes it: `bagshop-backup-YYYYMMDD-HHMMSS.tar.gz` (India time). */
export const BACKUP_NAME = /^bagshop-backup-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.tar\.gz$/;

/** When a backup named by the shop was started; null for any other name. */
export function stampTime(name: string): Date | null {
  const match = BACKUP_NAME.exec(name);
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map(Number) as number[];
  return new Date(Date.UTC(year!, month! - 1, day!, hours!, minutes!, seconds!) - INDIA_OFFSET_MS);
}
