// The tabular reports as CSV: each is a GraphQL selection of `Report` and a function from its typed
// result to rows. The file route runs the selection through the same Apollo server (limits, errors,
// the request's loaders), so a CSV says exactly what the GraphQL answer says.
import type {
  CorrelationMatrix,
  CriterionRealization,
  ReportDataset,
  EnpsReport,
  ImportanceReport,
  IndexDistribution,
  IndexMap,
  LIndexGroups,
  OpenComments,
  RealizationComparison,
  RealizationTop10Report,
  SpreadBand,
} from '../../__generated__/resolvers.js';

export type Cell = string | number | boolean | null | undefined;

export interface Table {
  header: string[];
  rows: Cell[][];
}

/** URL parameters a report takes besides `sets` and `language` (names as in the GraphQL arguments). */
type Param = 'groupBy' | 'range' | 'groupings' | 'removeBackground';

export interface CsvReport {
  /** `Report` field, its arguments with their GraphQL types (variables `$groupBy`…), the selection. */
  field: string;
  args: Partial<Record<Param, string>>;
  selection: string;
  table(result: never): Table;
}

const BANDS = 'spread { label share }';
const DATASETS = 'datasets { name suppressed suppressedBecause participants }';

const bandHeader = (prefix: string) =>
  ['90-100', '80-89', '70-79', '60-69', '<60'].map((band) => `${prefix}${band}`);
const bandCells = (spread: Pick<SpreadBand, 'share'>[] | null | undefined): Cell[] =>
  Array.from({ length: 5 }, (_, i) => spread?.[i]?.share ?? null);

/** Columns of a criterion's realization in one dataset. */
const PER_DATASET = [
  'dataset',
  'suppressed',
  'suppressed_because',
  'value',
  ...bandHeader('share_'),
];

/** One row per dataset: `lead` cells, then the dataset and the criterion's realization in it. */
const perDataset = (
  datasets: Pick<ReportDataset, 'name' | 'suppressed' | 'suppressedBecause'>[],
  realizations: Pick<CriterionRealization, 'value' | 'spread'>[],
  lead: Cell[],
): Cell[][] =>
  realizations.map((real, i) => [
    ...lead,
    datasets[i]?.name,
    datasets[i]?.suppressed,
    datasets[i]?.suppressedBecause,
    real.value,
    ...bandCells(real.spread),
  ]);

const distribution = (field: string): CsvReport => ({
  field,
  args: { groupBy: 'ReportGrouping' },
  selection:
    'groups { name suppressed suppressedBecause participants average bins { from to count share } }',
  table: (r: IndexDistribution) => ({
    header: [
      'group',
      'suppressed',
      'suppressed_because',
      'participants',
      'average',
      'bin_from',
      'bin_to',
      'count',
      'share',
    ],
    rows: r.groups.flatMap((g) =>
      g.bins
        ? g.bins.map((b) => [
            g.name,
            false,
            null,
            g.participants,
            g.average,
            b.from,
            b.to,
            b.count,
            b.share,
          ])
        : [[g.name, true, g.suppressedBecause, null, null, null, null, null, null]],
    ),
  }),
});

