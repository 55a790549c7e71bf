import type { ReportContext } from '../sets.js';
import { surveyIndices, surveyIndicesFromRows, type SurveyIndices } from './top20.queries.js';

/** Top 20 ended surveys by eNPS, S-index and L-index; surveys below the threshold are left out. */
export async function top20({ db, threshold, cells }: ReportContext) {
  // The kept sums go with the cell statistics: REPORT_CELL_STATS=false reads the rows as before.
  const rows = await (cells ? surveyIndices : surveyIndicesFromRows)(db, threshold);
  const year = new Date().getUTCFullYear();
  const current = rows.filter((row) => new Date(row.endDate).getUTCFullYear() === year);
  const top = (list: SurveyIndices[], by: 'enps' | 'sindex' | 'lindex') =>
    [...list]
      .sort((a, b) => b[by] - a[by] || a.surveyName.localeCompare(b.surveyName))
      .slice(0, 20)
      .map((row) => ({
        surveyId: row.surveyId,
        surveyName: row.surveyName,
        companyName: row.companyName,
        [by]: row[by],
      }));
  return {
    currentYearEnps: top(current, 'enps'),
    allTimeEnps: top(rows, 'enps'),
    currentYearSindex: top(current, 'sindex'),
    allTimeSindex: top(rows, 'sindex'),
    currentYearLindex: top(current, 'lindex'),
    allTimeLindex: top(rows, 'lindex'),
  };
}
