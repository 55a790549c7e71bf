// The report filters as they travel in the query string (spec: companyId, surveyId, sizeId,
// industryId, surveyFinishTime, rangeStart, rangeEnd, read back as numbers where numeric), and the
// GraphQL report sets they stand for. Every report page reads its filters from here, so a reload or
// a shared link shows the same report.
import type { FinishTime, ReportGrouping, ReportSetInput } from '../../__generated__/graphql';

/** 0 rolling 12 months, 1 current year, 2 all data, 3 custom range (the spec's codes). */
export type FinishTimeCode = 0 | 1 | 2 | 3;

export interface ReportFilterState {
  companyId: string | null;
  /** The compared surveys (at most two); the first is the report's own survey. */
  surveyIds: string[];
  /** The all-data benchmark (Admin only) instead of a survey. */
  wholeData: boolean;
  surveyFinishTime: FinishTimeCode;
  /** First and last day (YYYY-MM-DD) of a custom range; only with surveyFinishTime 3. */
  rangeStart: string | null;
  rangeEnd: string | null;
  sizeId: string | null;
  industryId: string | null;
  /** Units narrowing every set (ids of any level). */
  units: string[];
  /** Background comparison: the first set's groups on this breakdown instead of the sets. */
  groupBy: ReportGrouping | null;
  /** Report language (accounts with localizedReports); null: the account's default. */
  language: string | null;
}

export const EMPTY_REPORT_FILTERS: ReportFilterState = {
  companyId: null,
  surveyIds: [],
  wholeData: false,
  surveyFinishTime: 2,
  rangeStart: null,
  rangeEnd: null,
  sizeId: null,
  industryId: null,
  units: [],
  groupBy: null,
  language: null,
};

export const MAX_COMPARED_SURVEYS = 2;

const FINISH_TIMES: Record<FinishTimeCode, FinishTime> = {
  0: 'ROLLING_12_MONTHS',
  1: 'CURRENT_YEAR',
  2: 'ALL',
  3: 'RANGE',
};

const GROUPINGS: readonly ReportGrouping[] = [
  'UNIT_LEVEL_1',
  'UNIT_LEVEL_2',
  'UNIT_LEVEL_3',
  'UNIT_LEVEL_4',
  'UNIT_LEVEL_5',
  'UNIT_LEVEL_6',
  'UNIT_LEVEL_7',
  'UNIT_LEVEL_8',
  'UNIT_LEVEL_9',
  'UNIT_LEVEL_10',
  'AGE',
  'GENDER',
  'EMPLOYMENT_DURATION',
  'EDUCATION',
  'POSITION',
  'CONTRACT_TYPE',
  'WORKING_HOURS',
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function finishTimeOf(value: string | null): FinishTimeCode {
  if (value === null) return 2;
  const code = Number(value);
  return code === 0 || code === 1 || code === 3 ? code : 2;
}

/** Reads the filters from a query string; unknown or malformed values fall back to the defaults. */
export function parseReportQuery(search: URLSearchParams): ReportFilterState {
  const wholeData = search.get('wholeData') === '1';
  const surveyFinishTime = finishTimeOf(search.get('surveyFinishTime'));
  const day = (key: string) => {
    const value = search.get(key);
    return surveyFinishTime === 3 && value && DAY.test(value) ? value : null;
  };
  const grouping = search.get('groupBy');
  return {
    companyId: search.get('companyId') || null,
    surveyIds: wholeData
      ? []
      : search.getAll('surveyId').filter(Boolean).slice(0, MAX_COMPARED_SURVEYS),
    wholeData,
    surveyFinishTime,
    rangeStart: day('rangeStart'),
    rangeEnd: day('rangeEnd'),
    sizeId: search.get('sizeId') || null,
    industryId: search.get('industryId') || null,
    units: search.getAll('unit').filter(Boolean),
    groupBy: GROUPINGS.find((value) => value === grouping) ?? null,
    language: search.get('lang') || null,
  };
}

/** The query string of the filters; defaults are left out so links stay short. */
export function toReportSearch(state: ReportFilterState): URLSearchParams {
  const search = new URLSearchParams();
  const put = (key: string, value: string | null) => {
    if (value) search.append(key, value);
  };
  put('companyId', state.companyId);
  if (state.wholeData) {
    search.set('wholeData', '1');
    put('industryId', state.industryId);
    put('sizeId', state.sizeId);
    if (state.surveyFinishTime !== 2)
      search.set('surveyFinishTime', String(state.surveyFinishTime));
    if (state.surveyFinishTime === 3) {
      put('rangeStart', state.rangeStart);
      put('rangeEnd', state.rangeEnd);
    }
  } else {
    state.surveyIds.slice(0, MAX_COMPARED_SURVEYS).forEach((id) => put('surveyId', id));
  }
  state.units.forEach((id) => put('unit', id));
  put('groupBy', state.groupBy);
  put('lang', state.language);
  return search;
}

/** The GraphQL report sets of the filters: one per compared survey, or the all-data set. */
export function toReportSets(state: ReportFilterState): ReportSetInput[] {
  const units = state.units.length > 0 ? state.units : undefined;
  if (state.wholeData) {
    const range = state.surveyFinishTime === 3;
    return [
      {
        units,
        allData: {
          industryId: state.industryId,
          sizeId: state.sizeId,
          finishTime: FINISH_TIMES[state.surveyFinishTime],
          from: range ? state.rangeStart : null,
          to: range ? state.rangeEnd : null,
        },
      },
    ];
  }
  return state.surveyIds.map((surveyId) => ({ surveyId, units }));
}

/** True when the filters name something a report can be read for. */
export function hasReportSets(state: ReportFilterState): boolean {
  return state.wholeData || state.surveyIds.length > 0;
}
