// Report reads (docs/rest-api.md, Reports) as typed GraphQL. `Query.report` turns the sets into the
// REST encoding once; each `Report` field is one REST read through the request's report loader, so
// the fields of one request run in parallel and identical reads are made once.
import type { IndexRangeInput, ReportGrouping, Resolvers } from '../../__generated__/resolvers.js';
import type { GatewayContext } from '../../context.js';
import { gatewayError } from '../../lib/errors.js';
import * as surveys from '../surveys/rest.js';
import * as map from './mappers.js';
import * as rest from './rest.js';
import { restGroupKey, toRestSets, type RestFilterSet, type UnitLevels } from './sets.js';

/** The report query of one read: sets, report language and the read's own parameters. */
function reportQuery(
  report: map.ReportRequest,
  extra: Omit<rest.ReportQuery, 'sets' | 'reportLanguage'> = {},
): rest.ReportQuery {
  return { sets: report.sets, reportLanguage: report.language, ...extra };
}

const grouped = (groupBy: ReportGrouping | null | undefined) =>
  groupBy ? { groupBy: restGroupKey(groupBy) } : {};

/** The first set's survey; the reads that take one survey refuse an all-data set. */
/** An L-index range as the REST query names it (`70-84`); the API refuses one not among its ranges. */
const rangeName = (range: IndexRangeInput | null | undefined) =>
  range ? `${range.from}-${range.to}` : null;

function firstSurvey(report: map.ReportRequest): string {
  const surveyId = report.sets[0]?.surveyId;
  if (!surveyId)
    throw gatewayError('BAD_USER_INPUT', {
      fieldErrors: [{ field: 'sets.0.surveyId', message: 'reports.query.surveyOnly' }],
    });
  return surveyId;
}

/** The unit levels of the surveys of sets that filter by unit (one filter-choices read per survey). */
async function unitLevelsOf(
  ctx: GatewayContext,
  surveyIds: string[],
): Promise<Map<string, UnitLevels>> {
  const levels = new Map<string, UnitLevels>();
  await Promise.all(
    [...new Set(surveyIds)].map(async (surveyId) => {
      const choices = await rest.filterChoices(ctx.loaders.reports, surveyId);
      levels.set(surveyId, new Map(choices.data.units.map((u) => [u.id, u.index])));
    }),
  );
  return levels;
}

/**
 * The report package's data (reporting.md section 2, "Report package page"): composed of existing
 * reads, the charts through a `Report` of the unit against the whole organisation.
 */
async function reportPackage(
  ctx: GatewayContext,
  surveyId: string,
  unitId: string | undefined,
  language: string | undefined,
) {
  // The filter choices read checks report access (an unended survey is FORBIDDEN for a User).
  const [choices, survey, activity, settings] = await Promise.all([
    rest.filterChoices(ctx.loaders.reports, surveyId, language, 'units,wholeData'),
    surveys.survey(ctx.api, surveyId),
    surveys.responseActivity(ctx.api, surveyId),
    rest.commentSettings(ctx.loaders.reports),
  ]);
  const unit = unitId ? choices.data.units.find((u) => u.id === unitId) : undefined;
  if (unitId && !unit)
    throw gatewayError('BAD_USER_INPUT', {
      fieldErrors: [{ field: 'unitId', message: 'reports.query.unknownUnit' }],
    });
  const [company, baseSurvey] = await Promise.all([
    ctx.loaders.companies.companyById.load(survey.companyId),
    survey.baseSurveyId ? surveys.survey(ctx.api, survey.baseSurveyId) : null,
  ]);
  const activityRow = activity.byUnits.find((row) =>
    unit ? row.unitId === unit.id : row.wholeCompany,
  );
  const finished = activityRow?.finished ?? 0;
  const minimumResponders = Math.max(PACKAGE_MIN_RESPONDERS, settings.anonymityThreshold);
  const levels = new Map(choices.data.units.map((u) => [u.id, u.index]));
  const setOf = (id: string, units: string[]) =>
    toRestSets([{ surveyId: id, units }], () => levels)[0] as RestFilterSet;
  const unitIds = unit ? [unit.id] : [];
  return {
    survey,
    companyName: company?.name ?? '',
    baseSurvey,
    trend: survey.baseSurveyId !== null,
    unit: unit ? { id: unit.id, name: unit.name, level: unit.index } : null,
    unitName: unit?.name ?? choices.data.wholeData?.name ?? '',
    endDate: survey.finished,
    invited: activityRow?.invited ?? 0,
    finished,
    minimumResponders,
    enoughResponders: finished >= minimumResponders,
    report: {
      sets: unit ? [setOf(surveyId, unitIds), setOf(surveyId, [])] : [setOf(surveyId, [])],
      language,
    },
    baseComparison: survey.baseSurveyId
      ? { sets: [setOf(surveyId, unitIds), setOf(survey.baseSurveyId, unitIds)], language }
      : null,
  };
}

/** reporting.md section 9: the report package needs at least 5 responders. */
const PACKAGE_MIN_RESPONDERS = 5;

