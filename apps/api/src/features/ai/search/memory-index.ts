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
  /**
   * Every vector, by dimension: dimension d of position i at [d * ids.length + i]. The vector leg
   * reads only the query's non-zero dimensions, each one a run of adjacent values (read by position,
   * a hashed n-gram query's few dozen values lie scattered over each 1 KB vector).
   */
  readonly vectors: Float32Array;
  /** Squared Euclidean length of each vector (cosine as retrieval.ts computes it, to the bit). */
  readonly squares: Float64Array;
  /** Criterion of each position's comment (0 when not known). */
  readonly criteria: Int16Array;
  /** Text group of each position: comments with the same terms share one (texts.ts `groupsOf`). */
  readonly groups: Uint32Array;
  /** Each group's distinct terms and the number of distinct criteria its comments are filed under. */
  readonly groupTerms: readonly (readonly string[])[];
  readonly groupCriteria: Uint16Array;
  /** The index's terms, sorted (stem prefixes of the query expansion resolve against it). */
  readonly vocabulary: readonly string[];
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
      vectors[d * n + i] = value;
      sum += value * value;
    }
    squares[i] = sum;
  });
  const { groups, groupTerms, groupCriteria, groupBytes } = groupsOf(docs);
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
    criteria: Int16Array.from(docs, (doc) => doc.criterion ?? 0),
    groups,
    groupTerms,
    groupCriteria,
    vocabulary: [...postings.keys()].sort(),
    bytes:
      vectors.byteLength +
      squares.byteLength +
      lengths.byteLength * 2 +
      postingBytes +
      textBytes * 3 +
      groupBytes,
  };
}

/**
 * Groups documents whose terms are the same (after lower-casing, stemming and stopwords: "Tack, här
 * har man verkligen satsat." and "Tack, här har man verkligen satsat"); a document without terms is
 * a group of its own.
 */
function groupsOf(docs: readonly IndexedDoc[]) {
  const groups = new Uint32Array(docs.length);
  const byKey = new Map<string, number>();
  const groupTerms: string[][] = [];
  const criteriaOf: Set<number>[] = [];
  let groupBytes = 0;
  docs.forEach((doc, i) => {
    const key = doc.terms.join(' ');
    let group = key ? byKey.get(key) : undefined;
    if (group === undefined) {
      group = groupTerms.length;
      if (key) byKey.set(key, group);
      groupTerms.push([...new Set(doc.terms)]);
      criteriaOf.push(new Set());
      groupBytes += key.length * 2 + 48;
    }
    groups[i] = group;
    (criteriaOf[group] as Set<number>).add(doc.criterion ?? 0);
  });
  const groupCriteria = Uint16Array.from(criteriaOf, (set) => set.size);
  return { groups, groupTerms, groupCriteria, groupBytes: groupBytes + groups.byteLength };
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

/** Per index, the positions of each gated id array asked about (positionsOf). */
const positionsKept = new WeakMap<MemoryIndex, WeakMap<readonly string[], Uint32Array>>();

/**
 * The index positions of `ids` (those the index holds), kept while both the index and that array
 * live: the gate answers with the same array while the scope and the survey's hidden comments stay
 * the same (reports' comment-scope-ids.ts), so a search finds its mask's positions without 23,000
 * look-ups. The array must not change afterwards; a new array is looked up anew.
 */
export function positionsOf(index: MemoryIndex, ids: readonly string[]): Uint32Array {
  let kept = positionsKept.get(index);
  if (!kept) positionsKept.set(index, (kept = new WeakMap()));
  let positions = kept.get(ids);
  if (!positions) {
    const found: number[] = [];
    for (const id of ids) {
      const position = index.positions.get(id);
      if (position !== undefined) found.push(position);
    }
    kept.set(ids, (positions = Uint32Array.from(found)));
  }
  return positions;
}

/**
 * A leg's ranking as index positions: `positions` best first (equal scores in index order), each
 * one's score at `scores[position]` (0 elsewhere). The search fuses and scores these directly; the
 * id lists (`Ranked`) are for the bench's and the tests' reference rankings.
 */
export interface PositionRanking {
  positions: Uint32Array;
  scores: Float64Array;
}

/** Best first; equal scores in index order (a typed array sorts without boxing). */
function ranked(positions: number[], scores: Float64Array): PositionRanking {
  const sorted = Uint32Array.from(positions);
  sorted.sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b);
  return { positions: sorted, scores };
}

