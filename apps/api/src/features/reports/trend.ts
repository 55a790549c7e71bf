// The trend answers of a trend survey (survey-model.md: a survey with a base survey asks, for each
// criterion a participant picked as important, whether it got better, worse or stayed the same since
// the base survey). Answered as part of /report/realizationbyvariables (docs/rest-api.md, Reports).
import type { Db } from '../../lib/db.js';
import { CRITERIA } from '../../lib/questionnaire.js';
import { Params, type Condition } from './filters.js';

export type Change = 'better' | 'same' | 'worse';

/** Per criterion id: how many participants answered each change. */
export type TrendCounts = Map<number, Record<Change, number>>;

/** The trend answers of the participants a condition selects, counted per criterion and change. */
export async function trendCounts(db: Db, where: Condition): Promise<TrendCounts> {
  const p = new Params();
  const sql = `SELECT t.criterion_id::int AS id, t.change, count(*)::int AS n
    FROM trend_answers t JOIN responses r ON r.participant_id = t.participant_id
    WHERE ${where(p)} GROUP BY t.criterion_id, t.change`;
  const rows = await db.query<{ id: number; change: Change; n: number }>(sql, p.values);
  const counts: TrendCounts = new Map();
  for (const row of rows) {
    const entry = counts.get(row.id) ?? { better: 0, same: 0, worse: 0 };
    entry[row.change] = row.n;
    counts.set(row.id, entry);
  }
  return counts;
}

/** One criterion's trend: percent better / same / worse among those who picked and answered it. */
export type TrendCriterion =
  | { id: number; answered: number; better: number; same: number; worse: number }
  /** Fewer answered than the anonymity threshold: no percentages and no count, like a small group. */
  | { id: number; suppressed: true };

/**
 * Every criterion 2..31 with its trend, most answered first (ties by id), the suppressed ones last
 * by id. A criterion answered by fewer than `threshold` participants is suppressed: its few answers
 * would speak for individuals.
 */
export function trendCriteria(counts: TrendCounts, threshold: number): TrendCriterion[] {
  const answeredBy = (c: TrendCriterion) => ('answered' in c ? c.answered : -1);
  return CRITERIA.map((id): TrendCriterion => {
    const { better, same, worse } = counts.get(id) ?? { better: 0, same: 0, worse: 0 };
    const answered = better + same + worse;
    if (answered < threshold) return { id, suppressed: true };
    const share = (count: number) => (count / answered) * 100;
    return { id, answered, better: share(better), same: share(same), worse: share(worse) };
  }).sort((a, b) => answeredBy(b) - answeredBy(a) || a.id - b.id);
}
