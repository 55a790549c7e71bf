// The report reads' REST answers (their types in rest.ts, the API's own) mapped to the typed GraphQL
// results. A REST group is `{ name, participants, … }` or `{ name, suppressed: true }`; the
// GraphQL types carry `suppressed` and null values in its place, never zeros.
import type {
  ChangeJobWillingness,
  CorrelationMatrix,
  Criterion,
  CriterionRealization,
  EnpsReport,
  HistogramBin,
  ImportanceRange,
  ImportanceReport,
  IndexDistribution,
  IndexMap,
  LIndexGroups,
  OpenComments,
  OpenCommentCounts,
  OpenCommentPage,
  RealizationComparison,
  RealizationTop10Report,
  ReportComment,
  ReportDataset,
  ReportFilterChoices,
  ReportSettings,
  RollupEntry,
  TopRollups,
  TrendPoint,
  TrendReport,
} from '../../__generated__/resolvers.js';
import type * as rest from './rest.js';
import { backgroundValueName, groupingOf, type RestFilterSet } from './sets.js';

/** What `Query.report` hands to the `Report` fields: the sets in REST encoding and the language. */
export interface ReportRequest {
  sets: RestFilterSet[];
  language?: string;
}

/** A group the API does not show (docs/anonymity.md): its name and why, never values or counts. */
type SuppressedDto = Extract<rest.MostImportantDto['datasets'][number], { suppressed: true }>;
/** A compared set or group: its name and participants, or suppressed. */
type DatasetDto = rest.MostImportantDto['datasets'][number];
type HeaderDto = Pick<rest.EnpsDto, 'reportMainHeader' | 'reportSubHeader'>;
type CriterionDto = Pick<rest.MostImportantDto['data'][number], 'id' | 'description'>;
type CommentDto = Extract<rest.OpenCommentsDto['data'], { positive: unknown }>['positive'][number];
type RollupRow = Pick<
  rest.Top20Dto['allTimeEnps'][number],
  'surveyId' | 'surveyName' | 'companyName'
>;

// ---- mapping ----

const criterion = (c: CriterionDto): Criterion => ({ id: c.id, name: c.description });

const heading = (dto: HeaderDto) => ({
  title: dto.reportMainHeader,
  subtitle: dto.reportSubHeader,
});

const isSuppressed = <G extends object>(g: G | SuppressedDto): g is SuppressedDto =>
  'suppressed' in g;

/**
 * A REST group as a GraphQL group: a suppressed one with `nulls` (every value null), a shown one with
 * the values `read` takes from it.
 */
function group<G extends { name: string; participants: number }, R extends object>(
  g: G | SuppressedDto,
  nulls: { [K in keyof R]: null },
  read: (shown: G) => R,
) {
  return isSuppressed(g)
    ? { name: g.name, suppressed: true, suppressedBecause: g.reason, participants: null, ...nulls }
    : {
        name: g.name,
        suppressed: false,
        suppressedBecause: null,
        participants: g.participants,
        ...read(g),
      };
}

export function dataset(g: DatasetDto): ReportDataset {
  return isSuppressed(g)
    ? { name: g.name, suppressed: true, suppressedBecause: g.reason, participants: null }
    : { name: g.name, suppressed: false, suppressedBecause: null, participants: g.participants };
}

/** A histogram bin or spread band: `from` included, `to` excluded (100 is in the top one). */
type RangeDto = rest.IndexDistributionDto['bins'][number];

/** A band as the reports name it: `90-100`, `80-89` (its last whole value), `<60`. */
function bandLabel({ from, to }: RangeDto): string {
  if (from === 0) return `<${to}`;
  return `${from}-${to === 100 ? to : to - 1}`;
}

function spread(bands: RangeDto[], shares: number[] | null): CriterionRealization['spread'] {
  return shares === null
    ? null
    : bands.map((band, i) => ({ label: bandLabel(band), ...band, share: shares[i] ?? 0 }));
}

function bins(ranges: RangeDto[], counts: number[], shares: number[]): HistogramBin[] {
  return ranges.map(({ from, to }, i) => ({
    from,
    to,
    count: counts[i] ?? 0,
    share: shares[i] ?? 0,
  }));
}

export function indexDistribution(dto: rest.IndexDistributionDto): IndexDistribution {
  return {
    ...heading(dto),
    groups: dto.data.map((g) =>
      group(g, { average: null, bins: null }, (shown) => ({
        average: shown.average,
        bins: bins(dto.bins, shown.counts, shown.values),
      })),
    ),
  };
}

