import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
