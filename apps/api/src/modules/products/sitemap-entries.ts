import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/catalogue.ts';
import { availableSql } from './search.ts';

export interface LiveProductStamp {
  id: string;
  categoryId: string;
  updatedAt: Date;
}

/** Every product for sale with when it last changed, oldest first: the sitemap's product entries. */
export async function liveProductStamps(db: Db): Promise<LiveProductStamp[]> {
  return db
    .select({ id: products.id, categoryId: products.categoryId, updatedAt: products.updatedAt })
    .from(products)
    .where(availableSql)
    .orderBy(asc(products.createdAt), asc(products.id));
}
