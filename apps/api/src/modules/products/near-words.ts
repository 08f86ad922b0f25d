import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { searchWords } from '../../db/schema/search.ts';

/** The close words taken for each word typed, closest first: a typo has one or two; this bounds the query. */
const CLOSE_WORDS = 8;

/** A lexeme as one operand of a tsquery: quoted, its quotes and backslashes doubled (tsquery's input rules). */
const operandOf = (word: SQL) => sql`'''' || replace(replace(${word}, '\\', '\\\\'), '''', '''''') || ''''`;

/**
 * What a typed text is close to, as two full-text queries (docs/decisions/048-search-that-forgives.md, amendment of
 * 2026-12-03). Each word typed (a lexeme of the shop's `simple` full-text configuration) stands for itself or one of
 * the words of the names for sale close to it (`<%`: word similarity at least pg_trgm.word_similarity_threshold, set
 * on every connection, db/client.ts), found in the small table of those words by its trigram index rather than
 * among every name; `alternatives` asks every word typed, each in any of its forms. `best` asks the closest form
 * of each (by pg_trgm's similarity, then alphabetically; the word itself when nothing is close): names it finds
 * are the closest. A text with no word gives null queries, which find nothing. A hyphen typed separates words: the
 * parser reads "lether-satchl" as the compound and its parts, and the compound, near to no word, would find nothing.
 */
export function nearWords(db: DbOrTx, typed: SQL | Placeholder) {
  return db
    .$with('near_words', {
      alternatives: sql<string>`alternatives`.as('alternatives'),
      best: sql<string>`best`.as('best'),
    })
    .as(sql`
      select string_agg(alternatives, ' & ')::tsquery as alternatives, string_agg(best, ' & ')::tsquery as best
      from (
        select '(' || string_agg(operand, ' | ') || ')' as alternatives,
          (array_agg(operand order by rank))[1] as best
        from (
          select t.word as typed, c.rank, ${operandOf(sql`c.word`)} as operand
          from unnest(tsvector_to_array(to_tsvector('simple', translate(${typed}, '-', ' ')))) as t(word)
          cross join lateral (
            (select w.word, row_number() over (order by similarity(t.word, w.word) desc, w.word) as rank
              from ${searchWords} w
              where t.word <% w.word
              order by rank
              limit ${sql.raw(String(CLOSE_WORDS))})
            union all
            select t.word, ${sql.raw(String(CLOSE_WORDS + 1))}
          ) as c
        ) as operands
        group by typed
      ) as per_word`);
}
