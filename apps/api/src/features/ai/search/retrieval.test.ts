import { describe, expect, it } from '@jest/globals';
import { bm25, cosine, fuse, ngramVector, vectorRank, type IndexedDoc } from './retrieval.js';
import { queryTerms, terms, words } from './text.js';

const doc = (id: string, text: string, language = 'fi'): IndexedDoc => ({
  id,
  terms: terms(text, language),
  vector: ngramVector(words(text)),
});

const docs = [
  doc('pay', 'Palkka on liian pieni ja palkankorotukset jäivät saamatta.'),
  doc('boss', 'Esihenkilöiden kanssa on helppo puhua.'),
  doc('boss2', 'Esihenkilö ei kuuntele meitä.'),
  doc('sv', 'Lönen är för låg.', 'sv'),
];

describe('retrieval', () => {
  it('BM25 matches inflected Finnish through the stemmer and ranks the rarer term higher', () => {
    const ranked = bm25(docs, queryTerms('esihenkilö kuuntele', ['fi']));
    expect(ranked.map((r) => r.id)).toEqual(['boss2', 'boss']);
    expect(
      bm25(docs, queryTerms('esihenkilöt', ['fi']))
        .map((r) => r.id)
        .sort(),
    ).toEqual(['boss', 'boss2']);
  });

  it('the n-gram vector matches compounds and inflections, and honours the threshold', () => {
    const query = ngramVector(words('palkankorotus'));
    expect(cosine(query, docs[0]?.vector ?? [])).toBeGreaterThan(
      cosine(query, docs[1]?.vector ?? []),
    );
    expect(vectorRank(docs, query, 0.9)).toEqual([]);
    expect(vectorRank(docs, query, 0.05)[0]?.id).toBe('pay');
  });

  it('fuses rankings by reciprocal rank: agreement beats a single first place', () => {
    const fused = fuse([
      [
        { id: 'a', score: 9 },
        { id: 'b', score: 5 },
      ],
      [
        { id: 'c', score: 9 },
        { id: 'b', score: 5 },
      ],
    ]);
    expect(fused[0]?.id).toBe('b');
    expect(fused.map((r) => r.id).sort()).toEqual(['a', 'b', 'c']);
  });
});
