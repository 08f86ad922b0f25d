import { z } from 'zod';

/**
 * Path ids are any text up to the router's 100 characters: the services check them (db/ids.ts), and an id that
 * is not one names nothing, so it is a 404 like an id that does not exist.
 */
const pathId = z.string().max(100);

export const idParams = z.strictObject({ id: pathId });
/** A document of an order (a credit note): the order's id and the document's. */
export const idAndNoteParams = z.strictObject({ id: pathId, noteId: pathId });
/** An image of a product or a user picture: its owner's id and its place in the list. */
export const idAndIndexParams = z.strictObject({ id: pathId, index: z.string().max(10) });
