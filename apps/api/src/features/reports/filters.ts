// The one SQL builder of report filters: a filter set becomes conditions over `responses r`,
// every value a bind parameter. Only finished, released responses count (release.ts): a survey set
// reads the release its anonymity gate was built on, so figures and gate see the same people.
import type { SqlParam } from '../../lib/db.js';
import {
  BACKGROUND,
  isUnitKey,
  unitLevel,
  type BackgroundKey,
  type FilterSet,
  type Filters,
  type GroupKey,
} from './schemas.js';

/** Collects bind parameters; `add` answers the placeholder of the value. */
export class Params {
  readonly values: SqlParam[] = [];

  add(value: SqlParam, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

/** A condition over `responses r`, written against the parameters of the query it goes into. */
export type Condition = (p: Params) => string;

export const and =
  (...conditions: Condition[]): Condition =>
  (p) =>
    conditions.map((c) => `(${c(p)})`).join(' AND ') || 'true';

/** Finished responses of any release (all-data sets), or of releases up to `release`. */
export const released =
  (release?: number): Condition =>
  (p) =>
    release === undefined
      ? 'r.finished_at IS NOT NULL AND r.release IS NOT NULL'
      : `r.finished_at IS NOT NULL AND r.release <= ${p.add(release, '::int')}`;

/** The participants of a unit id list at one level: one id contains it, several any of them. */
function unitCondition(ids: readonly string[]): Condition {
  return ids.length === 1
    ? (p) => `r.unit_ids @> ARRAY[${p.add(ids[0] ?? '', '::uuid')}]`
    : (p) => `r.unit_ids && ${p.add(ids, '::uuid[]')}`;
}

/** The participants whose answer to a breakdown dimension is `value` (null: not answered / no unit). */
export function groupCondition(key: GroupKey, value: string | null): Condition {
  if (isUnitKey(key)) {
    if (value !== null) return unitCondition([value]);
    return (p) => `NOT EXISTS (SELECT 1 FROM units un
      WHERE un.id = ANY(r.unit_ids) AND un.index = ${p.add(unitLevel(key), '::int')})`;
  }
  const column = `r.${BACKGROUND[key as BackgroundKey].column}`;
  return value === null ? () => `${column} IS NULL` : (p) => `${column} = ${p.add(value)}`;
}

/** The unit and background filters of a survey set (gate.ts setTest selects the same people). */
function filterConditions(filters: Filters): Condition[] {
  const conditions: Condition[] = [];
  for (const [key, values] of Object.entries(filters) as [GroupKey, string[] | undefined][]) {
    if (!values || values.length === 0) continue;
    if (isUnitKey(key)) conditions.push(unitCondition(values));
    else {
      const column = `r.${BACKGROUND[key].column}`;
      conditions.push((p) => `${column} = ANY(${p.add(values, '::text[]')})`);
    }
  }
  return conditions;
}

/** All-data mode: companies of the industry and size, and the finish time window. */
function benchmarkConditions(set: FilterSet): Condition[] {
  const conditions: Condition[] = [];
  const { industryId, sizeId } = set;
  if (industryId !== undefined || sizeId !== undefined) {
    conditions.push((p) => {
      const industry = industryId === undefined ? '' : ` AND c.industry_id = ${p.add(industryId)}`;
      const size = sizeId === undefined ? '' : ` AND c.size_id = ${p.add(sizeId)}`;
      return `EXISTS (SELECT 1 FROM companies c WHERE c.id = r.company_id${industry}${size})`;
    });
  }
  switch (set.surveyFinishTime) {
    case 0:
      conditions.push(() => `r.finished_at >= now() - interval '12 months'`);
      break;
    case 1:
      conditions.push(() => `r.finished_at >= date_trunc('year', now())`);
      break;
    case 3: {
      const { rangeStart, rangeEnd } = set;
      conditions.push(
        (p) =>
          `r.finished_at >= ${p.add(rangeStart ?? null, '::date')}
           AND r.finished_at < ${p.add(rangeEnd ?? null, '::date')} + 1`,
      );
      break;
    }
    default: // 2 or unset: all finish times
  }
  return conditions;
}

/** The whole WHERE of a filter set; a survey set reads its survey's release `release`. */
export function setCondition(set: FilterSet, release = 0): Condition {
  if (set.wholeData) return and(released(), ...benchmarkConditions(set));
  const surveyId = set.surveyId ?? '';
  return and(
    released(release),
    (p) => `r.survey_id = ${p.add(surveyId, '::uuid')}`,
    ...filterConditions(set.filters as Filters),
  );
}