export const reportsResolvers: Resolvers = {
  // The API's reasons (docs/anonymity.md) as the schema's enum values.
  SuppressionReason: { BELOW_THRESHOLD: 'belowThreshold', DIFFERENCING: 'differencing' },
  Query: {
    async report(_parent, { sets, language }, ctx) {
      const withUnits = sets.filter((s) => s.units?.length && s.surveyId && !s.allData);
      const levels = await unitLevelsOf(
        ctx,
        withUnits.map((s) => s.surveyId ?? ''),
      );
      return { sets: toRestSets(sets, (id) => levels.get(id)), language: language ?? undefined };
    },

    async reportFilterChoices(_parent, { surveyId, language }, ctx) {
      const lang = language ?? undefined;
      const [choices, groupings] = await Promise.all([
        rest.filterChoices(ctx.loaders.reports, surveyId, lang),
        rest.groupChoices(ctx.loaders.reports, lang),
      ]);
      return map.filterChoices(choices, groupings);
    },

    reportPackage: (_parent, { surveyId, unitId, language }, ctx) =>
      reportPackage(ctx, surveyId, unitId ?? undefined, language ?? undefined),

    async topRollups(_parent, _args, ctx) {
      return map.topRollups(await rest.top20(ctx.loaders.reports));
    },

    async lIndexTrend(_parent, { companyId }, ctx) {
      return map.trendPoints(await rest.lIndexTrend(ctx.loaders.reports, companyId));
    },

    async reportSettings(_parent, _args, ctx) {
      const [enps, comments] = await Promise.all([
        rest.enpsSettings(ctx.loaders.reports),
        rest.commentSettings(ctx.loaders.reports),
      ]);
      return map.reportSettings(enps, comments);
    },
  },

  Report: {
    async satisfaction(report, { groupBy }, ctx) {
      const q = reportQuery(report, grouped(groupBy));
      return map.indexDistribution(await rest.satisfaction(ctx.loaders.reports, q));
    },

    async lIndex(report, { groupBy }, ctx) {
      const q = reportQuery(report, grouped(groupBy));
      return map.indexDistribution(await rest.lIndexDistribution(ctx.loaders.reports, q));
    },

    async enps(report, { groupBy, removeBackground }, ctx) {
      const q = reportQuery(report, {
        ...grouped(groupBy),
        removeBackground: removeBackground ? 'true' : undefined,
      });
      return map.enpsReport(await rest.enps(ctx.loaders.reports, q));
    },

    async mostImportant(report, { range, groupBy }, ctx) {
      const chosen = range ?? 'TOP_10';
      // The top-10 read answers the first ten; every other range reads the whole ranking.
      const ranking = chosen === 'TOP_10' ? rest.mostImportantTop10 : rest.mostImportant;
      const q = reportQuery(report, grouped(groupBy));
      return map.importanceReport(await ranking(ctx.loaders.reports, q), chosen);
    },

    async realizations(report, { groupBy }, ctx) {
      const q = reportQuery(report, grouped(groupBy));
      return map.realizationTop10(await rest.realizationTop10(ctx.loaders.reports, q));
    },

    async realizationsBy(report, { groupBy, withImportance }, ctx) {
      const q = reportQuery(report, {
        ...grouped(groupBy),
        reportPackage: withImportance ? 'true' : undefined,
      });
      return map.realizationComparison(await rest.realizationByVariables(ctx.loaders.reports, q));
    },

    // The trend answers come with the realizations of all criteria (one read for both fields).
    async trend(report, { groupBy }, ctx) {
      const q = reportQuery(report, grouped(groupBy));
      return map.trendReport(await rest.realizationByVariables(ctx.loaders.reports, q));
    },

    async lIndexBy(report, { groupBy }, ctx) {
      const q = reportQuery(report, grouped(groupBy));
      return map.lIndexGroups(await rest.lIndexGrouped(ctx.loaders.reports, q));
    },

    async indexMap(report, { groupings }, ctx) {
      if (groupings.length === 0)
        throw gatewayError('BAD_USER_INPUT', {
          fieldErrors: [{ field: 'groupings', message: 'validation.required' }],
        });
      const keys = [...new Set(groupings.map(restGroupKey))];
      const q = reportQuery(report, { groupBy: keys.join(',') });
      return map.indexMap(await rest.lmap(ctx.loaders.reports, q));
    },

    async correlations(report, _args, ctx) {
      return map.correlationMatrix(
        await rest.correlationMatrix(ctx.loaders.reports, reportQuery(report)),
      );
    },

    async comments(report, _args, ctx) {
      return map.openComments(await rest.openComments(ctx.loaders.reports, reportQuery(report)));
    },

    async commentCounts(report, { indexRange }, ctx) {
      return map.openCommentCounts(
        await rest.openCommentCounts(
          ctx.loaders.reports,
          reportQuery(report),
          rangeName(indexRange),
        ),
      );
    },

    async commentPage(report, { type, criterion, after, first, indexRange }, ctx) {
      const limit = first ?? 50;
      if (limit < 1 || limit > 200)
        throw gatewayError('BAD_USER_INPUT', {
          fieldErrors: [{ field: 'first', message: 'validation.invalid' }],
        });
      const page = {
        type,
        criterion,
        after: after ?? null,
        limit,
        indexRange: rangeName(indexRange),
      };
      return map.openCommentPage(
        await rest.openCommentPage(ctx.loaders.reports, reportQuery(report), page),
      );
    },

    async changeJobWillingness(report, _args, ctx) {
      const answer = await rest.changeJobWillingness(
        ctx.loaders.reports,
        firstSurvey(report),
        report.language,
      );
      return map.changeJobWillingness(answer);
    },

    async responders(report, _args, ctx) {
      const ids = [...new Set(report.sets.flatMap((s) => (s.surveyId ? [s.surveyId] : [])))];
      if (ids.length === 0) return [];
      return rest.surveyResponders(ctx.loaders.reports, ids);
    },
  },
};
