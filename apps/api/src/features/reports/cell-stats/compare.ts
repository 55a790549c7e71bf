// Every report call of a survey through two engines, for comparing their answers byte for byte:
// the cell statistics (the default) and the rows (cellStats: false). Used by cell-stats.test.ts on
// generated surveys; the bench compares the built APIs the same way (BENCH_REPORT_DUMP).
import type { AuthUser } from '../../../lib/auth.js';
import type { Db } from '../../../lib/db.js';
import { BACKGROUND, BACKGROUND_KEYS } from '../../../lib/questionnaire.js';
import { RANGE_NAMES } from '../comment-ranges.js';
import type { GroupKey, ReportQuery } from '../schemas.js';
import { reportsService, type ReportsService } from '../service.js';

type Call = [name: string, read: (service: ReportsService) => Promise<unknown>];

/** The calls: every family on the whole survey, filtered sets and every breakdown. */
export async function reportCalls(
  db: Db,
  user: AuthUser,
  surveyId: string,
  companyId: string,
): Promise<Call[]> {
  const units = await db.query<{ id: string; index: number }>(
    'SELECT id, index FROM units WHERE company_id = $1 ORDER BY index, name',
    [companyId],
  );
  const levels = [...new Set(units.map((unit) => unit.index))];
  const firstOf = (level: number) => units.find((unit) => unit.index === level)?.id ?? '';
  const [q1, q2] = BACKGROUND_KEYS;
  const v = (key: typeof q1, i: number) => BACKGROUND[key as 'age'].values[i] ?? '';
  const filterSets: Record<string, string[]>[] = [
    {},
    ...levels.map((level) => ({ [`unit${level}`]: [firstOf(level)] })),
    { [q1 as string]: [v(q1, 0), v(q1, 1)] },
    { unit1: [firstOf(1)], [q2 as string]: [v(q2, 0)] },
    // Two questions: the cells do not answer it, the rows do.
    { [q1 as string]: [v(q1, 1)], [q2 as string]: [v(q2, 1)] },
  ];
  const keys: GroupKey[] = [
    ...levels.map((level) => `unit${level}` as GroupKey),
    ...BACKGROUND_KEYS,
  ];
  const query = (filters: Record<string, string[]>, more: Partial<ReportQuery> = {}) =>
    ({ sets: [{ surveyId, filters }], ...more }) as ReportQuery;
  const compared = (filters: Record<string, string[]>) =>
    ({
      sets: [
        { surveyId, filters: {} },
        { surveyId, filters },
      ],
    }) as ReportQuery;
  const calls: Call[] = [];
  const families = [
    'currentSatisfaction',
    'lindexCompare',
    'enps',
    'mostImportantTop10',
    'mostImportantTop30',
    'realizationTop10',
    'realizationByVariables',
    'lindexGrouped',
    'correlationMatrix',
  ] as const;
  for (const family of families) {
    for (const [i, filters] of filterSets.entries()) {
      if (family !== 'lindexGrouped') {
        calls.push([`${family} set ${i}`, (s) => s[family](user, query(filters))]);
        calls.push([`${family} vs set ${i}`, (s) => s[family](user, compared(filters))]);
      }
      for (const key of i < 3 || family === 'lindexGrouped' ? keys : []) {
        calls.push([
          `${family} set ${i} by ${key}`,
          (s) => s[family](user, query(filters, { groupBy: key })),
        ]);
      }
    }
  }
  calls.push([
    'realizationByVariables package',
    (s) => s.realizationByVariables(user, query({}, { reportPackage: true })),
  ]);
  calls.push([
    'removeBackground',
    (s) => s.enps(user, query({ [q1 as string]: [v(q1, 0)] }, { removeBackground: true })),
  ]);
  for (const [i, filters] of filterSets.entries()) {
    calls.push([
      `lmap set ${i}`,
      (s) => s.lmap(user, { sets: [{ surveyId, filters }], groupBy: keys } as never),
    ]);
  }
  // The open comments' counts, of everyone and of each L-index range's writers (with the range
  // filter's offer): summed from the cells less the hidden comments, or counted from the rows.
  for (const [i, filters] of filterSets.entries()) {
    calls.push([`openCommentCounts set ${i}`, (s) => s.openCommentCounts(user, query(filters))]);
    for (const range of RANGE_NAMES) {
      calls.push([
        `openCommentCounts set ${i} range ${range}`,
        (s) => s.openCommentCounts(user, query(filters), range),
      ]);
    }
  }
  calls.push(['changeJob', (s) => s.changeJobWillingness(user, surveyId, {})]);
  // The Supervisors page's gated index of every unit (a Map: its entries compared).
  calls.push([
    'unitIndexes',
    async (s) => {
      const { company, units: byUnit } = await s.unitIndexes(user, surveyId, levels);
      return { company, units: [...byUnit] };
    },
  ]);
  // From each survey's kept sums (survey-sums.ts), or from the rows: twice, the second read
  // finding the sums kept by the first.
  for (const time of [1, 2]) {
    calls.push([`top20 ${time}`, (s) => s.top20()]);
    calls.push([`trend ${time}`, (s) => s.trend(user, companyId)]);
  }
  return calls;
}

/** Each call's answer as JSON text from both engines: [name, cells, rows]. */
export async function bothEngines(
  db: Db,
  threshold: number,
  calls: Call[],
): Promise<[string, string, string][]> {
  const cells = reportsService(db, threshold);
  const rows = reportsService(db, threshold, { cellStats: false });
  const answers: [string, string, string][] = [];
  for (const [name, read] of calls) {
    const text = async (service: ReportsService) => {
      try {
        return JSON.stringify(await read(service));
      } catch (error) {
        return `error: ${String(error)}`;
      }
    };
    answers.push([name, await text(cells), await text(rows)]);
  }
  return answers;
}
