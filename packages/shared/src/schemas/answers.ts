import { z } from 'zod';

/**
 * Building blocks of response schemas (what the API answers). Request fields live in fields.ts; these describe
 * data the server already holds, so they carry no user-facing messages.
 */

/** A moment as the API sends it: ISO 8601 in UTC, e.g. "2026-11-24T09:30:00.000Z". */
export const timestamp = z.iso.datetime({ offset: true }).meta({ examples: ['2026-11-24T09:30:00.000Z'] });

/** An amount in rupees with at most two decimals (inside the server, money is integer paise). */
export const rupeeAmount = z.number().meta({ examples: [1499.5] });

/** A day as the API sends it, e.g. "2026-11-24". */
export const calendarDay = z.iso.date().meta({ examples: ['2026-11-24'] });

/** `{ ok: true }`-style answers and other fixed acknowledgements. */
export const messageAnswer = z.object({ message: z.string() });

/** Where a page of a list sits: spread into a list answer beside its rows, e.g. `{ users: z.array(…), ...pagePosition }`. */
export const pagePosition = {
  total: z.int().nonnegative(),
  page: z.int().positive(),
  pages: z.int().nonnegative(),
};

export type MessageAnswer = z.infer<typeof messageAnswer>;
