/**
 * "Did you mean": each word of what was typed replaced by the closest word of the near matches' names, compared as
 * pg_trgm compares words (each word padded with two spaces before and one after, its trigrams as a set, similarity =
 * shared / all). A word that is one of the names' words, or has nothing at least SIMILAR_ENOUGH, stays as typed.
 * Nothing when no word changed (docs/decisions/048-search-that-forgives.md).
 */
const SIMILAR_ENOUGH = 0.3;

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  return set;
}

export function trigramSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

export function closestWords(typed: string, names: string[]): string | undefined {
  const candidates = [...new Set(names.flatMap(wordsOf))];
  const typedWords = wordsOf(typed);
  let changed = false;
  const words = typedWords.map((word) => {
    if (candidates.includes(word)) return word;
    let best = word;
    let bestScore = SIMILAR_ENOUGH;
    for (const candidate of candidates) {
      const score = trigramSimilarity(word, candidate);
      if (score > bestScore || (score === bestScore && best !== word && candidate < best)) {
        best = candidate;
        bestScore = score;
      }
    }
    if (best !== word) changed = true;
    return best;
  });
  return changed ? words.join(' ') : undefined;
}
