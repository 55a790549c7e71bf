// The REST shapes of the report reads (docs/rest-api.md, Reports) and their mapping to the typed
// GraphQL results. A REST group is `{ name, participants, … }` or `{ name, suppressed: true }`; the
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
import { backgroundValueName, groupingOf, type RestFilterSet, type RestGroupKey } from './sets.js';

/** What `Query.report` hands to the `Report` fields: the sets in REST encoding and the language. */
export interface ReportRequest {
  sets: RestFilterSet[];
  language?: string;
}

/** Why the API suppressed a group (docs/anonymity.md). */
export type SuppressionReasonDto = 'belowThreshold' | 'differencing';

interface SuppressedDto {
  name: string;
  suppressed: true;
  reason: SuppressionReasonDto;
}
type Shown<V> = { name: string; participants: number; suppressed?: undefined } & V;
type GroupDto<V> = Shown<V> | SuppressedDto;

interface HeaderDto {
  reportMainHeader: string;
  reportSubHeader: string;
}

export interface CriterionDto {
  id: number;
  description: string;
}

/** A histogram bin or spread band: `from` included, `to` excluded (100 is in the top one). */
export interface RangeDto {
  from: number;
  to: number;
}

/** `/report/currentsatisfaction`, `/report/lindexcompare`. */
export interface IndexDistributionDto extends HeaderDto {
  bins: RangeDto[];
  data: GroupDto<{ average: number; values: number[]; counts: number[] }>[];
}

/** `/report/enps`. */
export interface EnpsDto extends HeaderDto {
  data: GroupDto<{
    raw: number[];
    enps: {
      percentage0to6: number;
      percentage7to8: number;
      percentage9to10: number;
      score: number;
    };
  }>[];
}

type DatasetDto = { name: string; participants: number; suppressed?: undefined } | SuppressedDto;

/** `/report/mostimportanttop10`, `/report/mostimportanttop30`. */
export interface MostImportantDto extends HeaderDto {
  datasets: DatasetDto[];
  data: (CriterionDto & { index: number; percentage: number; comparePercentage: number | null })[];
}

/** `/report/realizationtop10`. */
export interface RealizationTop10Dto extends HeaderDto {
  bands: RangeDto[];
  datasets: DatasetDto[];
  data: (CriterionDto & {
    index: number;
    percentage: number;
    value: number | null;
    spread: number[] | null;
    compareValue: number | null;
    compareSpread: number[] | null;
  })[];
}

/** A criterion's trend in `/report/realizationbyvariables` (docs/rest-api.md, Reports). */
type TrendCriterionDto = CriterionDto &
  (
    | { answered: number; better: number; same: number; worse: number; suppressed?: undefined }
    | { suppressed: true }
  );

/** `/report/realizationbyvariables`; `importances` only with `reportPackage=true`. */
export interface RealizationByVariablesDto extends HeaderDto {
  bands: RangeDto[];
  data: {
    groups: DatasetDto[];
    topcriteria: (CriterionDto & {
      values: (number | null)[];
      spreads: (number[] | null)[];
      importances?: (number | null)[];
    })[];
    /** Per group: its trend answers, null when suppressed or not a trend survey. */
    trends: ({ baseSurveyId: string; criteria: TrendCriterionDto[] } | null)[];
  }[];
}

/** `/report/lindexgrouped`. */
export interface LIndexGroupedDto extends HeaderDto {
  bands: RangeDto[];
  data: GroupDto<{ lindex: number; spread: number[] }>[];
}

/** `/report/lmap`: 30 criteria and `{ id: "lindex" }`; row values likewise (the L-index last). */
export interface LmapDto extends HeaderDto {
  data: {
    criteria: { id: number | string; description: string }[];
    rows: (
      | {
          groupName: string;
          variable: RestGroupKey;
          participants: number;
          values: (number | null)[];
        }
      | {
          groupName: string;
          variable: RestGroupKey;
          suppressed: true;
          reason: SuppressionReasonDto;
        }
    )[];
  };
}

/** `/report/correlationmatrix`. */
export interface CorrelationDto extends HeaderDto {
  data: GroupDto<{ criteria: CriterionDto[]; matrix: (number | null)[][] }>;
}

interface CommentDto {
  comment: string;
  id: number;
  commentId: string;
  description: string;
  languageCode: string;
  lindex: number | null;
}

/** `/report/opencomments`. */
export interface OpenCommentsDto extends HeaderDto {
  trend: boolean;
  sections: { positive: string; negative: string; neutral: string };
  data:
    | { name: string; positive: CommentDto[]; negative: CommentDto[]; neutral: CommentDto[] }
    | SuppressedDto;
}

