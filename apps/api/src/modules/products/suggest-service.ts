import { normalizeSearch, SEARCH_LIMITS, type Suggestion } from '@bagshop/shared/schemas/search';
import { and, asc, desc, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { categories, products } from '../../db/schema/catalogue.ts';
import { nearWords } from './near-words.ts';
import { availableSql } from './search.ts';

/** Product rows asked for, so that names shared by several products still leave enough different ones. */
const PRODUCT_ROWS = SEARCH_LIMITS.suggestions * 2;

type Kind = Suggestion['kind'];

/** The order of products_sale_top_idx, so the names are read off it. */
const bestSellersFirst = [desc(products.unitsSold), desc(products.createdAt), desc(products.id)];

/**
 * Suggestions as the shopper types (docs/decisions/048-search-that-forgives.md): categories for sale whose name has
 * the text (at most 3, those starting with it first), then names of products for sale with a word starting with it,
 * best sellers first (the newest first among equals), each name once; 8 in all. When nothing starts with the text,
 * the names with a word close to it (a typo such as "bakcpack").
 *
 * Categories and names come in one statement. The names are read in the order of the best sellers' index
 * (`products_sale_top_idx`) and the scan stops at the rows asked: a word start shared by hundreds of names costs a
 * few index entries instead of every such product read and sorted (decision 048, amendment of 2026-12-03). The
 * statement is planned with its values, so a text few names have is found through the trigram index instead.
 */
export async function suggestions(db: Db, typed: string): Promise<Suggestion[]> {
  const q = normalizeSearch(typed);
  if (q.length < SEARCH_LIMITS.suggestFrom) return [];
  // The escaped text, then anything: the start of the name, or of a word after a space.
  const startsWith = containsPattern(q).slice(1);
  const wordStart = `% ${startsWith}`;
  const categoryRows = db
    .select({ kind: sql<Kind>`'category'`.as('kind'), id: categories.id, name: categories.name })
    .from(categories)
    .where(
      and(
        isNull(categories.deletedAt),
        sql`not ${categories.isBlocked}`,
        sql`${categories.name} ilike ${containsPattern(q)}`,
      ),
    )
    .orderBy(desc(sql`${categories.name} ilike ${startsWith}`), asc(categories.name))
    .limit(SEARCH_LIMITS.suggestedCategories);
  const productRows = db
    .select({ kind: sql<Kind>`'product'`.as('kind'), id: products.id, name: products.name })
    .from(products)
    .where(and(availableSql, or(sql`${products.name} ilike ${startsWith}`, sql`${products.name} ilike ${wordStart}`)))
    .orderBy(...bestSellersFirst)
    .limit(PRODUCT_ROWS);
  const rows = await categoryRows.unionAll(productRows);
  const categoryFound = rows.filter((r) => r.kind === 'category');
  let named: { id: string; name: string }[] = rows.filter((r) => r.kind === 'product');
  if (!categoryFound.length && !named.length && q.length >= 3) named = await closeNames(db, q);
  const found: Suggestion[] = categoryFound.map((c) => ({ kind: 'category', id: c.id, name: c.name }));
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

/**
 * Names for sale with a word close to each word typed (near-words.ts), those with the closest words first, then
 * best sellers. The full-text index finds the products; the name itself is checked, as suggestions are names.
 */
function closeNames(db: Db, q: string) {
  const near = nearWords(db, sql`${q}`);
  return db
    .with(near)
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(
      and(
        availableSql,
        sql`${products.search} @@ (select ${near.alternatives} from ${near})`,
        sql`to_tsvector('simple', ${products.name}) @@ (select ${near.alternatives} from ${near})`,
      ),
    )
    .orderBy(desc(sql`${products.search} @@ (select ${near.best} from ${near})`), ...bestSellersFirst)
    .limit(PRODUCT_ROWS);
}
