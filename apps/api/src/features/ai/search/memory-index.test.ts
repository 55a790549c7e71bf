import { describe, expect, it } from '@jest/globals';
import { COMMENT_BANK, COMMENT_LANGUAGES } from '../../../demo/comment-bank.js';
import { QUERIES } from '../../../../bench/ai/queries.js';
import { allowedOf, bm25Over, memoryIndexOf, vectorOver } from './memory-index.js';
import { bm25, ngramVector, vectorRank, type IndexedDoc, type Ranked } from './retrieval.js';
import { queryLanguages } from './search-index.js';
import { baseLanguage, queryTerms, terms, words } from './text.js';

/** The demo bank's sentences (the search bench's corpus), as documents; vectors as float32, as the
 * index stores them. */
function bank(): IndexedDoc[] {
  const docs: IndexedDoc[] = [];
  for (const code of COMMENT_LANGUAGES) {
    const { criteria, generic } = COMMENT_BANK[code];
    for (const sentences of [...Object.values(criteria), generic])
      for (const type of ['positive', 'negative', 'neutral'] as const)
        for (const text of sentences?.[type] ?? [])
          docs.push({
            id: `c${docs.length}`,
            terms: terms(text, baseLanguage(code)),
            vector: Float32Array.from(ngramVector(words(text))),
          });
  }
  return docs;
}

/** Same documents with the same scores (to rounding), best first. */
function expectSameRanking(actual: readonly Ranked[], expected: readonly Ranked[]) {
  expect(actual.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
  const byId = new Map(expected.map((r) => [r.id, r.score]));
  for (const r of actual) expect(r.score).toBeCloseTo(byId.get(r.id) ?? NaN, 6);
  for (let i = 1; i < actual.length; i++)
    expect((actual[i - 1] as Ranked).score).toBeGreaterThanOrEqual((actual[i] as Ranked).score);
}

describe('the in-memory index', () => {
  const docs = bank();
  const index = memoryIndexOf(docs);
  // Every third document hidden from the searcher: what a gate with a unit filter leaves.
  const gated = docs.filter((_, i) => i % 3 !== 0);
  const allowed = allowedOf(
    index,
    gated.map((doc) => doc.id),
  );

  it('ranks the gated documents as BM25 and cosine over only those documents do', async () => {
    expect(docs.length).toBeGreaterThan(500);
    for (const q of QUERIES.slice(0, 25)) {
      const query = queryTerms(q.query, await queryLanguages(q.query, q.language));
      expectSameRanking(bm25Over(index, allowed, query), bm25(gated, query));
      const vector = ngramVector(words(q.query));
      expectSameRanking(vectorOver(index, allowed, vector, 0.1), vectorRank(gated, vector, 0.1));
    }
  });

  it('never returns a document outside the allowed set, and nothing when none is allowed', () => {
    const hidden = new Set(docs.filter((_, i) => i % 3 === 0).map((doc) => doc.id));
    const query = queryTerms('esihenkilö palaute lön', ['fi', 'sv']);
    const lexical = bm25Over(index, allowed, query);
    const vector = vectorOver(index, allowed, ngramVector(words('esihenkilö palaute')), 0.05);
    expect(lexical.length).toBeGreaterThan(0);
    expect(vector.length).toBeGreaterThan(0);
    expect([...lexical, ...vector].filter((r) => hidden.has(r.id))).toEqual([]);
    const none = allowedOf(index, []);
    expect(bm25Over(index, none, query)).toEqual([]);
    expect(vectorOver(index, none, ngramVector(words('esihenkilö')), 0)).toEqual([]);
  });

  it('ignores ids it does not hold, and a query vector of another width', () => {
    expect([...allowedOf(index, ['not-indexed', 'c1'])].filter(Boolean)).toHaveLength(1);
    expect(vectorOver(index, allowed, [1, 0, 0], 0)).toEqual([]);
  });
});
