import { z } from 'zod';
import { calendarDay } from './answers.ts';

/**
 * Search that forgives (docs/decisions/048-search-that-forgives.md): the limits of suggestions and synonyms, the
 * words of the search box, the "Did you mean" line and the administrator's Search screen.
 */
export const SEARCH_LIMITS = {
  /** Suggestions in all, categories and products together. */
  suggestions: 8,
  /** Of which categories at most. */
  suggestedCategories: 3,
  /** Fewer characters typed suggest nothing. */
  suggestFrom: 2,
  /** The longest text the suggestions and the shop's keyword take. */
  queryMax: 100,
  /** Synonyms the administrator keeps, and the lengths of a word and of what it means. */
  synonyms: 200,
  synonymWord: 30,
  synonymMeans: 60,
  /** The no-result list covers these many days, and names at most this many searches. */
  noResultDays: 30,
  noResultRows: 100,
} as const;

export const SEARCH_MSG = {
  suggestionsLabel: 'Suggestions',
  suggestedCategory: 'Category',
  didYouMean: 'Did you mean',
  nearMatches: 'Close to what you typed',
  noExactMatch: (keyword: string) => `Nothing matched “${keyword}” exactly.`,
  screenTitle: 'Search',
  synonymsTitle: 'Synonyms',
  synonymsHelp:
    'A shopper who types the word finds what it means. One word on the left; one or more words on the right.',
  synonymWord: 'Word',
  synonymMeans: 'Means',
  addSynonym: 'Add a synonym',
  removeSynonym: 'Remove',
  saveSynonyms: 'Save synonyms',
  synonymsSaved: 'Synonyms saved',
  synonymsSaveFailed: 'Could not save the synonyms',
  synonymsLoadFailed: 'Could not load the synonyms',
  noSynonyms: 'No synonyms yet.',
  noResultsTitle: 'Searches that found nothing',
  noResultsHelp: 'In the last 30 days, most frequent first. A synonym can point a word shoppers use to your products.',
  noResultsEmpty: 'Every search in the last 30 days found something.',
  noResultsLoadFailed: 'Could not load the searches that found nothing',
  searchesColumn: 'Searches',
  lastSearchedColumn: 'Last searched',
  wordInvalid: `Enter one word of letters or digits, at most ${SEARCH_LIMITS.synonymWord} characters`,
  meansInvalid: `Enter words of letters or digits, at most ${SEARCH_LIMITS.synonymMeans} characters`,
  sameWord: 'A word cannot mean itself',
  wordTwice: 'Each word can have one meaning only',
  tooManySynonyms: `At most ${SEARCH_LIMITS.synonyms} synonyms`,
} as const;

/** Words the way search compares them: lower case, single spaces. */
export const normalizeSearch = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

const ONE_WORD = /^[\p{L}\p{N}]+$/u;
const WORDS = /^[\p{L}\p{N}]+( [\p{L}\p{N}]+)*$/u;

export const synonymSchema = z.strictObject({
  word: z
    .string({ error: SEARCH_MSG.wordInvalid })
    .max(SEARCH_LIMITS.synonymWord, { error: SEARCH_MSG.wordInvalid })
    .transform(normalizeSearch)
    .pipe(
      z
        .string()
        .min(1, { error: SEARCH_MSG.wordInvalid })
        .max(SEARCH_LIMITS.synonymWord, { error: SEARCH_MSG.wordInvalid })
        .regex(ONE_WORD, { error: SEARCH_MSG.wordInvalid }),
    ),
  means: z
    .string({ error: SEARCH_MSG.meansInvalid })
    .max(SEARCH_LIMITS.synonymMeans, { error: SEARCH_MSG.meansInvalid })
    .transform(normalizeSearch)
    .pipe(
      z
        .string()
        .min(1, { error: SEARCH_MSG.meansInvalid })
        .max(SEARCH_LIMITS.synonymMeans, { error: SEARCH_MSG.meansInvalid })
        .regex(WORDS, { error: SEARCH_MSG.meansInvalid }),
    ),
});
export type SynonymInput = z.input<typeof synonymSchema>;

/** PUT /api/admin/search/synonyms: the whole list, which replaces the one kept. */
export const synonymsBody = z
  .strictObject({
    synonyms: z.array(synonymSchema).max(SEARCH_LIMITS.synonyms, { error: SEARCH_MSG.tooManySynonyms }),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.synonyms.forEach((s, i) => {
      if (s.word === s.means) ctx.addIssue({ code: 'custom', message: SEARCH_MSG.sameWord, path: ['synonyms', i] });
      if (seen.has(s.word)) {
        ctx.addIssue({ code: 'custom', message: SEARCH_MSG.wordTwice, path: ['synonyms', i, 'word'] });
      }
      seen.add(s.word);
    });
  })
  .meta({
    example: {
      synonyms: [
        { word: 'purse', means: 'handbag' },
        { word: 'bagpack', means: 'backpack' },
        { word: 'thaila', means: 'tote' },
      ],
    },
  });
export type SynonymsBody = z.input<typeof synonymsBody>;

export const synonymsAnswer = z.object({ synonyms: z.array(z.object({ word: z.string(), means: z.string() })) }).meta({
  id: 'SearchSynonyms',
  examples: [{ synonyms: [{ word: 'purse', means: 'handbag' }] }],
});
export type SynonymsAnswer = z.infer<typeof synonymsAnswer>;

/** GET /api/admin/search/no-results */
export const noResultsAnswer = z
  .object({
    searches: z.array(z.object({ query: z.string(), searches: z.int().positive(), lastDay: calendarDay })),
  })
  .meta({
    id: 'SearchesWithoutResults',
    examples: [{ searches: [{ query: 'laptop sleeve', searches: 14, lastDay: '2026-12-02' }] }],
  });
export type NoResultsAnswer = z.infer<typeof noResultsAnswer>;

/** GET /api/products/suggest?q= */
export const suggestQuerySchema = z.strictObject({
  q: z.string().max(SEARCH_LIMITS.queryMax).default(''),
});

export const suggestionAnswer = z.object({
  kind: z.enum(['category', 'product']),
  id: z.string(),
  name: z.string(),
});
export type Suggestion = z.infer<typeof suggestionAnswer>;

export const suggestAnswer = z.object({ suggestions: z.array(suggestionAnswer).max(SEARCH_LIMITS.suggestions) }).meta({
  id: 'SearchSuggestions',
  examples: [
    {
      suggestions: [
        { kind: 'category', id: '0b8f6f0e-2b7a-4f4e-9a51-1f0d8c3b6a11', name: 'Handbags' },
        { kind: 'product', id: '7c1e4b2a-9d3f-4e8a-b5c6-0a1b2c3d4e55', name: 'Leather Handbag' },
      ],
    },
  ],
});
export type SuggestAnswer = z.infer<typeof suggestAnswer>;
