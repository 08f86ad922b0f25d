const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths that are not UUIDs can match nothing; checking first keeps them from reaching PostgreSQL. */
export const isUuid = (value: string) => UUID_PATTERN.test(value);

/** A unique index refused the row (PostgreSQL 23505), whether the driver's error or one wrapping it. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ((error as { code?: unknown }).code === '23505') return true;
  return 'cause' in error && isUniqueViolation(error.cause);
}
