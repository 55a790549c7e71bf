// The search bench (docs/ai.md "Quality, measured"): the labelled queries (queries.ts, 160, with a
// fixed tuning / held-out split) over the demo comment bank (quality.ts), today's ranking (BM25 over
// the question's stems and the n-gram leg, fused by reciprocal rank) side by side with the ranking
// that uses the criteria (src/features/ai/search/criteria-ranking.ts): precision@10 and nDCG@10 per half and per
// language; then ranking latency of both over 23,000 comments (the 50,000 profile's count).
// search-latency.ts measures the whole search on the seeded profile.
// Options: --split tuning prints only the tuning half (what tuning may look at); --tuning '{json}'
// overrides settings of RETRIEVAL_TUNING; --misses lists the tuning queries under 0.5.
// Run: npx tsx apps/api/bench/ai/run.ts (or `npm run bench:ai -w @survey/api`).
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { COMMENT_BANK, COMMENT_LANGUAGES } from '../../src/demo/comment-bank.js';
import {
  allowedOf,
  bm25Over,
  memoryIndexOf,
  vectorOver,
  type MemoryIndex,
} from '../../src/features/ai/search/memory-index.js';
import { fuse, ngramVector, type IndexedDoc } from '../../src/features/ai/search/retrieval.js';
import {
  rankWithCriteria,
  RETRIEVAL_TUNING,
} from '../../src/features/ai/search/criteria-ranking.js';
import { criteriaProfiles } from '../../src/features/ai/search/criteria-routing.js';
import { queryLanguages } from '../../src/features/ai/search/search-index.js';
import { baseLanguage, queryTerms, terms, words } from '../../src/features/ai/search/text.js';
import { corpus, K, measure } from './quality.js';
import { splitQueries, type Split, type SplitQuery } from './queries.js';

const THRESHOLD = 0.1;
const profiles = criteriaProfiles();
const { values: args } = parseArgs({
  options: { split: { type: 'string' }, tuning: { type: 'string' }, misses: { type: 'boolean' } },
});
const tuning = { ...RETRIEVAL_TUNING, ...(JSON.parse(args.tuning ?? '{}') as object) };

type Method = 'today' | 'criteria';

async function ranking(
  method: Method,
  index: MemoryIndex,
  allowed: Uint8Array,
  q: string,
  language: string,
) {
  const languages = await queryLanguages(q, language);
  const stems = queryTerms(q, languages);
  const vector = ngramVector(words(q));
  if (method === 'today')
    return fuse([bm25Over(index, allowed, stems), vectorOver(index, allowed, vector, THRESHOLD)])
      .slice(0, K)
      .map((r) => r.id);
  const input = {
    query: q,
    stems,
    languages,
    vector,
    hybrid: true,
    threshold: THRESHOLD,
    amount: K,
  };
  return rankWithCriteria(index, allowed, profiles, input, tuning).hits.map((h) => h.id);
}

const docs = corpus();
const byId = new Map(docs.map((d) => [d.id, d]));
const bankIndex = memoryIndexOf(docs);
const queries = splitQueries();
const only = args.split as Split | undefined;

type Sums = Map<string, { n: number; precision: number; ndcg: number }>;
const results: Record<Method, Sums> = { today: new Map(), criteria: new Map() };
const add = (sums: Sums, key: string, m: { precision: number; ndcg: number }) => {
  const s = sums.get(key) ?? { n: 0, precision: 0, ndcg: 0 };
  sums.set(key, { n: s.n + 1, precision: s.precision + m.precision, ndcg: s.ndcg + m.ndcg });
};
const misses: string[] = [];
for (const q of queries) {
  if (only && q.split !== only) continue;
  // Cross-language: the pool is the other languages' comments, as a gate would give it.
  const pool = q.cross ? docs.filter((d) => d.language !== q.language) : docs;
  const allowed = allowedOf(
    bankIndex,
    pool.map((d) => d.id),
  );
  for (const method of ['today', 'criteria'] as const) {
    const m = measure(
      await ranking(method, bankIndex, allowed, q.query, q.language),
      byId,
      q,
      pool,
    );
    for (const key of [`${q.split}|all`, `${q.split}|${q.group}`]) add(results[method], key, m);
    if (method === 'criteria' && q.split === 'tuning' && m.precision < 0.5)
      misses.push(`${q.query} [${q.criteria.join(',')}] p@10 ${m.precision.toFixed(1)}`);
  }
}
report(queries);
if (args.misses) console.log(`tuning misses:\n  ${misses.join('\n  ')}`);

