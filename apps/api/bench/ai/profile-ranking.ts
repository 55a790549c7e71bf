// Stage timing of the Ask ranking in one process (docs/ai.md "Search latency"): the bench corpus
// repeated to about 23,000 comments, old ranking (BM25 + vector fused) against the criteria ranking,
// per stage, over the labelled queries. Run: npx tsx bench/ai/profile-ranking.ts
import { performance } from 'node:perf_hooks';
import { corpus } from './quality.js';
import { QUERIES } from './queries.js';
import { memoryIndexOf, bm25Over, vectorOver } from '../../src/features/ai/search/memory-index.js';
import { fuse, ngramVector } from '../../src/features/ai/search/retrieval.js';
import { queryTerms, words } from '../../src/features/ai/search/text.js';
import {
  criteriaProfiles,
  route,
  expandQuery,
} from '../../src/features/ai/search/criteria-routing.js';
import {
  rankWithCriteria,
  RETRIEVAL_TUNING,
} from '../../src/features/ai/search/criteria-ranking.js';

const base = corpus();
const docs = [];
for (let r = 0; docs.length < 23000; r++)
  for (const d of base) docs.push({ ...d, id: `${r}-${d.id}` });
let t = performance.now();
const index = memoryIndexOf(docs);
console.log(`index of ${docs.length}: ${(performance.now() - t).toFixed(0)} ms`);
t = performance.now();
const profiles = criteriaProfiles();
console.log(`profiles: ${(performance.now() - t).toFixed(0)} ms`);
const allowed = new Uint8Array(index.ids.length).fill(1);
const languages = ['fi', 'sv', 'en'];
const time: Record<string, number[]> = {};
const at = (name: string, f: () => unknown) => {
  const s = performance.now();
  const out = f();
  (time[name] ??= []).push(performance.now() - s);
  return out;
};
for (let round = 0; round < 3; round++)
  for (const q of QUERIES) {
    const stems = queryTerms(q.query, languages);
    const vector = ngramVector(words(q.query));
    at('old', () =>
      fuse([bm25Over(index, allowed, stems), vectorOver(index, allowed, vector, 0.1)]),
    );
    const routing = at('route', () => route(profiles, q.query, languages)) as ReturnType<
      typeof route
    >;
    const weights = at('expand', () =>
      expandQuery(profiles, routing, stems, index.vocabulary, { factor: 0.35, minWeight: 0.8 }),
    ) as Map<string, number>;
    (time.terms ??= []).push(weights.size);
    at('new', () =>
      rankWithCriteria(
        index,
        allowed,
        profiles,
        { query: q.query, stems, languages, vector, hybrid: true, threshold: 0.1, amount: 50 },
        RETRIEVAL_TUNING,
      ),
    );
  }
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
for (const [name, xs] of Object.entries(time))
  console.log(`${name}: median ${median(xs).toFixed(2)}`);
