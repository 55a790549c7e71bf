// The report query in REST encoding (docs/rest-api.md, Reports: `sets=<JSON>` and plain parameters)
// and the one mapping from the GraphQL `ReportSetInput` to it.
import type {
  AgeGroup,
  BackgroundFilterInput,
  ContractType,
  Education,
  EmploymentDuration,
  FieldError,
  FinishTime,
  Gender,
  Position,
  ReportGrouping,
  ReportSetInput,
  WorkingHours,
} from '../../__generated__/resolvers.js';
import { gatewayError } from '../../lib/errors.js';

/** REST names of the breakdowns: `unit1`..`unit10` and the background variables. */
export type RestGroupKey =
  | `unit${number}`
  | 'age'
  | 'gender'
  | 'employmentDuration'
  | 'education'
  | 'position'
  | 'contractType'
  | 'workingHours';

type BackgroundKey = keyof BackgroundFilterInput;

/** GraphQL answer -> the REST value of survey-model.md, per background question. */
const BACKGROUND_VALUES: {
  age: Record<AgeGroup, string>;
  gender: Record<Gender, string>;
  employmentDuration: Record<EmploymentDuration, string>;
  education: Record<Education, string>;
  position: Record<Position, string>;
  contractType: Record<ContractType, string>;
  workingHours: Record<WorkingHours, string>;
} = {
  age: {
    UNDER_25: '<25',
    AGE_25_34: '25-34',
    AGE_35_44: '35-44',
    AGE_45_54: '45-54',
    AGE_55_PLUS: '55+',
  },
  gender: { FEMALE: 'female', MALE: 'male', OTHER: 'other', UNDISCLOSED: 'undisclosed' },
  employmentDuration: {
    UNDER_1_YEAR: '<1',
    YEARS_1_3: '1-3',
    YEARS_3_5: '3-5',
    YEARS_5_10: '5-10',
    OVER_10_YEARS: '10+',
  },
  education: {
    BASIC: 'basic',
    VOCATIONAL: 'vocational',
    BACHELOR: 'bachelor',
    MASTER: 'master',
    DOCTORATE: 'doctorate',
  },
  position: {
    EMPLOYEE: 'employee',
    EXPERT: 'expert',
    SUPERVISOR: 'supervisor',
    MANAGER: 'manager',
    EXECUTIVE: 'executive',
  },
  contractType: { PERMANENT: 'permanent', FIXED_TERM: 'fixed-term' },
  workingHours: { FULL_TIME: 'full-time', PART_TIME: 'part-time', SHIFT: 'shift' },
};

const BACKGROUND_GROUPINGS: Record<BackgroundKey, ReportGrouping> = {
  age: 'AGE',
  gender: 'GENDER',
  employmentDuration: 'EMPLOYMENT_DURATION',
  education: 'EDUCATION',
  position: 'POSITION',
  contractType: 'CONTRACT_TYPE',
  workingHours: 'WORKING_HOURS',
};

const isBackgroundKey = (key: string): key is BackgroundKey => key in BACKGROUND_VALUES;

/** GraphQL breakdown -> REST `groupBy` value. */
export function restGroupKey(grouping: ReportGrouping): RestGroupKey {
  const level = /^UNIT_LEVEL_(\d+)$/.exec(grouping);
  if (level) return `unit${Number(level[1])}`;
  const found = Object.entries(BACKGROUND_GROUPINGS).find(([, g]) => g === grouping);
  if (!found) throw new Error(`unknown grouping ${grouping}`);
  return found[0] as BackgroundKey;
}

/** REST breakdown (`unit1`, `age`…; the API types it as a string) -> GraphQL `ReportGrouping`. */
export function groupingOf(key: string): ReportGrouping {
  const level = /^unit(\d+)$/.exec(key);
  if (level) return `UNIT_LEVEL_${Number(level[1])}` as ReportGrouping;
  if (!isBackgroundKey(key)) throw new Error(`unknown REST group key ${key}`);
  return BACKGROUND_GROUPINGS[key];
}

/** A REST background value -> the GraphQL enum name of its answer (`25-34` -> `AGE_25_34`). */
export function backgroundValueName(key: string, value: string): string {
  if (!isBackgroundKey(key)) return value;
  const values: Record<string, string> = BACKGROUND_VALUES[key];
  return Object.keys(values).find((name) => values[name] === value) ?? value;
}

const FINISH_TIMES: Record<FinishTime, 0 | 1 | 2 | 3> = {
  ROLLING_12_MONTHS: 0,
  CURRENT_YEAR: 1,
  ALL: 2,
  RANGE: 3,
};