export function enpsReport(dto: rest.EnpsDto): EnpsReport {
  return {
    ...heading(dto),
    groups: dto.data.map((g) =>
      group(
        g,
        { score: null, detractors: null, passives: null, promoters: null, answers: null },
        ({ enps, raw }) => ({
          score: enps.score,
          detractors: enps.percentage0to6,
          passives: enps.percentage7to8,
          promoters: enps.percentage9to10,
          answers: raw.map((count, score) => ({ score, count })),
        }),
      ),
    ),
  };
}

/** Places of the ranking each range covers (1-based, inclusive). */
const RANGES: Record<ImportanceRange, [number, number]> = {
  TOP_10: [1, 10],
  TOP_11_20: [11, 20],
  TOP_21_30: [21, 30],
  ALL: [1, 30],
};

export function importanceReport(
  dto: rest.MostImportantDto,
  range: ImportanceRange,
): ImportanceReport {
  const [first, last] = RANGES[range];
  return {
    ...heading(dto),
    datasets: dto.datasets.map(dataset),
    criteria: dto.data
      .filter((c) => c.index >= first && c.index <= last)
      .map((c) => ({
        rank: c.index,
        criterion: criterion(c),
        share: c.percentage,
        compareShare: c.comparePercentage,
      })),
  };
}

export function realizationTop10(dto: rest.RealizationTop10Dto): RealizationTop10Report {
  const datasets = dto.datasets.map(dataset);
  return {
    ...heading(dto),
    datasets,
    criteria: dto.data.map((c) => ({
      rank: c.index,
      criterion: criterion(c),
      importance: c.percentage,
      realizations: [
        { value: c.value, spread: spread(dto.bands, c.spread) },
        { value: c.compareValue, spread: spread(dto.bands, c.compareSpread) },
      ].slice(0, datasets.length),
    })),
  };
}

export function realizationComparison(dto: rest.RealizationByVariablesDto): RealizationComparison {
  const [first] = dto.data;
  return {
    ...heading(dto),
    datasets: (first?.groups ?? []).map(dataset),
    criteria: (first?.topcriteria ?? []).map((c) => ({
      criterion: criterion(c),
      realizations: c.values.map((value, i) => ({
        value,
        spread: spread(dto.bands, c.spreads[i] ?? null),
        importance: c.importances?.[i] ?? null,
      })),
    })),
  };
}

export function trendReport(dto: rest.RealizationByVariablesDto): TrendReport {
  const [first] = dto.data;
  return {
    ...heading(dto),
    groups: (first?.groups ?? []).map((g, i) => {
      const trend = first?.trends[i] ?? null;
      const { name, suppressed, participants } = dataset(g);
      return {
        name,
        suppressed,
        participants,
        baseSurveyId: trend?.baseSurveyId ?? null,
        criteria:
          trend?.criteria.map((c) => ({
            criterion: criterion(c),
            ...('suppressed' in c
              ? { answered: null, suppressed: true, better: null, same: null, worse: null }
              : {
                  answered: c.answered,
                  suppressed: false,
                  better: c.better,
                  same: c.same,
                  worse: c.worse,
                }),
          })) ?? null,
      };
    }),
  };
}

export function lIndexGroups(dto: rest.LIndexGroupedDto): LIndexGroups {
  return {
    ...heading(dto),
    groups: dto.data.map((g) =>
      group(g, { lIndex: null, spread: null }, (shown) => ({
        lIndex: shown.lindex,
        spread: spread(dto.bands, shown.spread),
      })),
    ),
  };
}

export function indexMap(dto: rest.LmapDto): IndexMap {
  const criteria = dto.data.criteria.filter((c): c is CriterionDto => typeof c.id === 'number');
  return {
    ...heading(dto),
    criteria: criteria.map(criterion),
    rows: dto.data.rows.map((row) =>
      'suppressed' in row
        ? {
            grouping: groupingOf(row.variable),
            name: row.groupName,
            suppressed: true,
            suppressedBecause: row.reason,
            participants: null,
            values: null,
            lIndex: null,
          }
        : {
            grouping: groupingOf(row.variable),
            name: row.groupName,
            suppressed: false,
            suppressedBecause: null,
            participants: row.participants,
            values: row.values.slice(0, criteria.length),
            lIndex: row.values[criteria.length] ?? null,
          },
    ),
  };
}

export function correlationMatrix(dto: rest.CorrelationDto): CorrelationMatrix {
  const g = dto.data;
  return isSuppressed(g)
    ? {
        ...heading(dto),
        name: g.name,
        suppressed: true,
        suppressedBecause: g.reason,
        participants: null,
        criteria: [],
        rows: null,
      }
    : {
        ...heading(dto),
        name: g.name,
        suppressed: false,
        suppressedBecause: null,
        participants: g.participants,
        criteria: g.criteria.map(criterion),
        rows: g.matrix,
      };
}

