// The parts slides are made of (packageSlides.ts composes the deck, packageSections.ts its sections):
// page geometry, slide kinds, the coloured backgrounds and footer, and small content blocks.
import type { Column, Content } from 'pdfmake/interfaces.js';
import { formatIndex, formatShare, PDF_COLORS, PRODUCT_NAME, SPREAD_COLORS } from './theme.js';
import type { GatedGroup, HiddenText, PackageData, SlideTexts } from './types.js';

export type { SlideTexts } from './types.js';
type Texts = SlideTexts;

export const SLIDE_WIDTH = 960;
export const SLIDE_HEIGHT = 540;
export const MARGIN_X = 56;
export const CONTENT_WIDTH = SLIDE_WIDTH - 2 * MARGIN_X;
/** Room for a chart under a slide title and lead text, above the footer. */
export const CHART_BOX: [number, number] = [CONTENT_WIDTH, 290];

export type SlideKind = 'cover' | 'statement' | 'content';

export interface Slide {
  kind: SlideKind;
  content: Content[];
}

/** The realization bands' legend, best first (spec: 100-90, 90-80, 80-70, 70-60, under 60). */
export function realizationScale(t: Texts): string[] {
  return ['100–90', '90–80', '80–70', '70–60', t('under60')];
}

export function contentSlide(title: string, lead: string | null, body: Content[]): Slide {
  return {
    kind: 'content',
    content: [
      { text: title, style: 'slideTitle' },
      { canvas: [{ type: 'rect', x: 0, y: 6, w: 56, h: 4, color: PDF_COLORS.orange }] },
      lead
        ? { text: lead, style: 'lead', margin: [0, 10, 0, 10] }
        : { text: '', margin: [0, 0, 0, 14] },
      ...body,
    ],
  };
}

export function statementSlide(title: string, text: string): Slide {
  return {
    kind: 'statement',
    content: [
      { text: title, fontSize: 44, bold: true, color: '#ffffff', margin: [0, 170, 0, 14] },
      { text, fontSize: 22, color: '#ffffff', lineHeight: 1.3 },
    ],
  };
}

export function slideBackground(kind: SlideKind): Content {
  if (kind === 'cover')
    return {
      canvas: [
        { type: 'rect', x: 0, y: 0, w: SLIDE_WIDTH, h: SLIDE_HEIGHT, color: PDF_COLORS.blue },
        {
          type: 'rect',
          x: 0,
          y: SLIDE_HEIGHT - 14,
          w: SLIDE_WIDTH,
          h: 14,
          color: PDF_COLORS.orange,
        },
        { type: 'ellipse', x: SLIDE_WIDTH - 40, y: 60, r1: 260, r2: 260, color: '#2a7cc0' },
        {
          type: 'ellipse',
          x: SLIDE_WIDTH - 60,
          y: 80,
          r1: 120,
          r2: 120,
          color: PDF_COLORS.orange,
          fillOpacity: 0.9,
        },
        ...logoShapes(MARGIN_X, 44),
      ],
    };
  if (kind === 'statement')
    return {
      canvas: [
        { type: 'rect', x: 0, y: 0, w: SLIDE_WIDTH, h: SLIDE_HEIGHT, color: PDF_COLORS.orange },
        { type: 'rect', x: 0, y: SLIDE_HEIGHT - 14, w: SLIDE_WIDTH, h: 14, color: PDF_COLORS.blue },
        { type: 'rect', x: MARGIN_X, y: 150, w: 56, h: 5, color: '#ffffff' },
      ],
    };
  return {
    canvas: [
      { type: 'rect', x: 0, y: 0, w: 10, h: SLIDE_HEIGHT, color: PDF_COLORS.orange },
      {
        type: 'line',
        x1: MARGIN_X,
        y1: SLIDE_HEIGHT - 46,
        x2: SLIDE_WIDTH - MARGIN_X,
        y2: SLIDE_HEIGHT - 46,
        lineWidth: 0.5,
        lineColor: PDF_COLORS.lightGrey,
      },
    ],
  };
}

/** The logo drawn as shapes (no image asset): an orange and a blue square and the product name. */
export function logoShapes(x: number, y: number) {
  return [
    { type: 'rect' as const, x, y, w: 16, h: 16, r: 3, color: PDF_COLORS.orange },
    {
      type: 'rect' as const,
      x: x + 9,
      y: y + 9,
      w: 16,
      h: 16,
      r: 3,
      color: '#ffffff',
      fillOpacity: 0.85,
    },
  ];
}