/** One filter set as REST reads it. */
export interface RestFilterSet {
  surveyId?: string;
  wholeData?: true;
  filters?: Partial<Record<RestGroupKey, string[]>>;
  industryId?: string;
  sizeId?: string;
  surveyFinishTime?: 0 | 1 | 2 | 3;
  rangeStart?: string;
  rangeEnd?: string;
}

/** The level (1..10) of each unit id a set may name. */
export type UnitLevels = ReadonlyMap<string, number>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `ReportSetInput`s -> the REST `sets`. Filter values are sorted so the same filters always give the
 * same query (the request's report loader dedupes on it). Checks what the GraphQL types cannot say
 * (exactly one of survey and all data, dates, known units) and throws BAD_USER_INPUT naming each field.
 * `unitLevels(surveyId)` answers the levels of the survey company's units.
 */
export function toRestSets(
  sets: readonly ReportSetInput[],
  unitLevels: (surveyId: string) => UnitLevels | undefined,
): RestFilterSet[] {
  const errors: FieldError[] = [];
  const problem = (field: string, message: string) => errors.push({ field, message });
  if (sets.length < 1 || sets.length > 2) problem('sets', 'reports.query.oneOrTwoSets');
  const result = sets.map((set, i): RestFilterSet => {
    const at = (field: string) => `sets.${i}.${field}`;
    const { surveyId, allData, units, background } = set;
    if (surveyId && allData) problem(at('allData'), 'reports.query.surveyOrWholeData');
    if (!surveyId && !allData) problem(at('surveyId'), 'validation.required');
    if (allData) {
      if (units?.length) problem(at('units'), 'reports.query.surveyOnly');
      if (background && Object.values(background).some((v) => v?.length))
        problem(at('background'), 'reports.query.surveyOnly');
      const finishTime = allData.finishTime ?? 'ALL';
      const out: RestFilterSet = { wholeData: true, surveyFinishTime: FINISH_TIMES[finishTime] };
      if (allData.industryId) out.industryId = allData.industryId;
      if (allData.sizeId) out.sizeId = allData.sizeId;
      if (finishTime === 'RANGE') {
        if (!allData.from) problem(at('allData.from'), 'validation.required');
        else if (!DAY.test(allData.from)) problem(at('allData.from'), 'validation.invalid');
        if (!allData.to) problem(at('allData.to'), 'validation.required');
        else if (!DAY.test(allData.to)) problem(at('allData.to'), 'validation.invalid');
        const valid = DAY.test(allData.from ?? '') && DAY.test(allData.to ?? '');
        if (valid && (allData.from ?? '') > (allData.to ?? ''))
          problem(at('allData.to'), 'reports.query.rangeEndBeforeStart');
        out.rangeStart = allData.from ?? '';
        out.rangeEnd = allData.to ?? '';
      } else if (allData.from || allData.to) {
        problem(at('allData.from'), 'reports.query.rangeNeedsFinishTime3');
      }
      return out;
    }
    const filters: Partial<Record<RestGroupKey, string[]>> = {};
    if (units?.length && surveyId) {
      const levels = unitLevels(surveyId);
      for (const id of units) {
        const level = levels?.get(id);
        if (level === undefined) {
          problem(at('units'), 'reports.query.unknownUnit');
          continue;
        }
        const key: RestGroupKey = `unit${level}`;
        filters[key] = [...new Set([...(filters[key] ?? []), id])].sort();
      }
    }
    for (const [key, values] of Object.entries(background ?? {})) {
      if (!isBackgroundKey(key) || !values?.length) continue;
      const names: Record<string, string> = BACKGROUND_VALUES[key];
      filters[key] = [...new Set((values as string[]).map((v) => names[v] ?? v))].sort();
    }
    return { surveyId: surveyId ?? '', filters };
  });
  if (errors.length > 0) throw gatewayError('BAD_USER_INPUT', { fieldErrors: errors });
  return result;
}

/** JSON with object keys sorted at every depth: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * A REST path with its query string in one normal form: parameters sorted by name, undefined ones
 * left out, objects as canonical JSON. Equal reads give equal paths (the loader's key).
 */
export function restPath(path: string, query: Record<string, unknown> = {}): string {
  const params = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => {
      const text = typeof v === 'string' ? v : typeof v === 'object' ? canonicalJson(v) : String(v);
      return `${encodeURIComponent(k)}=${encodeURIComponent(text)}`;
    });
  return params.length > 0 ? `${path}?${params.join('&')}` : path;
}
