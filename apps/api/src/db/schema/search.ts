import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The words the administrator says mean another ("purse" means "handbag"): a shop search for the word also finds
 * what its meaning finds (docs/decisions/048-search-that-forgives.md). Words are kept as searched: lower case, one
 * space between words.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    word: text('word').primaryKey(),
    means: text('means').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('search_synonyms_not_itself', sql`${t.word} <> ${t.means}`)],
);

/** The shop searches that found nothing, counted per India day and searched words (decision 048). */
export const searchMisses = pgTable(
  'search_misses',
  {
    day: date('day').notNull(),
    query: text('query').notNull(),
    searches: integer('searches').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.query] })],
);

/**
 * The distinct words of the names of the products for sale (not deleted, not blocked), each with how many such
 * products have it: the typo search looks for the words close to what was typed here, a few thousand rows rather
 * than every name (docs/decisions/048-search-that-forgives.md, amendment of 2026-12-03). Words are the lexemes the
 * shop's full-text search gives the name (`to_tsvector('simple', name)`), so a word found here is found by the
 * keyword search. Kept by triggers on `products` (migration 0032), never written by the shop itself.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    products: integer('products').notNull(),
  },
  (t) => [index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);