export function slideFooter(kind: SlideKind, text: string, page: number, pages: number): Content {
  // The cover carries the logo at its top and needs no footer.
  if (kind === 'cover') return { text: '' };
  const light = kind !== 'content';
  const color = light ? '#ffffff' : PDF_COLORS.grey;
  return {
    margin: [MARGIN_X, 18, MARGIN_X, 0],
    columns: [
      {
        width: 14,
        canvas: [
          {
            type: 'rect',
            x: 0,
            y: 2,
            w: 9,
            h: 9,
            r: 2,
            color: light ? '#ffffff' : PDF_COLORS.orange,
          },
        ],
      },
      {
        width: 'auto',
        text: PRODUCT_NAME,
        bold: true,
        fontSize: 10,
        color: light ? '#ffffff' : PDF_COLORS.blue,
      },
      {
        width: '*',
        text,
        fontSize: 9,
        color,
        alignment: 'center',
        margin: [0, 1, 0, 0],
      },
      {
        width: 'auto',
        text: `${page} / ${pages}`,
        fontSize: 9,
        color,
        alignment: 'right',
        margin: [0, 1, 0, 0],
      },
    ],
  };
}

export function progressBar(width: number, share: number): Content[] {
  const filled = Math.max(0, Math.min(100, share)) * (width / 100);
  return [
    {
      canvas: [
        { type: 'rect', x: 0, y: 8, w: width, h: 14, r: 7, color: PDF_COLORS.paleGrey },
        { type: 'rect', x: 0, y: 8, w: filled, h: 14, r: 7, color: PDF_COLORS.orange },
      ],
    },
  ];
}

export function keyFigure(label: string, value: string, color: string): Column {
  return {
    width: '*',
    table: {
      widths: ['*'],
      body: [
        [
          {
            stack: [
              { text: value, fontSize: 60, bold: true, color, alignment: 'center' },
              { text: label, fontSize: 16, color: PDF_COLORS.text, alignment: 'center' },
            ],
            fillColor: PDF_COLORS.paleGrey,
            margin: [0, 26, 0, 26],
          },
        ],
      ],
    },
    layout: 'noBorders',
  };
}

/** A group's name, or when the gate hides it its name with the reason. */
export function groupName(group: GatedGroup, hidden: HiddenText): string {
  return group.suppressed ? hidden(group.name, group.suppressedBecause ?? null) : group.name;
}

/** The reason line under a hidden group's figures; nothing when it shows. */
export function hiddenLine(group: GatedGroup | undefined, hidden: HiddenText): Content[] {
  if (!group?.suppressed) return [];
  return [
    {
      text: groupName(group, hidden),
      alignment: 'center',
      color: PDF_COLORS.grey,
      fontSize: 13,
      margin: [0, 14, 0, 0],
    },
  ];
}

export function averages(
  groups: readonly (GatedGroup & { average?: number | null })[],
  t: Texts,
  hidden: HiddenText,
): Content[] {
  return [
    {
      columns: groups.flatMap((group, index): Column[] => [
        {
          width: 12,
          canvas: [
            {
              type: 'ellipse',
              x: 4,
              y: 7,
              r1: 4,
              r2: 4,
              color: index === 0 ? PDF_COLORS.orange : PDF_COLORS.blue,
            },
          ],
        },
        {
          width: 'auto',
          text: group.suppressed
            ? [{ text: groupName(group, hidden), bold: true }]
            : [
                { text: `${group.name}: `, bold: true },
                { text: t('average', { value: formatIndex(group.average) }) },
              ],
          fontSize: 11,
          margin: [0, 0, 24, 0],
        },
      ]),
      columnGap: 2,
      margin: [0, 0, 0, 6],
    },
  ];
}

export type Top10 = NonNullable<PackageData['report']['mostImportant']>['criteria'];

export function rankList(criteria: Top10, color: string): Content[] {
  return criteria.map((entry) => ({
    columns: [
      {
        width: 32,
        stack: [
          { canvas: [{ type: 'ellipse', x: 16, y: 16, r1: 16, r2: 16, color }] },
          // The place number sits on the dot.
          {
            text: String(entry.rank),
            color: '#ffffff',
            bold: true,
            fontSize: 14,
            alignment: 'center',
            relativePosition: { x: 0, y: -25 },
          },
        ],
      },
      { width: '*', text: entry.criterion.name, fontSize: 15, bold: true, margin: [0, 6, 0, 0] },
    ],
    columnGap: 12,
    margin: [0, 0, 0, 12],
  }));
}

