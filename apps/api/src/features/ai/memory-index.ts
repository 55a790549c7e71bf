// A survey's search index decoded once and kept in memory (docs/ai.md "Search latency"): postings
// (term -> documents and term frequencies) for BM25, and every vector in one Float32Array for the
// vector leg. It holds what the index stores and nothing about who may see what: every search
// passes the set of comments the anonymity gate gives its user now (`allowed`), and both legs
// rank only those, with BM25's statistics (document count, average length, document frequency)
// taken over them as well, as bm25() in retrieval.ts does over a gated list.
import { BM25_B, BM25_K1, type IndexedDoc, type Ranked } from './retrieval.js';

export interface Postings {
  /** Positions of the documents holding the term, ascending. */
  docs: Uint32Array;
  /** The term's frequency in each of them. */
  tfs: Uint16Array;
}

export interface MemoryIndex {
  /** Comment id of each position. */
  readonly ids: readonly string[];
  readonly positions: ReadonlyMap<string, number>;
  /** Number of terms of each document. */
  readonly lengths: Uint32Array;
  readonly postings: ReadonlyMap<string, Postings>;
  readonly dimensions: number;
  /** Position i's vector at [i * dimensions, (i + 1) * dimensions). */
  readonly vectors: Float32Array;
  /** Squared Euclidean length of each vector (cosine as retrieval.ts computes it, to the bit). */
  readonly squares: Float64Array;
  /** Approximate memory held, for the cache's budget. */
  readonly bytes: number;
}

/** Builds the in-memory index from documents (all of one dimension). */
export function memoryIndexOf(docs: readonly IndexedDoc[]): MemoryIndex {
  const n = docs.length;
  const dimensions = docs[0]?.vector.length ?? 0;
  const ids: string[] = new Array<string>(n);
  const lengths = new Uint32Array(n);
  const vectors = new Float32Array(n * dimensions);
  const squares = new Float64Array(n);
  const lists = new Map<string, { docs: number[]; tfs: number[] }>();
  let textBytes = 0;
  docs.forEach((doc, i) => {
    if (doc.vector.length !== dimensions)
      throw new Error(`index vector of ${doc.vector.length} dimensions, expected ${dimensions}`);
    ids[i] = doc.id;
    lengths[i] = doc.terms.length;
    textBytes += doc.id.length * 2;
    const tf = new Map<string, number>();
    for (const term of doc.terms) tf.set(term, (tf.get(term) ?? 0) + 1);
    for (const [term, count] of tf) {
      let list = lists.get(term);
      if (!list) {
        lists.set(term, (list = { docs: [], tfs: [] }));
        textBytes += term.length * 2;
      }
      list.docs.push(i);
      list.tfs.push(Math.min(count, 0xffff));
    }
    let sum = 0;
    for (let d = 0; d < dimensions; d++) {
      const value = doc.vector[d] ?? 0;
      vectors[i * dimensions + d] = value;
      sum += value * value;
    }
    squares[i] = sum;
  });
  const postings = new Map<string, Postings>();
  let postingBytes = 0;
  for (const [term, list] of lists) {
    postings.set(term, { docs: Uint32Array.from(list.docs), tfs: Uint16Array.from(list.tfs) });
    postingBytes += list.docs.length * 6 + 64;
  }
  return {
    ids,
    positions: new Map(ids.map((id, i) => [id, i])),
    lengths,
    postings,
    dimensions,
    vectors,
    squares,
    bytes:
      vectors.byteLength + squares.byteLength + lengths.byteLength + postingBytes + textBytes * 2,
  };
}

/**
 * A mask over the index's positions: `mark` (not 0) at the positions of `ids` (the gate's comments
 * for the searcher), 0 elsewhere; ids the index does not hold are left out. `into` adds to a mask
 * (a trend survey's base survey marked apart from the survey).
 */
export function allowedOf(
  index: MemoryIndex,
  ids: Iterable<string>,
  into = new Uint8Array(index.ids.length),
  mark = 1,
): Uint8Array {
  for (const id of ids) {
    const position = index.positions.get(id);
    if (position !== undefined) into[position] = mark;
  }
  return into;
}

/** Best first; equal scores in index order. */
function sorted(index: MemoryIndex, positions: number[], scores: ArrayLike<number>): Ranked[] {
  positions.sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b);
  return positions.map((i) => ({ id: index.ids[i] as string, score: scores[i] ?? 0 }));
}

/** Okapi BM25 of the allowed documents for the query terms, over the postings of those terms. */
export function bm25Over(
  index: MemoryIndex,
  allowed: Uint8Array,
  query: readonly string[],
): Ranked[] {
  if (query.length === 0) return [];
  let n = 0;
  let total = 0;
  for (let i = 0; i < allowed.length; i++)
    if (allowed[i]) {
      n += 1;
      total += index.lengths[i] ?? 0;
    }
  if (n === 0) return [];
  const avgdl = total / n || 1;
  const scores = new Float64Array(allowed.length);
  const touched: number[] = [];
  for (const term of new Set(query)) {
    const list = index.postings.get(term);
    if (!list) continue;
    let df = 0;
    for (const doc of list.docs) if (allowed[doc]) df += 1;
    if (df === 0) continue;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    for (let k = 0; k < list.docs.length; k++) {
      const doc = list.docs[k] as number;
      if (!allowed[doc]) continue;
      const f = list.tfs[k] as number;
      const norm = BM25_K1 * (1 - BM25_B + (BM25_B * (index.lengths[doc] as number)) / avgdl);
      // Every term adds a positive amount, so a zero score means "not seen yet".
      if (scores[doc] === 0) touched.push(doc);
      scores[doc] = (scores[doc] as number) + (idf * f * (BM25_K1 + 1)) / (f + norm);
    }
  }
  return sorted(index, touched, scores);
}

/** The allowed documents by cosine to `query`, those under `threshold` left out. */
export function vectorOver(
  index: MemoryIndex,
  allowed: Uint8Array,
  query: ArrayLike<number>,
  threshold: number,
): Ranked[] {
  const { dimensions, vectors, squares } = index;
  if (query.length !== dimensions || dimensions === 0) return [];
  const q = Float64Array.from(query);
  let qSquare = 0;
  for (let d = 0; d < dimensions; d++) qSquare += (q[d] as number) * (q[d] as number);
  if (qSquare === 0) return [];
  const scores = new Float64Array(allowed.length);
  const kept: number[] = [];
  for (let i = 0; i < allowed.length; i++) {
    const square = squares[i] as number;
    if (!allowed[i] || square === 0) continue;
    let dot = 0;
    const base = i * dimensions;
    for (let d = 0; d < dimensions; d++) dot += (vectors[base + d] as number) * (q[d] as number);
    const score = dot / Math.sqrt(square * qSquare);
    if (score >= threshold) {
      scores[i] = score;
      kept.push(i);
    }
  }
  return sorted(index, kept, scores);
}
