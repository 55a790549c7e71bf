// The embedded engine's summaries: extractive, not written. Representative comments are chosen by
// maximal marginal relevance (close to the centroid of the group's stemmed tf-idf vectors, far from
// those already chosen), and key phrases are the terms with the highest summed tf-idf, shown in the
// surface form writers used most.
import { terms, words } from '../../search/text.js';

export interface TextItem {
  id: string;
  text: string;
  languageCode: string;
}

export interface Extract {
  /** Representative comments, most central first, no two near-duplicates. */
  representative: TextItem[];
  /** Key phrases in the writers' own words. */
  keyPhrases: string[];
}

type Sparse = Map<string, number>;

function dot(a: Sparse, b: Sparse): number {
  let sum = 0;
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  for (const [term, value] of small) sum += value * (large.get(term) ?? 0);
  return sum;
}

function unit(vector: Sparse): Sparse {
  const length = Math.sqrt([...vector.values()].reduce((sum, value) => sum + value * value, 0));
  if (length === 0) return vector;
  return new Map([...vector].map(([term, value]) => [term, value / length]));
}

/** Surface word for a stem: the most frequent word of the texts that stems to it. */
function surfaceForms(items: readonly TextItem[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const item of items)
    for (const word of words(item.text)) {
      const [stem] = terms(word, item.languageCode);
      if (!stem) continue;
      const forms = counts.get(stem) ?? new Map<string, number>();
      forms.set(word, (forms.get(word) ?? 0) + 1);
      counts.set(stem, forms);
    }
  return new Map(
    [...counts].map(([stem, forms]) => [
      stem,
      [...forms].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? stem,
    ]),
  );
}

export function extract(items: readonly TextItem[], count = 3, phrases = 6, lambda = 0.5): Extract {
  if (items.length === 0) return { representative: [], keyPhrases: [] };
  const stemmed = items.map((item) => terms(item.text, item.languageCode));
  const df = new Map<string, number>();
  for (const list of stemmed)
    for (const term of new Set(list)) df.set(term, (df.get(term) ?? 0) + 1);
  const n = items.length;
  const idf = (term: string) => Math.log(1 + n / (df.get(term) ?? 1));
  const vectors = stemmed.map((list) => {
    const tf = new Map<string, number>();
    for (const term of list) tf.set(term, (tf.get(term) ?? 0) + 1);
    return unit(new Map([...tf].map(([term, f]) => [term, f * idf(term)])));
  });

  const centroid = new Map<string, number>();
  for (const vector of vectors)
    for (const [term, value] of vector) centroid.set(term, (centroid.get(term) ?? 0) + value / n);

  // Key phrases: terms by their weight in the centroid, a term used by one writer only never.
  const forms = surfaceForms(items);
  const keyPhrases = [...centroid]
    .filter(([term]) => (df.get(term) ?? 0) > 1 || n === 1)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, phrases)
    .map(([term]) => forms.get(term) ?? term);

  const centre = unit(centroid);
  const relevance = vectors.map((vector) => dot(vector, centre));
  const chosen: number[] = [];
  while (chosen.length < Math.min(count, n)) {
    let best = -1;
    let bestScore = -Infinity;
    for (let i = 0; i < n; i++) {
      if (chosen.includes(i)) continue;
      const vector = vectors[i] ?? new Map<string, number>();
      const redundancy = Math.max(
        0,
        ...chosen.map((j) => dot(vector, vectors[j] ?? new Map<string, number>())),
      );
      const score = lambda * (relevance[i] ?? 0) - (1 - lambda) * redundancy;
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    }
    if (best < 0) break;
    chosen.push(best);
  }
  return { representative: chosen.flatMap((i) => items[i] ?? []), keyPhrases };
}
