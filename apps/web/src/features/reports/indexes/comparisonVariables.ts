// The variables of the comparison pages' one request: the report, and the comparison choices unless
// the report covers all data (no survey, no company to offer choices of).
import type { ReportGrouping, ReportSetInput } from '../../../__generated__/graphql';
import type { ReportQuery } from '../useReportQuery';

export interface ComparisonVariables {
  sets: ReportSetInput[];
  language: string;
  groupBy: ReportGrouping | null;
  surveyId: string;
  companyId: string | null;
  withChoices: boolean;
  withSurveys: boolean;
}

export function comparisonVariables(query: ReportQuery, language: string): ComparisonVariables {
  const { filters } = query;
  const surveyId = filters.surveyIds[0] ?? '';
  return {
    sets: query.sets,
    language,
    groupBy: filters.groupBy,
    surveyId,
    companyId: filters.companyId,
    withChoices: !filters.wholeData && surveyId !== '',
    // The company's ended surveys: by the company, or by the survey when the address has no company.
    withSurveys: !filters.wholeData && (filters.companyId !== null || surveyId !== ''),
  };
}