export function shareTable(
  criteria: Top10,
  t: Texts,
  organisation: string | null,
  unitName: string,
): Content {
  const barWidth = organisation ? 170 : 300;
  const bar = (share: number | null | undefined, color: string): Content =>
    share === null || share === undefined
      ? { text: '–', color: PDF_COLORS.grey }
      : {
          columns: [
            {
              width: (barWidth * share) / 100 + 6,
              canvas: [{ type: 'rect', x: 0, y: 3, w: (barWidth * share) / 100, h: 10, color }],
            },
            { width: 'auto', text: formatShare(share), fontSize: 10 },
          ],
        };
  const header: Content[] = [
    { text: t('place'), style: 'th' },
    { text: t('topic'), style: 'th' },
    { text: `${t('picked')}: ${unitName}`, style: 'th' },
    ...(organisation ? [{ text: organisation, style: 'th' } satisfies Content] : []),
  ];
  return {
    table: {
      headerRows: 1,
      widths: organisation ? [36, '*', barWidth + 44, barWidth + 44] : [36, '*', barWidth + 44],
      body: [
        header,
        ...criteria.map((entry) => [
          {
            text: String(entry.rank),
            bold: true,
            color: PDF_COLORS.orange,
            alignment: 'center',
          } satisfies Content,
          { text: entry.criterion.name, fontSize: 11 } satisfies Content,
          bar(entry.share, PDF_COLORS.orange),
          ...(organisation ? [bar(entry.compareShare, PDF_COLORS.blue)] : []),
        ]),
      ],
    },
    layout: {
      hLineWidth: (row) => (row === 1 ? 1 : 0.5),
      vLineWidth: () => 0,
      hLineColor: (row) => (row === 1 ? PDF_COLORS.blue : PDF_COLORS.lightGrey),
      paddingTop: () => 5,
      paddingBottom: () => 4,
    },
    fontSize: 11,
  };
}

/** East Asian wide characters (CJK ideographs, kana, Hangul, full-width forms): one em each. */
const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/**
 * A legend label's width in points at `fontSize`, enough for it on one line: about 0.64 em a
 * character, a full em for a wide one ("60未満" printed as "60未" over "満" at 0.64 em each).
 */
export function legendLabelWidth(label: string, fontSize: number): number {
  let width = 0;
  for (const character of label) width += WIDE.test(character) ? fontSize : (fontSize * 7) / 11;
  return Math.ceil(width) + 4;
}

export function scaleLegend(labels: string[]): Content {
  return {
    columns: [
      { width: '*', text: '' },
      ...labels.flatMap((label, index): Column[] => [
        {
          width: 16,
          canvas: [
            {
              type: 'rect',
              x: 0,
              y: 2,
              w: 12,
              h: 12,
              color: SPREAD_COLORS[index] ?? PDF_COLORS.grey,
            },
          ],
        },
        // A fixed width: pdfmake's auto width wraps "100–90" at its dash.
        { width: legendLabelWidth(label, 11), text: label, fontSize: 11 },
        { width: 14, text: '' },
      ]),
      { width: '*', text: '' },
    ],
    columnGap: 2,
    margin: [0, 8, 0, 0],
  };
}

export function enpsScale(t: Texts): Content[] {
  const cell = 64;
  const colorOf = (score: number) =>
    score <= 6 ? PDF_COLORS.orange : score <= 8 ? PDF_COLORS.grey : PDF_COLORS.blue;
  const scores = Array.from({ length: 11 }, (_, score) => score);
  const left = (CONTENT_WIDTH - 11 * cell) / 2;
  return [
    {
      margin: [left, 50, 0, 0],
      canvas: scores.map((score) => ({
        type: 'rect' as const,
        x: score * cell + 2,
        y: 0,
        w: cell - 4,
        h: 56,
        r: 6,
        color: colorOf(score),
      })),
    },
    {
      margin: [left, -44, 0, 0],
      columns: scores.map((score) => ({
        width: cell,
        text: String(score),
        alignment: 'center',
        color: '#ffffff',
        bold: true,
        fontSize: 22,
      })),
      columnGap: 0,
    },
    {
      margin: [left, 26, 0, 0],
      columns: [
        {
          width: 7 * cell,
          text: t('detractors'),
          alignment: 'center',
          color: PDF_COLORS.orange,
          bold: true,
          fontSize: 16,
        },
        {
          width: 2 * cell,
          text: t('passives'),
          alignment: 'center',
          color: PDF_COLORS.grey,
          bold: true,
          fontSize: 16,
        },
        {
          width: 2 * cell,
          text: t('promoters'),
          alignment: 'center',
          color: PDF_COLORS.blue,
          bold: true,
          fontSize: 16,
        },
      ],
      columnGap: 0,
    },
    {
      text: `eNPS = % ${t('promoters')} − % ${t('detractors')}`,
      alignment: 'center',
      fontSize: 16,
      margin: [0, 40, 0, 0],
      color: PDF_COLORS.text,
    },
  ];
}

export function criteriaColumns(names: string[]): Content {
  const half = Math.ceil(names.length / 2);
  const list = (part: string[], start: number): Column => ({
    width: '*',
    stack: part.map((name, index) => ({
      text: [
        { text: `${start + index + 1}. `, color: PDF_COLORS.orange, bold: true },
        { text: name },
      ],
      fontSize: 11,
      lineHeight: 1,
      margin: [0, 0, 0, 4],
    })),
  });
  return { columns: [list(names.slice(0, half), 0), list(names.slice(half), half)], columnGap: 32 };
}
