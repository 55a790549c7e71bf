// A report query's sets resolved through access and the anonymity gate (gate.ts): which surveys
// the user may read, each set's name and condition, and whether the gate shows it.
import type { AuthUser } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import { seesUnendedSurveys } from '../../lib/roles.js';
import { findCompany, findNamedUnits, type CompanySettings } from '../companies/index.js';
import { surveysService, type SurveyHead, type SurveysService } from '../surveys/index.js';
import {
  cellStatsStore,
  setSums,
  type CellStats,
  type CellStatsStore,
} from './cell-stats/index.js';
import { commentScopeIds, type CommentScopeIds } from './families/comment-scope-ids.js';
import { setCondition, type Condition } from './filters.js';
import {
  anonymityGate,
  setTest,
  withinWait,
  type AnonymityGate,
  type AtomTest,
  type SuppressionReason,
  type SurveyGate,
} from './gate.js';
import { countOf } from './queries.js';
import { releaseAll } from './release.js';
import {
  isUnitKey,
  unitLevel,
  type FilterSet,
  type Filters,
  type GroupKey,
  type ReportQuery,
} from './schemas.js';
import { valueName, type T } from './texts.js';

/** What every report family reads with; one per reportsService. */
export interface ReportContext {
  db: Db;
  threshold: number;
  surveys: SurveysService;
  gates: AnonymityGate;
  /**
   * The released batches' cell statistics (cell-stats/): figures are summed from them instead of
   * read from the rows. Null: every figure from the rows (REPORT_CELL_STATS=off, the former engine).
   */
  cells: CellStatsStore | null;
  /**
   * The comment ids of comment scopes, kept per survey release and scope (comment-scope-ids.ts).
   * Null: every comment read joins the comments to the responses again (the former reads).
   */
  commentScopes: CommentScopeIds | null;
  /**
   * How long a read waits for a survey's gate still being built before `503 gate-preparing`
   * (gate.ts); undefined: until it is built.
   */
  gateWaitMs: number | undefined;
}

export const reportContext = (
  db: Db,
  threshold: number,
  cellStats = true,
  scopeIds = true,
  gateWaitMs?: number,
): ReportContext => ({
  db,
  threshold,
  surveys: surveysService(db, { storedCounts: cellStats }),
  gates: anonymityGate(db, threshold),
  cells: cellStats ? cellStatsStore(db) : null,
  commentScopes: scopeIds ? commentScopeIds(db) : null,
  gateWaitMs,
});

export interface ResolvedSet {
  set: FilterSet;
  survey: SurveyHead | null;
  company: { id: string; name: string; settings: CompanySettings } | null;
  name: string;
  condition: Condition;
  n: number;
  /** Why the set is not shown; null when it is. */
  reason: SuppressionReason | null;
  /** The survey's anonymity gate and the set's people in it (survey sets only). */
  gate: SurveyGate | null;
  test: AtomTest;
  /** The survey release's cell statistics (null: read from the rows). */
  cells: CellStats | null;
  /** The set's summed statistics, when the cells answer it (cell-stats/sums.ts). */
  sums: Float64Array | null;
}

export const validation = (field: string, message: string) =>
  new HttpError('validation-failed', [{ field, message }]);

export const seesOnlyEnded = (user: AuthUser) => !seesUnendedSurveys(user.role);

/** What the sets of one request read of a survey: the survey, its company and its units. */
type SurveyContext = {
  survey: SurveyHead;
  company: NonNullable<ResolvedSet['company']>;
  units: Awaited<ReturnType<typeof findNamedUnits>>;
  gate: SurveyGate;
  cells: CellStats | null;
};

async function surveyContext(
  { db, surveys, gates, cells: store, gateWaitMs }: ReportContext,
  user: AuthUser,
  surveyId: string,
): Promise<SurveyContext> {
  const survey = await surveys.head(user, surveyId);
  if (seesOnlyEnded(user) && !survey.hasEnded) throw new HttpError('survey-not-ended');
  // The hook where a release's cells are known: its batches' statistics, made once when a batch
  // is first gated and kept (cell-stats/store.ts). Both are a release's first read's work (seconds
  // on a large survey), so the read's wait covers both; both stores keep the work going on.
  const prepared = gates.survey(survey.id, survey.companyId).then(async (gate) => ({
    gate,
    cells: store ? await store.survey(survey.id, gate.release) : null,
  }));
  const [companyRow, units, { gate, cells }] = await Promise.all([
    findCompany(db, survey.companyId),
    findNamedUnits(db, survey.companyId),
    gateWaitMs === undefined ? prepared : withinWait(prepared, gateWaitMs),
  ]);
  if (!companyRow) throw new HttpError('not-found');
  const company = { id: companyRow.id, name: companyRow.name, settings: companyRow.settings };
  return { survey, company, units, gate, cells };
}

async function resolveSet(
  { db, threshold }: ReportContext,
  user: AuthUser,
  set: FilterSet,
  index: number,
  t: T,
  contextOf: (surveyId: string) => Promise<SurveyContext>,
): Promise<ResolvedSet> {
  if (set.wholeData) {
    const condition = setCondition(set);
    if (user.role !== 'Admin') throw new HttpError('forbidden');
    // Across companies and surveys: the threshold only (docs/anonymity.md, "All data"), over
    // every survey's releases.
    await releaseAll(db, threshold);
    const n = await countOf(db, condition);
    return {
      set,
      survey: null,
      company: null,
      name: t('names.allData'),
      condition,
      n,
      reason: n < threshold ? 'belowThreshold' : null,
      gate: null,
      test: () => false,
      cells: null,
      sums: null,
    };
  }
  const { survey, company, units, gate, cells } = await contextOf(set.surveyId ?? '');
  const labels: string[] = [];
  for (const [key, values] of Object.entries(set.filters) as [GroupKey, string[]][]) {
    for (const value of values) {
      if (isUnitKey(key)) {
        const unit = units.find((u) => u.id === value && u.index === unitLevel(key));
        if (!unit) throw validation(`sets.${index}.filters.${key}`, 'reports.query.unknownUnit');
        labels.push(unit.name);
      } else labels.push(valueName(t, key, value));
    }
  }
  const test = setTest(set.filters);
  const verdict = gate.verdict(test);
  return {
    set,
    survey,
    company,
    name: labels.length > 0 ? `${survey.name}: ${labels.join(', ')}` : survey.name,
    condition: setCondition(set, gate.release),
    n: verdict.n,
    reason: verdict.shown ? null : verdict.reason,
    gate,
    test,
    cells,
    sums: cells ? setSums(cells, set.filters as Filters) : null,
  };
}

export async function resolve(
  ctx: ReportContext,
  user: AuthUser,
  query: ReportQuery,
  t: T,
): Promise<ResolvedSet[]> {
  const sets = query.removeBackground
    ? query.sets.map((set) => ({
        ...set,
        filters: Object.fromEntries(
          Object.entries(set.filters).filter(([key]) => isUnitKey(key)),
        ) as Filters,
      }))
    : query.sets;
  // The sets are read together; sets of one survey share its lookups.
  const contexts = new Map<string, Promise<SurveyContext>>();
  const contextOf = (surveyId: string) => {
    let context = contexts.get(surveyId);
    if (!context) contexts.set(surveyId, (context = surveyContext(ctx, user, surveyId)));
    return context;
  };
  const settled = await Promise.allSettled(
    sets.map((set, index) => resolveSet(ctx, user, set, index, t, contextOf)),
  );
  // The first set's error wins, as when the sets were read one after the other.
  return settled.map((result) => {
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  });
}
