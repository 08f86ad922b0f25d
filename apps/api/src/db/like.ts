/** An ILIKE pattern matching `text` anywhere, with the LIKE wildcards (and the escape) in it taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
