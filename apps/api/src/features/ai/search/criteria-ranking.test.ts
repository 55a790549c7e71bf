import { describe, expect, it } from '@jest/globals';
import {
  allowedOf,
  asRanked,
  bm25Weighted,
  memoryIndexOf,
  vectorPositions,
} from './memory-index.js';
import { fuse, ngramVector } from './retrieval.js';
import { terms, words } from './text.js';
import { fusePositions, rankWithCriteria } from './criteria-ranking.js';
import { collapse, jaccard } from './collapse.js';
import { criteriaProfiles, route, withPrefix } from './criteria-routing.js';

const LANGUAGES = ['fi', 'sv', 'en'];
const weights = (query: string) =>
  [...route(criteriaProfiles(), query, LANGUAGES).weights].filter(([, w]) => w === 1);

describe('routing a question to criteria', () => {
  it.each([
    ['What do people say about their salaries?', 3],
    ['Mitä mieltä ollaan palkoista?', 3],
    ['Räcker lönen till?', 3],
    ['Is the workload too heavy?', 14],
    ['Onko liikaa kiirettä?', 14],
    ['Stöttar chefen oss?', 4],
    ['Viihdytäänkö työporukassa yhdessä?', 5],
    // A name from another report language: German "Gehalt" is not in the fi/sv/en lexicon.
    ['Gehalt und Zusatzleistungen', 3],
  ])('"%s" goes to criterion %i', (query, criterion) => {
    expect(weights(query).map(([c]) => c)).toEqual([criterion]);
  });

  it('routes a question about nothing in particular nowhere', () => {
    expect(route(criteriaProfiles(), 'Mitä ihmiset ajattelevat?', LANGUAGES).weights.size).toBe(0);
    expect(route(criteriaProfiles(), 'What do people think?', LANGUAGES).weights.size).toBe(0);
  });

  it('resolves stem prefixes against a sorted vocabulary', () => {
    expect(withPrefix(['kiire', 'palk', 'palkank', 'palkkau', 'pomo'], 'palk')).toEqual([
      'palk',
      'palkank',
      'palkkau',
    ]);
    expect(withPrefix(['a', 'b'], 'c')).toEqual([]);
  });
});

const doc = (id: string, text: string, language: string, criterion: number) => ({
  id,
  terms: terms(text, language),
  vector: ngramVector(words(text)),
  criterion,
});

describe('ranking with the criteria in mind', () => {
  const docs = [
    doc('generic-9', 'Hard to say, it varies a lot.', 'en', 9),
    doc('generic-11', 'Hard to say, it varies a lot', 'en', 11),
    doc('generic-7', 'Hard to say; it varies a lot!', 'en', 7),
    doc('pay-fi', 'Palkkausperusteet voisi avata selkeämmin.', 'fi', 3),
    doc('pay-en', 'Pay rises were handled fairly this year.', 'en', 3),
    doc('pay-sv', 'Lönen har inte hängt med inflationen.', 'sv', 3),
    doc('load', 'Too much to do and constant overtime.', 'en', 14),
  ];
  const index = memoryIndexOf(docs);
  const all = allowedOf(
    index,
    docs.map((d) => d.id),
  );
  const rank = (query: string, allowed = all) =>
    rankWithCriteria(index, allowed, criteriaProfiles(), {
      query,
      stems: LANGUAGES.flatMap((l) => terms(query, l)),
      languages: LANGUAGES,
      vector: ngramVector(words(query)),
      hybrid: true,
      threshold: 0.1,
      amount: 10,
    }).hits;

  it('fuses the legs by position to the same scores as fuse() over ids', () => {
    const query = 'pay rises and too much overtime';
    const bm25 = bm25Weighted(
      index,
      all,
      new Map(LANGUAGES.flatMap((l) => terms(query, l)).map((t) => [t, 1])),
    );
    const vector = vectorPositions(index, all, ngramVector(words(query)), 0);
    expect(bm25.positions.length).toBeGreaterThan(0);
    expect(vector.positions.length).toBeGreaterThan(bm25.positions.length);
    const byId = fuse([asRanked(index, bm25), asRanked(index, vector)]);
    const { scores, candidates } = fusePositions(index.ids.length, [bm25, vector]);
    expect(new Set(candidates.map((i) => index.ids[i]))).toEqual(new Set(byId.map((r) => r.id)));
    for (const { id, score } of byId) expect(scores[index.positions.get(id) ?? -1]).toBe(score);
  });

  it('puts the comments of the routed criterion first, in every language', () => {
    const ids = rank('What do people say about their salaries?').map((h) => h.id);
    expect(new Set(ids.slice(0, 3))).toEqual(new Set(['pay-fi', 'pay-en', 'pay-sv']));
  });

  it('collapses identical texts into one hit counting the comments the searcher may see', () => {
    const hits = rank('hard to say, varies');
    const generic = hits.filter((h) => h.id.startsWith('generic'));
    expect(generic).toHaveLength(1);
    expect(generic[0]?.count).toBe(3);
    // Only what the gate allows counts: one of the three withheld.
    const fewer = allowedOf(
      index,
      docs.filter((d) => d.id !== 'generic-7').map((d) => d.id),
    );
    expect(rank('hard to say, varies', fewer).find((h) => h.id.startsWith('generic'))?.count).toBe(
      2,
    );
  });

  it('merges near-identical texts (term-set Jaccard at the threshold) and keeps others apart', () => {
    expect(jaccard(['a', 'b', 'c', 'd', 'e'], ['a', 'b', 'c', 'd', 'e', 'f'])).toBeCloseTo(5 / 6);
    const near = memoryIndexOf([
      doc('x', 'Pay rises were handled fairly this year.', 'en', 3),
      doc('y', 'Pay rises were handled fairly this year again.', 'en', 3),
      doc('z', 'Pay is below the industry average.', 'en', 3),
    ]);
    const allowed = allowedOf(near, ['x', 'y', 'z']);
    const hits = collapse(near, allowed, [0, 1, 2], [3, 2, 1], 10, 0.8);
    expect(hits.map((h) => [h.id, h.count])).toEqual([
      ['x', 2],
      ['z', 1],
    ]);
  });
});
