// The search bench (docs/ai.md "Quality, measured"): the labelled queries over the demo comment bank
// (every sentence the demo comments are drawn from, criterion sentences and generic distractors),
// recall@10 and nDCG@10 for BM25, the lexical vector leg and the hybrid, ranked by the in-memory
// index the service searches (memory-index.ts); then ranking latency over 23,000 comments (the
// 50,000 profile's count) built from the bank with tails. search-latency.ts measures the whole
// search on the seeded profile.
// Run: npx tsx apps/api/src/features/ai/bench/run.ts (or `npm run bench:ai -w @survey/api`).
import { performance } from 'node:perf_hooks';
import { COMMENT_BANK, COMMENT_LANGUAGES, type CommentType } from '../../../demo/comment-bank.js';
import { allowedOf, bm25Over, memoryIndexOf, vectorOver } from '../memory-index.js';
import { fuse, ngramVector, type IndexedDoc, type Ranked } from '../retrieval.js';
import { queryLanguages } from '../search-index.js';
import { baseLanguage, queryTerms, terms, words } from '../text.js';
import { QUERIES, type LabelledQuery } from './queries.js';

interface Doc extends IndexedDoc {
  language: string;
  criterion: number;
  type: CommentType;
}

const THRESHOLD = 0.1;
const K = 10;

function corpus(): Doc[] {
  const docs: Doc[] = [];
  for (const code of COMMENT_LANGUAGES) {
    const bank = COMMENT_BANK[code];
    const language = baseLanguage(code);
    const add = (text: string, criterion: number, type: CommentType) =>
      docs.push({
        id: `${docs.length}`,
        terms: terms(text, language),
        vector: ngramVector(words(text)),
        language,
        criterion,
        type,
      });
    for (const [criterion, sentences] of Object.entries(bank.criteria))
      for (const type of ['positive', 'negative', 'neutral'] as const)
        for (const text of sentences?.[type] ?? []) add(text, Number(criterion), type);
    for (const type of ['positive', 'negative', 'neutral'] as const)
      for (const text of bank.generic[type]) add(text, 0, type);
  }
  return docs;
}

const relevant = (q: LabelledQuery, d: Doc) =>
  q.criteria.includes(d.criterion) && (!q.type || q.type === d.type);

function metrics(
  ranking: readonly Ranked[],
  docs: ReadonlyMap<string, Doc>,
  q: LabelledQuery,
  pool: readonly Doc[],
) {
  const total = pool.filter((d) => relevant(q, d)).length;
  const top = ranking.slice(0, K).map((r) => docs.get(r.id) as Doc);
  const gains = top.map((d) => (relevant(q, d) ? 1 : 0));
  const dcg = gains.reduce<number>((sum, g, i) => sum + g / Math.log2(i + 2), 0);
  const ideal = Array.from({ length: Math.min(K, total) }, (_, i) => 1 / Math.log2(i + 2)).reduce(
    (a, b) => a + b,
    0,
  );
  return {
    recall: total ? gains.reduce<number>((a, b) => a + b, 0) / Math.min(K, total) : 0,
    ndcg: ideal ? dcg / ideal : 0,
  };
}

const docs = corpus();
const byId = new Map(docs.map((d) => [d.id, d]));
const bankIndex = memoryIndexOf(docs);

/** The pool (all, or the other languages' comments) as the allowed set, as a gate would give it. */
async function rankAll(pool: readonly Doc[], q: string, language: string) {
  const allowed = allowedOf(
    bankIndex,
    pool.map((d) => d.id),
  );
  const lexical = bm25Over(bankIndex, allowed, queryTerms(q, await queryLanguages(q, language)));
  const vector = vectorOver(bankIndex, allowed, ngramVector(words(q)), THRESHOLD);
  return { bm25: lexical, vector, hybrid: fuse([lexical, vector]) };
}
const sums = {
  bm25: { recall: 0, ndcg: 0 },
  vector: { recall: 0, ndcg: 0 },
  hybrid: { recall: 0, ndcg: 0 },
};
const crossSums = structuredClone(sums);
for (const q of QUERIES) {
  const pool = q.cross ? docs.filter((d) => d.language !== q.language) : docs;
  const ranked = await rankAll(pool, q.query, q.language);
  for (const leg of ['bm25', 'vector', 'hybrid'] as const) {
    const m = metrics(ranked[leg], byId, q, pool);
    sums[leg].recall += m.recall;
    sums[leg].ndcg += m.ndcg;
    if (q.cross) {
      crossSums[leg].recall += m.recall;
      crossSums[leg].ndcg += m.ndcg;
    }
  }
}
const crossCount = QUERIES.filter((q) => q.cross).length;
console.log(
  `AI search quality: ${QUERIES.length} labelled queries (${crossCount} cross-language), ${docs.length} bank comments`,
);
for (const leg of ['bm25', 'vector', 'hybrid'] as const)
  console.log(
    `${leg.padEnd(7)} recall@10 ${(sums[leg].recall / QUERIES.length).toFixed(3)}  nDCG@10 ${(sums[leg].ndcg / QUERIES.length).toFixed(3)}` +
      `   cross-language: recall@10 ${(crossSums[leg].recall / crossCount).toFixed(3)}  nDCG@10 ${(crossSums[leg].ndcg / crossCount).toFixed(3)}`,
  );

// Latency: 23,000 comments drawn from the bank (with tails, as the demo generator writes them).
const big: IndexedDoc[] = [];
let seed = 1;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const allTexts: { text: string; language: string }[] = [];
for (const code of COMMENT_LANGUAGES) {
  const bank = COMMENT_BANK[code];
  for (const sentencesOf of [...Object.values(bank.criteria), bank.generic, bank.trend])
    for (const type of ['positive', 'negative', 'neutral'] as const)
      for (const text of sentencesOf?.[type] ?? [])
        allTexts.push({ text, language: baseLanguage(code) });
}
const tailsOf = (language: string) =>
  COMMENT_BANK[COMMENT_LANGUAGES.find((c) => baseLanguage(c) === language) ?? 'fi-FI'].tails;
const buildStart = performance.now();
for (let i = 0; i < 23_000; i++) {
  const base = allTexts[Math.floor(random() * allTexts.length)] ?? { text: '', language: 'fi' };
  const tails = tailsOf(base.language);
  const text =
    random() < 0.3 ? `${base.text} ${tails[Math.floor(random() * tails.length)] ?? ''}` : base.text;
  big.push({ id: String(i), terms: terms(text, base.language), vector: ngramVector(words(text)) });
}
const buildMs = performance.now() - buildStart;
const bigIndex = memoryIndexOf(big);
const everyone = allowedOf(
  bigIndex,
  big.map((d) => d.id),
);
const times: number[] = [];
for (const q of QUERIES) {
  const t = performance.now();
  const query = queryTerms(q.query, await queryLanguages(q.query, q.language));
  const lexical = bm25Over(bigIndex, everyone, query);
  const vector = vectorOver(bigIndex, everyone, ngramVector(words(q.query)), THRESHOLD);
  fuse([lexical, vector]).slice(0, 50);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
const pct = (p: number) =>
  times[Math.min(times.length - 1, Math.floor(p * times.length))]?.toFixed(1);
console.log(
  `hybrid ranking over 23,000 comments (in process, in-memory index, every comment allowed): median ${pct(0.5)} ms, p95 ${pct(0.95)} ms; indexing terms+vectors ${(buildMs / 1000).toFixed(1)} s`,
);