/** A position ranking as comment ids with their scores. */
export function asRanked(index: MemoryIndex, { positions, scores }: PositionRanking): Ranked[] {
  return Array.from(positions, (i) => ({ id: index.ids[i] as string, score: scores[i] as number }));
}

const NONE: PositionRanking = { positions: new Uint32Array(0), scores: new Float64Array(0) };

/** Okapi BM25 of the allowed documents for the query terms, over the postings of those terms. */
export function bm25Over(
  index: MemoryIndex,
  allowed: Uint8Array,
  query: readonly string[],
): Ranked[] {
  return asRanked(index, bm25Weighted(index, allowed, new Map(query.map((term) => [term, 1]))));
}

/**
 * BM25 with a weight per query term (an expanded query: the question's own terms 1, the routed
 * criteria's terms less): each term's contribution is multiplied by its weight.
 */
export function bm25Weighted(
  index: MemoryIndex,
  allowed: Uint8Array,
  query: ReadonlyMap<string, number>,
): PositionRanking {
  if (query.size === 0) return NONE;
  let n = 0;
  let total = 0;
  for (let i = 0; i < allowed.length; i++)
    if (allowed[i]) {
      n += 1;
      total += index.lengths[i] ?? 0;
    }
  if (n === 0) return NONE;
  const avgdl = total / n || 1;
  const scores = new Float64Array(allowed.length);
  const touched: number[] = [];
  for (const [term, weight] of query) {
    const list = index.postings.get(term);
    if (!list || weight <= 0) continue;
    let df = 0;
    for (const doc of list.docs) if (allowed[doc]) df += 1;
    if (df === 0) continue;
    const idf = weight * Math.log(1 + (n - df + 0.5) / (df + 0.5));
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
  return ranked(touched, scores);
}

/** The allowed documents by cosine to `query`, those under `threshold` left out. */
export function vectorOver(
  index: MemoryIndex,
  allowed: Uint8Array,
  query: ArrayLike<number>,
  threshold: number,
): Ranked[] {
  return asRanked(index, vectorPositions(index, allowed, query, threshold));
}

/** vectorOver as index positions. */
export function vectorPositions(
  index: MemoryIndex,
  allowed: Uint8Array,
  query: ArrayLike<number>,
  threshold: number,
): PositionRanking {
  const { dimensions, vectors, squares } = index;
  if (query.length !== dimensions || dimensions === 0) return NONE;
  const q = Float64Array.from(query);
  let qSquare = 0;
  for (let d = 0; d < dimensions; d++) qSquare += (q[d] as number) * (q[d] as number);
  if (qSquare === 0) return NONE;
  // Only the query's non-zero dimensions: a hashed n-gram query fills a few dozen of 256 slots, and
  // a term x * 0 adds nothing (at most turns -0 into 0), so the cosine is the same to the bit in the
  // same order of additions, at a fraction of the work (docs/ai.md "Search latency").
  const dims = Uint32Array.from(
    Array.from({ length: dimensions }, (_, d) => d).filter((d) => q[d] !== 0),
  );
  const n = allowed.length;
  const live: number[] = [];
  for (let i = 0; i < n; i++) if (allowed[i] && squares[i] !== 0) live.push(i);
  // Dimension by dimension over the live positions: each position's sum gets the same terms in the
  // same order as a loop over its own dimensions would add them.
  const dots = new Float64Array(live.length);
  for (const d of dims) {
    const base = d * n;
    const weight = q[d] as number;
    for (let j = 0; j < live.length; j++)
      dots[j] = (dots[j] as number) + (vectors[base + (live[j] as number)] as number) * weight;
  }
  const scores = new Float64Array(n);
  const kept: number[] = [];
  live.forEach((i, j) => {
    const score = (dots[j] as number) / Math.sqrt((squares[i] as number) * qSquare);
    if (score >= threshold) {
      scores[i] = score;
      kept.push(i);
    }
  });
  return ranked(kept, scores);
}
