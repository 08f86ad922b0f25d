import { normalizeSearch, SEARCH_LIMITS, type Suggestion } from '@bagshop/shared/schemas/search';
import { and, asc, desc, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { categories, products } from '../../db/schema/catalogue.ts';
import { availableSql } from './search.ts';

/** Product rows asked for, so that names shared by several products still leave enough different ones. */
const PRODUCT_ROWS = SEARCH_LIMITS.suggestions * 2;

/**
 * Suggestions as the shopper types (docs/decisions/048-search-that-forgives.md): categories for sale whose name has
 * the text (at most 3, those starting with it first), then names of products for sale with a word starting with it,
 * best sellers first, each name once; 8 in all. When nothing starts with the text, the names closest to it (a typo
 * such as "bakcpack") through the trigram index.
 */
export async function suggestions(db: Db, typed: string): Promise<Suggestion[]> {
  const q = normalizeSearch(typed);
  if (q.length < SEARCH_LIMITS.suggestFrom) return [];
  // The escaped text, then anything: the start of the name, or of a word after a space.
  const startsWith = containsPattern(q).slice(1);
  const wordStart = `% ${startsWith}`;
  const [categoryRows, productRows] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(
        and(
          isNull(categories.deletedAt),
          sql`not ${categories.isBlocked}`,
          sql`${categories.name} ilike ${containsPattern(q)}`,
        ),
      )
      .orderBy(desc(sql`${categories.name} ilike ${startsWith}`), asc(categories.name))
      .limit(SEARCH_LIMITS.suggestedCategories),
    productNames(db, or(sql`${products.name} ilike ${startsWith}`, sql`${products.name} ilike ${wordStart}`) as SQL, [
      desc(products.unitsSold),
      asc(products.name),
      asc(products.id),
    ]),
  ]);
  let named = productRows;
  if (!categoryRows.length && !named.length && q.length >= 3) {
    // `<%` is answered by the trigram index at the connection's pg_trgm.word_similarity_threshold (db/client.ts).
    named = await productNames(db, sql`${q} <% ${products.name}`, [
      desc(sql`word_similarity(${q}, ${products.name})`),
      asc(products.name),
      asc(products.id),
    ]);
  }
  const found: Suggestion[] = categoryRows.map((c) => ({ kind: 'category', id: c.id, name: c.name }));
  const seen = new Set<string>();
  for (const row of named) {
    if (found.length >= SEARCH_LIMITS.suggestions) break;
    const key = row.name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({ kind: 'product', id: row.id, name: row.name });
  }
  return found;
}

function productNames(db: Db, match: SQL, order: SQL[]) {
  return db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(availableSql, match))
    .orderBy(...order)
    .limit(PRODUCT_ROWS);
}
