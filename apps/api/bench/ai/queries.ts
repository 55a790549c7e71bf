// A labelled query set over the demo comments (apps/api/src/demo/comment-bank-*.ts), kept as data in
// queries.tsv (one query a line) and read here: questions a manager would ask, in Finnish, Swedish and English, paraphrased so they mostly do not repeat the
// criterion's own words. Written by the project (none taken from any other evaluation set). A
// comment is relevant when it is filed under one of the query's criteria (`type` says which kind of
// comment the question leans to; the bench does not require it). `cross`: the answer is sought only
// among comments in the other languages.
//   2 meaningful work, 3 pay and benefits, 4 supervisor, 5 team spirit, 6 work-life balance,
//   7 learning, 8 career, 9 job security, 12 flow of information, 14 workload, 15 tools,
//   22 wellbeing.
//
// The split is fixed (docs/ai.md "Retrieval"): within each group (fi, sv, en, and cross-language
// apart), in the order of queries.tsv, the 1st, 3rd, 5th, ... query is for tuning and the 2nd, 4th,
// 6th, ... is held out from all tuning. New queries go at the end of queries.tsv, so the split of the
// ones before never changes.
import { readFileSync } from 'node:fs';

export interface LabelledQuery {
  query: string;
  language: 'fi' | 'sv' | 'en';
  criteria: number[];
  type?: 'positive' | 'negative' | 'neutral';
  cross?: boolean;
}

const KINDS = new Set(['positive', 'negative', 'neutral']);

/** One line of queries.tsv: language (`*`: cross-language), criteria, kind (`-`: none), question. */
function parsed(line: string, number: number): LabelledQuery {
  const [language, criteria, type, query, extra] = line.split('\t');
  const base = language?.replace(/\*$/, '');
  if (!query || extra !== undefined || (base !== 'fi' && base !== 'sv' && base !== 'en'))
    throw new Error(`queries.tsv line ${number}: expected language, criteria, type, query`);
  return {
    query,
    language: base,
    criteria: (criteria ?? '').split(',').map(Number),
    ...(type && KINDS.has(type) ? { type: type as LabelledQuery['type'] } : {}),
    ...(language?.endsWith('*') ? { cross: true } : {}),
  };
}

/** The labelled queries, in the order of queries.tsv (the order fixes the split). */
export const QUERIES: LabelledQuery[] = readFileSync(
  new URL('./queries.tsv', import.meta.url),
  'utf8',
)
  .split('\n')
  .flatMap((line, i) => (line.trim() === '' || line.startsWith('#') ? [] : [parsed(line, i + 1)]));

export type Split = 'tuning' | 'held-out';

export interface SplitQuery extends LabelledQuery {
  split: Split;
  /** fi, sv, en or cross. */
  group: string;
}

/** The labelled queries with their fixed split (see the top of this file). */
export function splitQueries(queries: readonly LabelledQuery[] = QUERIES): SplitQuery[] {
  const seen = new Map<string, number>();
  return queries.map((query) => {
    const group = query.cross ? 'cross' : query.language;
    const position = seen.get(group) ?? 0;
    seen.set(group, position + 1);
    return { ...query, group, split: position % 2 === 0 ? 'tuning' : 'held-out' };
  });
}