/** `/report/changejobwillingness/{surveyId}`. */
export interface ChangeJobDto extends HeaderDto {
  data: GroupDto<{ count: number; willingToChangeJobCount: number; percentage: number }>;
}

/** `/surveys/surveyresponders`. */
export type RespondersDto = { surveyId: string; responders: number }[];

/** `/report/filterchoices`; `wholeData` only with `groupChoices` naming it. */
export interface FilterChoicesDto extends HeaderDto {
  data: {
    units: { id: string; name: string; index: number }[];
    wholeData?: { name: string };
    background: { key: RestGroupKey; name: string; values: { value: string; name: string }[] }[];
  };
}

/** `/report/groupchoices`. */
export type GroupChoicesDto = { key: RestGroupKey; name: string }[];

type RollupRow = { surveyId: string; surveyName: string; companyName: string };
/** `/rollup/top20rollupdata`. */
export interface Top20Dto {
  currentYearEnps: (RollupRow & { enps: number })[];
  allTimeEnps: (RollupRow & { enps: number })[];
  currentYearSindex: (RollupRow & { sindex: number })[];
  allTimeSindex: (RollupRow & { sindex: number })[];
  currentYearLindex: (RollupRow & { lindex: number })[];
  allTimeLindex: (RollupRow & { lindex: number })[];
}

/** `/rollup/trend/{companyId}`. */
export type TrendDto = {
  surveyId: string;
  name: string;
  date: string | null;
  trackingSurvey: boolean;
  value?: number;
  suppressed?: true;
  reason?: SuppressionReasonDto;
}[];

type Range = { from: number; to: number };
/** `/reportsettings/enps`. */
export interface EnpsSettingsDto {
  detractors: Range;
  passives: Range;
  promoters: Range;
}
/** `/reportsettings/opencomments`. */
export interface CommentSettingsDto {
  indexRanges: Range[];
  minCommentsPerRange: number;
  anonymityThreshold: number;
}

// ---- mapping ----

const criterion = (c: CriterionDto): Criterion => ({ id: c.id, name: c.description });

const heading = (dto: HeaderDto) => ({
  title: dto.reportMainHeader,
  subtitle: dto.reportSubHeader,
});

const isSuppressed = <V extends object>(g: GroupDto<V> | DatasetDto): g is SuppressedDto =>
  g.suppressed === true;

/**
 * A REST group as a GraphQL group: a suppressed one with `nulls` (every value null), a shown one with
 * the values `read` takes from it.
 */
function group<V extends object, R extends object>(
  g: GroupDto<V>,
  nulls: { [K in keyof R]: null },
  read: (shown: Shown<V>) => R,
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

export function indexDistribution(dto: IndexDistributionDto): IndexDistribution {
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

export function enpsReport(dto: EnpsDto): EnpsReport {
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

export function importanceReport(dto: MostImportantDto, range: ImportanceRange): ImportanceReport {
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

export function realizationTop10(dto: RealizationTop10Dto): RealizationTop10Report {
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

export function realizationComparison(dto: RealizationByVariablesDto): RealizationComparison {
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

export function trendReport(dto: RealizationByVariablesDto): TrendReport {
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
            ...(c.suppressed
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

export function lIndexGroups(dto: LIndexGroupedDto): LIndexGroups {
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

export function indexMap(dto: LmapDto): IndexMap {
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

export function correlationMatrix(dto: CorrelationDto): CorrelationMatrix {
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

export function openComments(dto: OpenCommentsDto): OpenComments {
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

export function changeJobWillingness(dto: ChangeJobDto): ChangeJobWillingness {
  return {
    ...heading(dto),
    ...group(dto.data, { willing: null, share: null }, (shown) => ({
      willing: shown.willingToChangeJobCount,
      share: shown.percentage,
    })),
  };
}

export function filterChoices(
  dto: FilterChoicesDto,
  groupings: GroupChoicesDto,
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

export function topRollups(dto: Top20Dto): TopRollups {
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

export function trendPoints(dto: TrendDto): TrendPoint[] {
  return dto.map((p) => ({
    surveyId: p.surveyId,
    name: p.name,
    date: p.date,
    tracking: p.trackingSurvey,
    suppressed: p.value === undefined,
    suppressedBecause: p.value === undefined ? (p.reason ?? 'belowThreshold') : null,
    lIndex: p.value ?? null,
  }));
}

export function reportSettings(
  enps: EnpsSettingsDto,
  comments: CommentSettingsDto,
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