function report(all: readonly SplitQuery[]) {
  const counted = (split: Split) => all.filter((q) => q.split === split);
  console.log(
    `AI search quality: ${all.length} labelled queries (${all.filter((q) => q.cross).length} cross-language; ` +
      `tuning ${counted('tuning').length}, held out ${counted('held-out').length}), ${docs.length} bank comments`,
  );
  console.log(
    '| half     | group | n  | today P@10 | today nDCG@10 | criteria P@10 | criteria nDCG@10 |',
  );
  console.log(
    '| -------- | ----- | -- | ---------- | ------------- | ------------- | ---------------- |',
  );
  for (const split of ['tuning', 'held-out'] as const)
    for (const group of ['all', 'fi', 'sv', 'en', 'cross']) {
      const key = `${split}|${group}`;
      const t = results.today.get(key);
      const c = results.criteria.get(key);
      if (!t || !c) continue;
      const f = (v: number) => (v / t.n).toFixed(3).padEnd(5);
      console.log(
        `| ${split.padEnd(8)} | ${group.padEnd(5)} | ${String(t.n).padEnd(2)} | ${f(t.precision)}      | ${f(t.ndcg)}         | ${f(c.precision)}         | ${f(c.ndcg)}            |`,
      );
    }
}

await latency();

/** Ranking latency over 23,000 comments drawn from the bank (with tails, as the demo writes them). */
async function latency() {
  const big: IndexedDoc[] = [];
  let seed = 1;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const texts = textsOfBank();
  for (let i = 0; i < 23_000; i++) {
    const base = texts[Math.floor(random() * texts.length)] as (typeof texts)[number];
    const tails = COMMENT_BANK[base.code].tails;
    const text =
      random() < 0.3
        ? `${base.text} ${tails[Math.floor(random() * tails.length)] ?? ''}`
        : base.text;
    const criterion = base.criterion || 8 + Math.floor(random() * 20);
    big.push({
      id: String(i),
      terms: terms(text, base.language),
      vector: ngramVector(words(text)),
      criterion,
    });
  }
  const index = memoryIndexOf(big);
  const everyone = allowedOf(
    index,
    big.map((d) => d.id),
  );
  for (const method of ['today', 'criteria'] as const) {
    const times: number[] = [];
    // CPU time of this process per ranking: on a machine others load, wall time grows with the
    // load; CPU time much less.
    const cpu: number[] = [];
    for (const q of queries) {
      const t = performance.now();
      const c = process.cpuUsage();
      await ranking(method, index, everyone, q.query, q.language);
      const used = process.cpuUsage(c);
      times.push(performance.now() - t);
      cpu.push((used.user + used.system) / 1000);
    }
    const pct = (list: number[], p: number) => {
      const sorted = [...list].sort((a, b) => a - b);
      return sorted[Math.min(list.length - 1, Math.floor(p * list.length))]?.toFixed(1);
    };
    console.log(
      `${method} ranking over 23,000 comments (in process, every comment allowed): median ${pct(times, 0.5)} ms, ` +
        `p95 ${pct(times, 0.95)} ms (CPU median ${pct(cpu, 0.5)} ms, p95 ${pct(cpu, 0.95)} ms)`,
    );
  }
}

function textsOfBank() {
  const out: {
    text: string;
    language: string;
    code: (typeof COMMENT_LANGUAGES)[number];
    criterion: number;
  }[] = [];
  for (const code of COMMENT_LANGUAGES) {
    const bank = COMMENT_BANK[code];
    const language = baseLanguage(code);
    for (const [criterion, sentences] of Object.entries(bank.criteria))
      for (const list of Object.values(sentences ?? {}))
        for (const text of list) out.push({ text, language, code, criterion: Number(criterion) });
    for (const sentencesOf of [bank.generic, bank.trend])
      for (const list of Object.values(sentencesOf))
        for (const text of list) out.push({ text, language, code, criterion: 0 });
  }
  return out;
}
