import type { Bucket } from '@bagshop/shared/insight';
import { type SQL, sql } from 'drizzle-orm';

const BUCKET_FORMAT: Record<Bucket, string> = { hour: 'YYYY-MM-DD"T"HH24', day: 'YYYY-MM-DD', month: 'YYYY-MM' };

/**
 * The chart bucket of a shop-clock timestamp in SQL, the same key as `bucketKeyOf`. The format is one of three
 * constants, written into the statement so a GROUP BY sees the same expression as the select list.
 */
export function bucketKeySql(shopClock: SQL, bucket: Bucket): SQL<string> {
  return sql<string>`to_char(${shopClock}, ${sql.raw(`'${BUCKET_FORMAT[bucket]}'`)})`;
}
