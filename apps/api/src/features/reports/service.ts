import type { AuthUser } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import { translator } from '../../lib/i18n.js';
import { isLanguage } from '../../lib/languages.js';
import { COMMENT_CRITERIA, OTHER_CRITERION } from '../../lib/questionnaire.js';
import { RawJson } from '../../lib/raw-json.js';
import { completeSettings, type CompanySettings } from '../companies/index.js';
import { surveysService, type SurveyHead } from '../surveys/index.js';
import { suppressed, type Suppressed } from './anonymity.js';
import { and, groupCondition, setCondition, type Condition } from './filters.js';
import {
  anonymityGate,
  both,
  inAnyUnit,
  setTest,
  type AtomTest,
  type SuppressionReason,
  type SurveyGate,
} from './gate.js';
import {
  BAND_LABELS,
  CRITERIA,
  criterionStats,
  enps,
  importanceRanking,
  pearsonMatrix,
  INDEX_BIN_LABELS,
  percentages,
  type Importance,
} from './formulas.js';
import * as q from './queries.js';
import { releaseAll } from './release.js';
import { trendCounts, trendCriteria } from './trend.js';
import {
  BACKGROUND,
  BACKGROUND_KEYS,
  BACKGROUND_SETTING,
  isUnitKey,
  UNIT_KEYS,
  unitLevel,
  type FilterSet,
  type Filters,
  type GroupKey,
  type ReportQuery,
} from './schemas.js';

type T = ReturnType<typeof translator>;

interface ResolvedSet {
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
}

/** A group a report shows values for: a filter set, or one group of a breakdown of the first set. */
interface Group {
  name: string;
  /** A breakdown group's histograms and eNPS answers, when the breakdown read them. */
  stats?: q.GroupStats;
  condition: Condition;
  n: number;
  reason: SuppressionReason | null;
}

export interface Report<D> {
  reportMainHeader: string;
  reportSubHeader: string;
  data: D;
}

type Shown<V> = ({ name: string; participants: number } & V) | Suppressed;

const validation = (field: string, message: string) =>
  new HttpError('validation-failed', [{ field, message }]);

/** The headings of the three comment sections: a trend survey's read better, worse, important. */
const commentSections = (t: T, trend: boolean) =>
  trend
    ? {
        positive: t('commentSections.better'),
        negative: t('commentSections.worse'),
        neutral: t('commentSections.important'),
      }
    : {
        positive: t('commentSections.positive'),
        negative: t('commentSections.negative'),
        neutral: t('commentSections.neutral'),
      };

const seesOnlyEnded = (user: AuthUser) => user.role === 'SuperUser' || user.role === 'User';