/** The CSV downloads by file name (`/files/reports/<name>.csv`). */
export const CSV_REPORTS: Record<string, CsvReport> = {
  satisfaction: distribution('satisfaction'),
  'l-index': distribution('lIndex'),
  enps: {
    field: 'enps',
    args: { groupBy: 'ReportGrouping', removeBackground: 'Boolean' },
    selection:
      'groups { name suppressed suppressedBecause participants score detractors passives promoters answers { score count } }',
    table: (r: EnpsReport) => ({
      header: [
        'group',
        'suppressed',
        'suppressed_because',
        'participants',
        'enps',
        'detractors',
        'passives',
        'promoters',
        ...Array.from({ length: 11 }, (_, i) => `answered_${i}`),
      ],
      rows: r.groups.map((g) => [
        g.name,
        g.suppressed,
        g.suppressedBecause,
        g.participants,
        g.score,
        g.detractors,
        g.passives,
        g.promoters,
        ...Array.from({ length: 11 }, (_, i) => g.answers?.[i]?.count ?? null),
      ]),
    }),
  },
  'most-important': {
    field: 'mostImportant',
    args: { range: 'ImportanceRange', groupBy: 'ReportGrouping' },
    selection: 'criteria { rank criterion { id name } share compareShare }',
    table: (r: ImportanceReport) => ({
      header: ['rank', 'criterion_id', 'criterion', 'share', 'compare_share'],
      rows: r.criteria.map((c) => [
        c.rank,
        c.criterion.id,
        c.criterion.name,
        c.share,
        c.compareShare,
      ]),
    }),
  },
  realizations: {
    field: 'realizations',
    args: { groupBy: 'ReportGrouping' },
    selection: `${DATASETS} criteria { rank importance criterion { id name } realizations { value ${BANDS} } }`,
    table: (r: RealizationTop10Report) => ({
      header: ['rank', 'criterion_id', 'criterion', 'importance', ...PER_DATASET],
      rows: r.criteria.flatMap((c) =>
        perDataset(r.datasets, c.realizations, [
          c.rank,
          c.criterion.id,
          c.criterion.name,
          c.importance,
        ]),
      ),
    }),
  },
  'realizations-by': {
    field: 'realizationsBy',
    args: { groupBy: 'ReportGrouping' },
    selection: `${DATASETS} criteria { criterion { id name } realizations { value ${BANDS} } }`,
    table: (r: RealizationComparison) => ({
      header: ['criterion_id', 'criterion', ...PER_DATASET],
      rows: r.criteria.flatMap((c) =>
        perDataset(r.datasets, c.realizations, [c.criterion.id, c.criterion.name]),
      ),
    }),
  },
  'l-index-by': {
    field: 'lIndexBy',
    args: { groupBy: 'ReportGrouping!' },
    selection: `groups { name suppressed suppressedBecause participants lIndex ${BANDS} }`,
    table: (r: LIndexGroups) => ({
      header: [
        'group',
        'suppressed',
        'suppressed_because',
        'participants',
        'l_index',
        ...bandHeader('share_'),
      ],
      rows: r.groups.map((g) => [
        g.name,
        g.suppressed,
        g.suppressedBecause,
        g.participants,
        g.lIndex,
        ...bandCells(g.spread),
      ]),
    }),
  },
  'index-map': {
    field: 'indexMap',
    args: { groupings: '[ReportGrouping!]!' },
    selection:
      'criteria { id name } rows { grouping name suppressed suppressedBecause participants values lIndex }',
    table: (r: IndexMap) => ({
      header: [
        'grouping',
        'group',
        'suppressed',
        'suppressed_because',
        'participants',
        ...r.criteria.map((c) => c.name),
        'l_index',
      ],
      rows: r.rows.map((row) => [
        row.grouping,
        row.name,
        row.suppressed,
        row.suppressedBecause,
        row.participants,
        ...r.criteria.map((_, i) => row.values?.[i] ?? null),
        row.lIndex,
      ]),
    }),
  },
  correlations: {
    field: 'correlations',
    args: {},
    selection: 'suppressed criteria { id name } rows',
    table: (r: CorrelationMatrix) => ({
      header: ['criterion', ...r.criteria.map((c) => c.name)],
      rows: r.criteria.map((c, i) => [
        c.name,
        ...r.criteria.map((_, j) => r.rows?.[i]?.[j] ?? null),
      ]),
    }),
  },
  comments: {
    field: 'comments',
    args: {},
    selection: ['positive', 'negative', 'neutral']
      .map((type) => `${type} { text criterion { id name } languageCode lIndex }`)
      .join(' '),
    table: (r: OpenComments) => ({
      header: ['type', 'criterion_id', 'criterion', 'language', 'l_index', 'text'],
      rows: (['positive', 'negative', 'neutral'] as const).flatMap((type) =>
        (r[type] ?? []).map((c) => [
          type,
          c.criterion.id,
          c.criterion.name,
          c.languageCode,
          c.lIndex,
          c.text,
        ]),
      ),
    }),
  },
};

/** The operation that reads one CSV report (`$sets`, `$language` and the report's own variables). */
export function csvOperation(report: CsvReport): string {
  const params = Object.entries(report.args);
  const vars = params.map(([name, type]) => `, $${name}: ${type}`).join('');
  const args = params.map(([name]) => `${name}: $${name}`).join(', ');
  return `query ReportCsv($sets: [ReportSetInput!]!, $language: LanguageCode${vars}) {
  report(sets: $sets, language: $language) { result: ${report.field}${args ? `(${args})` : ''} { ${report.selection} } }
}`;
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; text that a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a leading `'`.
 */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: readonly Cell[]): string => `${cells.map(csvCell).join(',')}\r\n`;