const comment = (c: CommentDto): ReportComment => ({
  id: c.commentId,
  text: c.comment,
  criterion: criterion(c),
  languageCode: c.languageCode,
  lIndex: c.lindex,
});

export function openComments(dto: rest.OpenCommentsDto): OpenComments {
  const g = dto.data;
  const base = { ...heading(dto), name: g.name, trend: dto.trend, headings: dto.sections };
  return 'suppressed' in g
    ? {
        ...base,
        suppressed: true,
        suppressedBecause: g.reason,
        positive: null,
        negative: null,
        neutral: null,
      }
    : {
        ...base,
        suppressed: false,
        suppressedBecause: null,
        positive: g.positive.map(comment),
        negative: g.negative.map(comment),
        neutral: g.neutral.map(comment),
      };
}

export function openCommentCounts(dto: rest.OpenCommentCountsDto): OpenCommentCounts {
  const g = dto.data;
  const base = { ...heading(dto), name: g.name, trend: dto.trend, headings: dto.sections };
  return 'suppressed' in g
    ? { ...base, suppressed: true, suppressedBecause: g.reason, counts: null, rangeFilter: false }
    : {
        ...base,
        suppressed: false,
        suppressedBecause: null,
        rangeFilter: g.rangeFilter,
        counts: g.counts.map((c) => ({ type: c.type, criterion: criterion(c), count: c.count })),
      };
}

export function openCommentPage(dto: rest.OpenCommentPageDto): OpenCommentPage {
  const g = dto.data;
  return 'suppressed' in g
    ? { suppressed: true, suppressedBecause: g.reason, comments: null, next: null }
    : {
        suppressed: false,
        suppressedBecause: null,
        comments: g.comments.map(comment),
        next: g.next,
      };
}

export function changeJobWillingness(dto: rest.ChangeJobDto): ChangeJobWillingness {
  return {
    ...heading(dto),
    ...group(dto.data, { willing: null, share: null }, (shown) => ({
      willing: shown.willingToChangeJobCount,
      share: shown.percentage,
    })),
  };
}

export function filterChoices(
  dto: rest.FilterChoicesDto,
  groupings: rest.GroupChoicesDto,
): ReportFilterChoices {
  return {
    units: dto.data.units.map((u) => ({ id: u.id, name: u.name, level: u.index })),
    background: dto.data.background.map((b) => ({
      grouping: groupingOf(b.key),
      name: b.name,
      values: b.values.map((v) => ({ value: backgroundValueName(b.key, v.value), name: v.name })),
    })),
    groupings: groupings.map((g) => ({ grouping: groupingOf(g.key), name: g.name })),
  };
}

const entry = (row: RollupRow, value: number): RollupEntry => ({
  surveyId: row.surveyId,
  surveyName: row.surveyName,
  companyName: row.companyName,
  value,
});

export function topRollups(dto: rest.Top20Dto): TopRollups {
  return {
    enps: {
      currentYear: dto.currentYearEnps.map((r) => entry(r, r.enps)),
      allTime: dto.allTimeEnps.map((r) => entry(r, r.enps)),
    },
    sIndex: {
      currentYear: dto.currentYearSindex.map((r) => entry(r, r.sindex)),
      allTime: dto.allTimeSindex.map((r) => entry(r, r.sindex)),
    },
    lIndex: {
      currentYear: dto.currentYearLindex.map((r) => entry(r, r.lindex)),
      allTime: dto.allTimeLindex.map((r) => entry(r, r.lindex)),
    },
  };
}

export function trendPoints(dto: rest.TrendDto): TrendPoint[] {
  return dto.map((p) => ({
    surveyId: p.surveyId,
    name: p.name,
    date: p.date,
    tracking: p.trackingSurvey,
    ...('value' in p
      ? { suppressed: false, suppressedBecause: null, lIndex: p.value }
      : { suppressed: true, suppressedBecause: p.reason, lIndex: null }),
  }));
}

export function reportSettings(
  enps: rest.EnpsSettingsDto,
  comments: rest.CommentSettingsDto,
): ReportSettings {
  return {
    anonymityThreshold: comments.anonymityThreshold,
    enps: {
      detractorsFrom: enps.detractors.from,
      detractorsTo: enps.detractors.to,
      passivesFrom: enps.passives.from,
      passivesTo: enps.passives.to,
      promotersFrom: enps.promoters.from,
      promotersTo: enps.promoters.to,
    },
    commentIndexRanges: comments.indexRanges,
    minCommentsPerRange: comments.minCommentsPerRange,
  };
}