export function reportsService(db: Db, threshold: number) {
  const surveys = surveysService(db);
  const gates = anonymityGate(db, threshold);

  const texts = (query: { reportLanguage?: string | undefined }) =>
    translator(query.reportLanguage ?? 'fi-FI', 'report');

  const realizations = async (condition: Condition) =>
    criterionStats(await q.realizationMatrix(db, condition));

  const criterion = (t: T, id: number) => ({ id, description: t(`criteria.${id}`) });

  const valueName = (t: T, key: GroupKey, value: string | null, unitName?: string | null) => {
    if (isUnitKey(key)) return value === null ? t('groups.noUnit') : (unitName ?? value);
    return value === null ? t('groups.notAnswered') : t(`background.${key}.${value}`);
  };

  /** What the sets of one request read of a survey: the survey, its company and its units. */
  type SurveyContext = {
    survey: SurveyHead;
    company: NonNullable<ResolvedSet['company']>;
    units: q.UnitRow[];
    gate: SurveyGate;
  };

  async function surveyContext(user: AuthUser, surveyId: string): Promise<SurveyContext> {
    const survey = await surveys.head(user, surveyId);
    if (seesOnlyEnded(user) && !survey.hasEnded) throw new HttpError('forbidden');
    const [companyRow, units, gate] = await Promise.all([
      q.findCompany(db, survey.companyId),
      q.units(db, survey.companyId),
      gates.survey(survey.id, survey.companyId),
    ]);
    if (!companyRow) throw new HttpError('not-found');
    const company = { ...companyRow, settings: completeSettings(companyRow.settings) };
    return { survey, company, units, gate };
  }

  async function resolveSet(
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
      const n = await q.countOf(db, condition);
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
      };
    }
    const { survey, company, units, gate } = await contextOf(set.surveyId ?? '');
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
    };
  }

  async function resolve(user: AuthUser, query: ReportQuery, t: T): Promise<ResolvedSet[]> {
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
      if (!context) contexts.set(surveyId, (context = surveyContext(user, surveyId)));
      return context;
    };
    const settled = await Promise.allSettled(
      sets.map((set, index) => resolveSet(user, set, index, t, contextOf)),
    );
    // The first set's error wins, as when the sets were read one after the other.
    return settled.map((result) => {
      if (result.status === 'rejected') throw result.reason;
      return result.value;
    });
  }

  /** The groups of a breakdown of one set, each group's histograms and eNPS answers read in one pass. */
  async function breakdownGroups(base: ResolvedSet, key: GroupKey, t: T): Promise<Group[]> {
    if (!base.survey) throw validation('groupBy', 'reports.query.surveyOnly');
    const rows = await q.groupedStats(db, base.condition, key, base.survey.companyId);
    return groupsOf(base, key, rows, t).map(({ row, ...group }) => ({
      ...group,
      stats: row.stats,
    }));
  }

  /** The groups of breakdown rows (q.groupedStats or q.groupedRealizations), in display order. */
  function groupsOf<R extends q.BreakdownRow>(
    base: ResolvedSet,
    key: GroupKey,
    rows: R[],
    t: T,
  ): (Group & { row: R })[] {
    if (!isUnitKey(key)) {
      const order = BACKGROUND[key].values as readonly string[];
      const rank = (value: string | null) => (value === null ? order.length : order.indexOf(value));
      rows.sort((a, b) => rank(a.key) - rank(b.key));
    }
    const verdicts = base.gate?.breakdown(base.test, key);
    return rows.map((row) => {
      const verdict = verdicts?.get(row.key);
      return {
        name: valueName(t, key, row.key, row.name),
        row,
        condition: and(base.condition, groupCondition(key, row.key)),
        n: row.n,
        // The gate judges each group on its own: a group is shown only as a union of whole cells.
        reason: !verdict ? 'belowThreshold' : verdict.shown ? null : verdict.reason,
      };
    });
  }

  /** The sets themselves, or with `groupBy` the breakdown of the first set. */
  async function comparedGroups(user: AuthUser, query: ReportQuery, t: T) {
    const sets = await resolve(user, query, t);
    const first = sets[0] as ResolvedSet;
    const groups: Group[] = query.groupBy ? await breakdownGroups(first, query.groupBy, t) : sets;
    return { sets, groups };
  }

  function header(report: string, sets: ResolvedSet[], t: T) {
    const companies = [...new Set(sets.map((s) => s.company?.name ?? t('names.allData')))];
    return {
      reportMainHeader: t(`titles.${report}`),
      reportSubHeader: `${companies.join(' / ')} – ${sets.map((s) => s.name).join(' / ')}`,
    };
  }

  async function shown<V>(group: Group, compute: () => Promise<V>): Promise<Shown<V>> {
    if (group.reason) return suppressed(group.name, group.reason);
    return { name: group.name, participants: group.n, ...(await compute()) };
  }

  async function indexDistribution(
    user: AuthUser,
    query: ReportQuery,
    column: 'satisfaction' | 'lindex',
    report: string,
  ) {
    const t = texts(query);
    const { sets, groups } = await comparedGroups(user, query, t);
    const data = await Promise.all(
      groups.map((group) =>
        shown(group, async () => {
          const h = group.stats?.[column] ?? (await q.histogram(db, group.condition, column));
          return { average: h.mean, values: percentages(h.bins), counts: h.bins };
        }),
      ),
    );
    return { ...header(report, sets, t), bins: INDEX_BIN_LABELS, data };
  }

  /** Importance of the first group, compared with the second when there is one. */
  async function mostImportant(user: AuthUser, query: ReportQuery, take: number) {
    const t = texts(query);
    const { sets, groups } = await comparedGroups(user, query, t);
    const [main, compare] = groups as [Group, Group | undefined];
    const ranking = async (group: Group | undefined): Promise<Importance[] | null> =>
      group && !group.reason
        ? importanceRanking(await q.importancePicks(db, group.condition), group.n)
        : null;
    const [mainRanking, compareRanking] = await Promise.all([ranking(main), ranking(compare)]);
    const compareOf = new Map(compareRanking?.map((c) => [c.id, c.percentage]));
    return {
      ...header(take === 10 ? 'mostImportantTop10' : 'mostImportantTop30', sets, t),
      datasets: datasets(groups.slice(0, 2)),
      data: (mainRanking ?? []).slice(0, take).map((item, i) => ({
        ...criterion(t, item.id),
        index: i + 1,
        percentage: item.percentage,
        comparePercentage: compareRanking ? (compareOf.get(item.id) ?? 0) : null,
      })),
    };
  }

  const datasets = (groups: Group[]) =>
    groups.map((g) =>
      g.reason ? suppressed(g.name, g.reason) : { name: g.name, participants: g.n },
    );

  /** One translation per criterion, not one per comment; `names[id]` names criterion id. */
  const criterionNames = (t: T) =>
    Array.from({ length: OTHER_CRITERION + 1 }, (_, id) =>
      COMMENT_CRITERIA.includes(id) ? t(`criteria.${id}`) : '',
    );

  /**
   * Whose comments a query may read (reporting.md section 6, docs/anonymity.md): the first set's,
   * limited to the user's units under restrictOpenCommentsByUnit, judged by the gate as a set of
   * its own. `condition` is null when nothing may be read; `reason` is set when the set is not
   * shown but the company allows small-group comments (then without the L-index).
   */
  async function commentScope(user: AuthUser, query: ReportQuery, t: T) {
    const sets = await resolve(user, { ...query, groupBy: undefined }, t);
    const main = sets[0] as ResolvedSet;
    const { survey, company } = main;
    if (!survey || !company) throw validation('sets.0.wholeData', 'reports.query.surveyOnly');
    if (user.role === 'User') {
      const from = survey.showOpenComments ? new Date(survey.showOpenComments) : null;
      if (!from || from > new Date()) throw new HttpError('forbidden');
    }
    let condition: Condition | null = main.condition;
    let reason = main.reason;
    if (company.settings.restrictOpenCommentsByUnit && seesOnlyEnded(user) && main.gate) {
      const mine = await q.userUnitIds(db, user.id);
      if (mine.length > 0) {
        condition = and(main.condition, (p) => `r.unit_ids && ${p.add(mine, '::uuid[]')}`);
        // The comments the user reads are a set of their own, judged by the same gate.
        const verdict = main.gate.verdict(both(main.test, inAnyUnit(mine)));
        reason = reason ?? (verdict.shown ? null : verdict.reason);
      }
    }
    if (reason && !company.settings.allowViewCommentsOfSmallGroup) condition = null;
    return { sets, main, survey, condition, reason, trend: survey.baseSurveyId !== null };
  }

  return {
    currentSatisfaction: (user: AuthUser, query: ReportQuery) =>
      indexDistribution(user, query, 'satisfaction', 'currentSatisfaction'),

    lindexCompare: (user: AuthUser, query: ReportQuery) =>
      indexDistribution(user, query, 'lindex', 'lindexCompare'),

    async enps(user: AuthUser, query: ReportQuery) {
      const t = texts(query);
      const { sets, groups } = await comparedGroups(user, query, t);
      const data = await Promise.all(
        groups.map((group) =>
          shown(group, async () => {
            const raw = group.stats?.enps ?? (await q.enpsCounts(db, group.condition));
            return { raw, enps: enps(raw) };
          }),
        ),
      );
      return { ...header('enps', sets, t), data };
    },

    mostImportantTop10: (user: AuthUser, query: ReportQuery) => mostImportant(user, query, 10),
    mostImportantTop30: (user: AuthUser, query: ReportQuery) => mostImportant(user, query, 30),

    /** Realization of the first group's 10 most important criteria, compared with the second. */
    async realizationTop10(user: AuthUser, query: ReportQuery) {
      const t = texts(query);
      const { sets, groups } = await comparedGroups(user, query, t);
      const [main, compare] = groups as [Group, Group | undefined];
      let data: object[] = [];
      if (!main.reason) {
        const [own, theirs] = await Promise.all([
          q.picksAndRealizations(db, main.condition),
          compare && !compare.reason ? realizations(compare.condition) : null,
        ]);
        const top = importanceRanking(own.picks, main.n).slice(0, 10);
        const mine = criterionStats(own.realizations);
        data = top.map((item, i) => {
          const own = mine.find((c) => c.id === item.id);
          const other = theirs?.find((c) => c.id === item.id);
          return {
            ...criterion(t, item.id),
            index: i + 1,
            percentage: item.percentage,
            value: own?.mean ?? null,
            spread: own ? percentages(own.bands) : null,
            compareValue: other?.mean ?? null,
            compareSpread: other ? percentages(other.bands) : null,
          };
        });
      }
      return {
        ...header('realizationTop10', sets, t),
        bands: BAND_LABELS,
        datasets: datasets(groups.slice(0, 2)),
        data,
      };
    },

    /** All 30 realizations of the first two groups, ordered by the first group's mean. */
    async realizationByVariables(user: AuthUser, query: ReportQuery) {
      const t = texts(query);
      const { sets, groups } = await comparedGroups(user, query, t);
      const compared = groups.slice(0, 2);
      const stats = await Promise.all(
        compared.map((g) => (g.reason ? null : realizations(g.condition))),
      );
      const importances = query.reportPackage
        ? await Promise.all(
            compared.map(async (g) => {
              if (g.reason) return null;
              const ranking = importanceRanking(await q.importancePicks(db, g.condition), g.n);
              return new Map(ranking.map((c) => [c.id, c.percentage]));
            }),
          )
        : null;
      const first = stats.find((s) => s !== null);
      const order = first
        ? [...first].sort((a, b) => b.mean - a.mean || a.id - b.id).map((c) => c.id)
        : [];
      const topcriteria = order.map((id) => ({
        ...criterion(t, id),
        values: stats.map((s) => s?.find((c) => c.id === id)?.mean ?? null),
        spreads: stats.map((s) => {
          const found = s?.find((c) => c.id === id);
          return found ? percentages(found.bands) : null;
        }),
        // The package's scatter plots importance against realization.
        ...(importances ? { importances: importances.map((m) => m?.get(id) ?? null) } : {}),
      }));
      // A group of a trend survey also answers its trend answers (the base survey's groups: null).
      const surveyOf = (i: number) => (query.groupBy ? sets[0] : sets[i])?.survey;
      const trends = await Promise.all(
        compared.map(async (g, i) => {
          const baseSurveyId = surveyOf(i)?.baseSurveyId;
          if (g.reason || !baseSurveyId) return null;
          const counts = await trendCounts(db, g.condition);
          const criteria = trendCriteria(counts, threshold);
          return { baseSurveyId, criteria: criteria.map((c) => ({ ...criterion(t, c.id), ...c })) };
        }),
      );
      return {
        ...header('realizationByVariables', sets, t),
        bands: BAND_LABELS,
        data: [{ groups: datasets(compared), topcriteria, trends }],
      };
    },

    async lindexGrouped(user: AuthUser, query: ReportQuery) {
      if (!query.groupBy) throw validation('groupBy', 'validation.required');
      const t = texts(query);
      const { sets, groups } = await comparedGroups(user, query, t);
      const data = await Promise.all(
        groups.map((group) =>
          shown(group, async () => {
            const h = group.stats?.lindex ?? (await q.histogram(db, group.condition, 'lindex'));
            return { lindex: h.mean, spread: percentages(h.bands) };
          }),
        ),
      );
      return { ...header('lindexGrouped', sets, t), bands: BAND_LABELS, data };
    },

    /** Rows: the groups of each chosen breakdown; columns: the 30 realizations and the L-index. */
    async lmap(user: AuthUser, query: Omit<ReportQuery, 'groupBy'> & { groupBy: GroupKey[] }) {
      const t = texts(query);
      const sets = await resolve(user, { ...query, groupBy: undefined }, t);
      const first = sets[0] as ResolvedSet;
      const rows = [];
      if (!first.survey) throw validation('groupBy', 'reports.query.surveyOnly');
      // Every breakdown with every group's values read together, not one query per group.
      const breakdowns = await q.groupedRealizations(
        db,
        first.condition,
        query.groupBy,
        first.survey.companyId,
      );
      for (const [index, key] of query.groupBy.entries()) {
        for (const group of groupsOf(first, key, breakdowns[index] ?? [], t)) {
          if (group.reason) {
            rows.push({
              groupName: group.name,
              variable: key,
              suppressed: true as const,
              reason: group.reason,
            });
            continue;
          }
          const stats = criterionStats(group.row.realizations);
          rows.push({
            groupName: group.name,
            variable: key,
            participants: group.n,
            values: [
              ...CRITERIA.map((id) => stats.find((c) => c.id === id)?.mean ?? null),
              group.row.lindex,
            ],
          });
        }
      }
      return {
        ...header('lmap', sets, t),
        data: {
          criteria: [
            ...CRITERIA.map((id) => criterion(t, id)),
            { id: 'lindex', description: t('names.lindex') },
          ],
          rows,
        },
      };
    },

    async correlationMatrix(user: AuthUser, query: ReportQuery) {
      const t = texts(query);
      const { sets, groups } = await comparedGroups(user, query, t);
      const main = groups[0] as Group;
      const data = await shown(main, async () => ({
        criteria: CRITERIA.map((id) => criterion(t, id)),
        matrix: pearsonMatrix(await q.realizationMatrix(db, main.condition), CRITERIA.length),
      }));
      return { ...header('correlationMatrix', sets, t), data };
    },

    async changeJobWillingness(
      user: AuthUser,
      surveyId: string,
      query: { reportLanguage?: string },
    ) {
      const t = texts(query);
      const sets = await resolve(user, { sets: [{ surveyId, filters: {} }] }, t);
      const main = sets[0] as ResolvedSet;
      const data = await shown(main, async () => {
        const counts = await q.changeJob(db, main.condition);
        return {
          ...counts,
          percentage:
            counts.count === 0 ? 0 : (counts.willingToChangeJobCount / counts.count) * 100,
        };
      });
      return { ...header('changeJobWillingness', sets, t), data };
    },

    /**
     * Comments of the first set. Hidden comments never; a set below the threshold only when the
     * company allows small-group comments (then without the index, which would be a small-group
     * value); with restrictOpenCommentsByUnit a SuperUser or User with unit limits reads only
     * comments of those units; a User only once the survey shows open comments.
     */
    async openComments(user: AuthUser, query: ReportQuery) {
      const t = texts(query);
      const { sets, main, survey, condition, reason, trend } = await commentScope(user, query, t);
      // The page's `trend` parameter picks the headings; it must agree with the survey.
      if (query.trend !== undefined && query.trend !== trend)
        throw validation(
          'trend',
          trend ? 'reports.query.trendSurvey' : 'reports.query.notTrendSurvey',
        );
      const head = { ...header('openComments', sets, t), sections: commentSections(t, trend) };
      if (!condition)
        return { ...head, trend, data: suppressed(main.name, reason ?? 'belowThreshold') };
      const lists = await q.commentLists(db, survey.id, condition, criterionNames(t), !reason);
      const section = (type: q.CommentType) => new RawJson(lists.get(type) ?? '[]');
      return {
        ...head,
        trend,
        data: {
          name: main.name,
          positive: section('positive'),
          negative: section('negative'),
          neutral: section('neutral'),
        },
      };
    },

    /**
     * The comments the AI features may read for this query: exactly those openComments would show,
     * with their ids, as rows (the AI matches search hits and citations by id). Null when the gate
     * withholds the set. `only`: just those of these ids (the rest is not read).
     */
    async gatedComments(
      user: AuthUser,
      query: ReportQuery,
      only?: readonly string[],
    ): Promise<q.GatedComment[] | null> {
      const t = texts(query);
      const { survey, condition } = await commentScope(user, query, t);
      return condition ? q.commentRows(db, survey.id, condition, criterionNames(t), only) : null;
    },

    /** The ids of gatedComments' comments only (the AI search ranks these). */
    async gatedCommentIds(user: AuthUser, query: ReportQuery): Promise<string[] | null> {
      const { survey, condition } = await commentScope(user, query, texts(query));
      return condition ? q.commentIds(db, survey.id, condition) : null;
    },

    /** What the filter panel offers for the first set's survey: units and asked background questions. */
    async filterChoices(user: AuthUser, query: ReportQuery) {
      const t = texts(query);
      const sets = await resolve(user, { ...query, groupBy: undefined }, t);
      const main = sets[0] as ResolvedSet;
      if (!main.company)
        return { ...header('filterChoices', sets, t), data: { units: [], background: [] } };
      const { settings } = main.company;
      // groupChoices picks the kinds of choices; numberOfFilters caps the background questions.
      const kinds = new Set(query.groupChoices ?? ['units', 'background']);
      const asked = BACKGROUND_KEYS.filter((key) => settings[BACKGROUND_SETTING[key]]);
      const background = (kinds.has('background') ? asked : []).slice(0, query.numberOfFilters);
      const units = kinds.has('units') ? await q.units(db, main.company.id) : [];
      return {
        ...header('filterChoices', sets, t),
        data: {
          units: units.map((u) => ({ id: u.id, name: u.name, index: u.index })),
          ...(kinds.has('wholeData') ? { wholeData: { name: t('names.wholeOrganisation') } } : {}),
          background: background.map((key) => ({
            key,
            name: t(`background.${key}.name`),
            values: BACKGROUND[key].values.map((value) => ({
              value,
              name: t(`background.${key}.${value}`),
            })),
          })),
        },
      };
    },

    /** The breakdowns named in a UI language; a language the console does not have is refused. */
    groupChoices(language: string) {
      if (!isLanguage(language)) throw validation('uiLanguage', 'validation.invalid');
      const t = translator(language, 'report');
      return [
        ...UNIT_KEYS.map((key) => ({
          key,
          name: t('groups.unitLevel', { level: String(unitLevel(key)) }),
        })),
        ...BACKGROUND_KEYS.map((key) => ({ key, name: t(`background.${key}.name`) })),
      ];
    },

    /** How eNPS answers group (reporting.md section 5). */
    enpsSettings: () => ({
      detractors: { from: 0, to: 6 },
      passives: { from: 7, to: 8 },
      promoters: { from: 9, to: 10 },
    }),

    /** The open comments page's index ranges and the smallest group a report shows. */
    openCommentSettings: () => ({
      indexRanges: [
        { from: 0, to: 69 },
        { from: 70, to: 84 },
        { from: 85, to: 100 },
      ],
      minCommentsPerRange: 5,
      anonymityThreshold: threshold,
    }),

    /** Top 20 ended surveys by eNPS, S-index and L-index; surveys below the threshold are left out. */
    async top20() {
      const rows = await q.surveyIndices(db, threshold);
      const year = new Date().getUTCFullYear();
      const current = rows.filter((row) => new Date(row.endDate).getUTCFullYear() === year);
      const top = (list: q.SurveyIndices[], by: 'enps' | 'sindex' | 'lindex') =>
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
    },

    /** The company's L-index per ended survey, oldest first. */
    async trend(user: AuthUser, companyId: string) {
      const ended = await surveys.comparableSurveyHeads(user, companyId);
      const stats = await q.lindexBySurvey(
        db,
        ended.map((s) => s.id),
      );
      return ended
        .map((survey) => {
          const found = stats.find((s) => s.surveyId === survey.id);
          const base = {
            surveyId: survey.id,
            name: survey.name,
            date: survey.finished,
            trackingSurvey: survey.tracking,
          };
          return found && found.n >= threshold
            ? { ...base, value: found.lindex }
            : { ...base, suppressed: true as const, reason: 'belowThreshold' as const };
        })
        .sort((a, b) => String(a.date).localeCompare(String(b.date)));
    },

    /** Released finished participants per survey (the package needs at least the threshold). */
    async surveyResponders(user: AuthUser, surveyIds: string[]) {
      const result = [];
      for (const id of surveyIds) {
        const survey = await surveys.head(user, id);
        const gate = await gates.survey(survey.id, survey.companyId);
        result.push({ surveyId: survey.id, responders: gate.verdict(() => true).n });
      }
      return result;
    },
  };
}

export type ReportsService = ReturnType<typeof reportsService>;
