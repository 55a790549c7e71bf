// The search bench's corpus and measures (docs/ai.md "Quality, measured"). The corpus is every
// sentence the demo comments are drawn from (apps/api/src/demo/comment-bank-*.ts), each filed under
// its criterion; the generic sentences ("Hard to say, it varies a lot.") are filed, as the demo
// generator files them, under criteria without sentences of their own, each under three of them,
// so identical texts stand under several criteria. A hit is relevant when its criterion is one the
// question is about; precision@10 and nDCG@10 (binary gains) over the top 10 hits.
import { COMMENT_BANK, COMMENT_LANGUAGES, type CommentType } from '../../src/demo/comment-bank.js';
import { ngramVector, type IndexedDoc } from '../../src/features/ai/search/retrieval.js';
import { baseLanguage, terms, words } from '../../src/features/ai/search/text.js';
import type { LabelledQuery } from './queries.js';

export interface Doc extends IndexedDoc {
  language: string;
  criterion: number;
  type: CommentType;
}

export const K = 10;
const TYPES = ['positive', 'negative', 'neutral'] as const;
/** Criteria without sentences of their own (and 99): the generic sentences are filed under these. */
const GENERIC_CRITERIA = [8, 9, 10, 11, 13, 15, 16, 17, 18, 19, 20, 21, 23, 24, 25, 26, 27, 28, 29];
const GENERIC_COPIES = 3;

export function corpus(): Doc[] {
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
      for (const type of TYPES)
        for (const text of sentences?.[type] ?? []) add(text, Number(criterion), type);
    let j = 0;
    for (const type of TYPES)
      for (const text of bank.generic[type]) {
        for (let copy = 0; copy < GENERIC_COPIES; copy++)
          add(text, GENERIC_CRITERIA[(j * 7 + copy * 5) % GENERIC_CRITERIA.length] as number, type);
        j += 1;
      }
  }
  return docs;
}

const relevant = (q: LabelledQuery, d: Doc) => q.criteria.includes(d.criterion);

/** Precision@10 and nDCG@10 of a ranking (document ids, best first) over a pool. */
export function measure(
  ranking: readonly string[],
  byId: ReadonlyMap<string, Doc>,
  q: LabelledQuery,
  pool: readonly Doc[],
) {
  const total = pool.filter((d) => relevant(q, d)).length;
  const gains = ranking.slice(0, K).map((id) => (relevant(q, byId.get(id) as Doc) ? 1 : 0));
  const dcg = gains.reduce<number>((sum, g, i) => sum + g / Math.log2(i + 2), 0);
  let ideal = 0;
  for (let i = 0; i < Math.min(K, total); i++) ideal += 1 / Math.log2(i + 2);
  return {
    precision: gains.reduce<number>((a, b) => a + b, 0) / K,
    ndcg: ideal ? dcg / ideal : 0,
  };
}
