// Hybrid retrieval over comments: Okapi BM25 over stemmed terms, a vector leg by cosine, and the
// two rankings fused by reciprocal rank (Cormack et al. 2009, k = 60). Without a provider the
// vector leg is lexical: hashed character n-grams of the words, not a semantic embedding.

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
export const RRF_K = 60;
/** Width of the hashed n-gram vectors (the embedded vector leg). */
export const NGRAM_DIMENSIONS = 256;

export interface IndexedDoc {
  id: string;
  terms: readonly string[];
  vector: ArrayLike<number>;
  /** The comment's criterion (survey-model.md), when known. */
  criterion?: number | undefined;
}

export interface Ranked {
  id: string;
  score: number;
}

/** BM25 scores of `docs` for `query` terms; df and length statistics come from `docs` itself. */
export function bm25(docs: readonly IndexedDoc[], query: readonly string[]): Ranked[] {
  if (docs.length === 0 || query.length === 0) return [];
  const wanted = new Set(query);
  // One pass: lengths of all, term frequencies only of the documents that match (few, usually).
  let total = 0;
  const matches: { doc: IndexedDoc; tf: Map<string, number> }[] = [];
  for (const doc of docs) {
    total += doc.terms.length;
    let tf: Map<string, number> | undefined;
    for (const term of doc.terms)
      if (wanted.has(term)) {
        tf ??= new Map();
        tf.set(term, (tf.get(term) ?? 0) + 1);
      }
    if (tf) matches.push({ doc, tf });
  }
  const df = new Map<string, number>();
  for (const { tf } of matches) for (const term of tf.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const n = docs.length;
  const avgdl = total / n || 1;
  const idf = new Map(
    [...df].map(([term, count]) => [term, Math.log(1 + (n - count + 0.5) / (count + 0.5))]),
  );
  const out: Ranked[] = matches.map(({ doc, tf }) => {
    const norm = BM25_K1 * (1 - BM25_B + (BM25_B * doc.terms.length) / avgdl);
    let score = 0;
    for (const [term, f] of tf) score += ((idf.get(term) ?? 0) * f * (BM25_K1 + 1)) / (f + norm);
    return { id: doc.id, score };
  });
  return out.sort((a, b) => b.score - a.score);
}

// FNV-1a: a fixed, fast string hash, so the same n-gram lands in the same slot in every process.
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The lexical vector: character 3- and 4-grams of each lower-cased word (with boundary marks),
 * hashed into NGRAM_DIMENSIONS slots with a sign bit, L2-normalised. It matches inflected and
 * compound forms ("palkka" / "palkkaus"), not meaning across languages.
 */
export function ngramVector(words: readonly string[]): number[] {
  const vector = new Array<number>(NGRAM_DIMENSIONS).fill(0);
  for (const word of words) {
    const padded = `<${word}>`;
    for (const size of [3, 4])
      for (let i = 0; i + size <= padded.length; i++) {
        const hash = fnv1a(padded.slice(i, i + size));
        const slot = hash % NGRAM_DIMENSIONS;
        vector[slot] = (vector[slot] ?? 0) + (hash & 0x80000000 ? -1 : 1);
      }
  }
  return normalise(vector);
}

export function normalise(vector: readonly number[]): number[] {
  const length = Math.hypot(...vector);
  return length === 0 ? [...vector] : vector.map((value) => value / length);
}

export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** Documents by cosine to `query`, those under `threshold` left out. */
export function vectorRank(
  docs: readonly IndexedDoc[],
  query: ArrayLike<number>,
  threshold: number,
): Ranked[] {
  const out: Ranked[] = [];
  for (const doc of docs) {
    const score = cosine(doc.vector, query);
    if (score >= threshold) out.push({ id: doc.id, score });
  }
  return out.sort((a, b) => b.score - a.score);
}

/** Reciprocal rank fusion of several rankings. */
export function fuse(rankings: readonly (readonly Ranked[])[], k = RRF_K): Ranked[] {
  const scores = new Map<string, number>();
  for (const ranking of rankings)
    ranking.forEach((item, rank) =>
      scores.set(item.id, (scores.get(item.id) ?? 0) + 1 / (k + rank + 1)),
    );
  return [...scores]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
