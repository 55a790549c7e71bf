// PDF exports of the table reports: the importance rankings and the index map (landscape). The
// builders are plain functions of the report data, so tests can read what the PDF will say.
import type { Content, TableCell } from 'pdfmake/interfaces';
import type {
  ImportanceTable_ReportFragment,
  IndexMapTable_MapFragment,
  ReportGrouping,
} from '../../../__generated__/graphql';
import { formatIndex, formatShare } from '../format';
import { downloadReportPdf } from '../pdf/reportPdf';
import { minimumValue, shadeColor } from './indexMapShading';

type ImportanceRow = ImportanceTable_ReportFragment['criteria'][number];

export interface ImportanceLabels {
  place: string;
  topic: string;
  explained: string;
  suppressed: string;
}

const header = (text: string): TableCell => ({ text, bold: true, fillColor: '#eeeeee' });

/** The ranking as one table: place, topic and the share in each set that is not suppressed. */
export function importanceContent(
  report: ImportanceTable_ReportFragment,
  rows: readonly ImportanceRow[],
  labels: ImportanceLabels,
): Content[] {
  const [first, second] = report.datasets;
  const compared = second !== undefined && !second.suppressed;
  const notes: Content[] = report.datasets
    .filter((dataset) => dataset.suppressed)
    .map((dataset) => ({ text: `${dataset.name}: ${labels.suppressed}`, italics: true }));
  if (!first || first.suppressed || rows.length === 0)
    return [{ text: labels.explained }, ...notes];
  const body: TableCell[][] = [
    [
      header(labels.place),
      header(labels.topic),
      header(first.name),
      ...(compared ? [header(second.name)] : []),
    ],
    ...rows.map((row): TableCell[] => [
      String(row.rank),
      row.criterion.name,
      { text: formatShare(row.share), alignment: 'right' },
      ...(compared
        ? [{ text: formatShare(row.compareShare), alignment: 'right' } satisfies TableCell]
        : []),
    ]),
  ];
  return [
    { text: labels.explained, margin: [0, 0, 0, 8] },
    ...notes,
    {
      table: {
        headerRows: 1,
        widths: compared ? ['auto', '*', 'auto', 'auto'] : ['auto', '*', 'auto'],
        body,
      },
      layout: 'lightHorizontalLines',
    },
  ];
}

export interface IndexMapLabels {
  group: string;
  respondents: string;
  lIndex: string;
  suppressed: string;
  legend: string;
}

/** Groups per table on a landscape page; more groups continue in another table. */
export const INDEX_MAP_GROUPS_PER_TABLE = 8;

/**
 * The index map turned a quarter round for paper: criteria down the side, groups across (30
 * criteria do not fit across a page), in tables of at most eight groups. Cells keep the screen's
 * shading; a suppressed group's column says so and stays empty.
 */
export function indexMapContent(
  map: IndexMapTable_MapFragment,
  groupingNames: Partial<Record<ReportGrouping, string>>,
  labels: IndexMapLabels,
): Content[] {
  const min = minimumValue(map.rows);
  const cell = (value: number | null | undefined, bold = false): TableCell => ({
    text: value === null || value === undefined ? '' : formatIndex(value),
    alignment: 'center',
    bold,
    fillColor: shadeColor(value, min),
  });
  const tables: Content[] = [];
  for (let start = 0; start < map.rows.length; start += INDEX_MAP_GROUPS_PER_TABLE) {
    const groups = map.rows.slice(start, start + INDEX_MAP_GROUPS_PER_TABLE);
    const body: TableCell[][] = [
      [
        header(labels.group),
        ...groups.map((group): TableCell => ({
          stack: [
            { text: group.name, bold: true },
            { text: groupingNames[group.grouping] ?? '', fontSize: 7, color: '#555555' },
          ],
          fillColor: '#eeeeee',
        })),
      ],
      [
        labels.respondents,
        ...groups.map((group): TableCell =>
          group.suppressed
            ? { text: labels.suppressed, italics: true, fontSize: 7 }
            : { text: String(group.participants ?? ''), alignment: 'center' },
        ),
      ],
      ...map.criteria.map((criterion, column): TableCell[] => [
        criterion.name,
        ...groups.map((group) => cell(group.values?.[column] ?? null)),
      ]),
      [{ text: labels.lIndex, bold: true }, ...groups.map((group) => cell(group.lIndex, true))],
    ];
    tables.push({
      table: { headerRows: 1, widths: ['*', ...groups.map(() => 68)], body },
      fontSize: 8,
      pageBreak: start === 0 ? undefined : 'before',
    });
  }
  return [{ text: labels.legend, fontSize: 8, margin: [0, 0, 0, 6] }, ...tables];
}

const fileName = (title: string) => `${title.replace(/[\\/:*?"<>|]+/g, '-')}.pdf`;

export async function exportImportancePdf(input: {
  title: string;
  subtitle: string;
  language: string;
  report: ImportanceTable_ReportFragment;
  rows: readonly ImportanceRow[];
  labels: ImportanceLabels;
}): Promise<void> {
  await downloadReportPdf(
    {
      title: input.title,
      subtitle: input.subtitle,
      language: input.language,
      content: importanceContent(input.report, input.rows, input.labels),
    },
    fileName(input.title),
  );
}

export async function exportIndexMapPdf(input: {
  title: string;
  subtitle: string;
  language: string;
  map: IndexMapTable_MapFragment;
  groupingNames: Partial<Record<ReportGrouping, string>>;
  labels: IndexMapLabels;
}): Promise<void> {
  await downloadReportPdf(
    {
      title: input.title,
      subtitle: input.subtitle,
      language: input.language,
      landscape: true,
      content: indexMapContent(input.map, input.groupingNames, input.labels),
    },
    fileName(input.title),
  );
}
