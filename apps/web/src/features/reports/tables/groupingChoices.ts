// The breakdowns a survey's reports can use: the unit levels its company has and the background
// questions it asks (the filter choices list every level 1..10, most of them empty).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  IndexComparison_ChoicesFragment,
  ReportGrouping,
  ReportSetInput,
} from '../../../__generated__/graphql';
import type { ReportFilterState } from '../reportQuery';

export interface GroupingOption {
  value: ReportGrouping;
  label: string;
}

export function groupingOptions(
  choices: IndexComparison_ChoicesFragment | null | undefined,
): GroupingOption[] {
  if (!choices) return [];
  const deepest = Math.max(0, ...choices.units.map((unit) => unit.level));
  const background = new Set(choices.background.map((question) => question.grouping));
  return choices.groupings
    .filter((choice) => {
      const level = /^UNIT_LEVEL_(\d+)$/.exec(choice.grouping);
      return level ? Number(level[1]) <= deepest : background.has(choice.grouping);
    })
    .map((choice) => ({ value: choice.grouping, label: choice.name }));
}

/** The background questions by their report.json `background` key, for the all-data benchmark
 * (no survey, so no filter choices to read the names from). */
type BackgroundKey =
  | 'age'
  | 'gender'
  | 'employmentDuration'
  | 'education'
  | 'position'
  | 'contractType'
  | 'workingHours';

export const BACKGROUND_KEYS: readonly [ReportGrouping, BackgroundKey][] = [
  ['AGE', 'age'],
  ['GENDER', 'gender'],
  ['EMPLOYMENT_DURATION', 'employmentDuration'],
  ['EDUCATION', 'education'],
  ['POSITION', 'position'],
  ['CONTRACT_TYPE', 'contractType'],
  ['WORKING_HOURS', 'workingHours'],
];

/** The breakdown a grouped page starts with: the filters' own, else unit level 1 (all data: age). */
export function defaultGrouping(
  filters: Pick<ReportFilterState, 'groupBy' | 'wholeData'>,
): ReportGrouping {
  return filters.groupBy ?? (filters.wholeData ? 'AGE' : 'UNIT_LEVEL_1');
}

/**
 * The variables of a grouped page's one request: the first set on the breakdown (the filters' own or
 * the default), and the survey whose grouping choices come with the report (none for all data).
 */
export function groupedReportVariables(
  filters: Pick<ReportFilterState, 'groupBy' | 'wholeData' | 'surveyIds'>,
  sets: readonly ReportSetInput[],
  language: string,
) {
  const surveyId = filters.surveyIds[0] ?? '';
  return {
    sets: sets.slice(0, 1),
    language,
    groupBy: defaultGrouping(filters),
    surveyId,
    withChoices: surveyId !== '',
  };
}

/**
 * The breakdowns to offer: a survey's from its filter choices; the all-data benchmark's are the
 * background questions (named from the report texts, as there are no choices to read).
 */
export function useGroupingOptions(
  choices: IndexComparison_ChoicesFragment | null | undefined,
  withSurvey: boolean,
): GroupingOption[] {
  const { t } = useTranslation('report');
  return useMemo(
    () =>
      withSurvey
        ? groupingOptions(choices)
        : BACKGROUND_KEYS.map(([value, key]) => ({ value, label: t(`background.${key}.name`) })),
    [choices, withSurvey, t],
  );
}
